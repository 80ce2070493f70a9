import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { createDatabase, type Database } from '../../src/db/database.ts';
import type { Account } from '../../src/db/records.ts';
import type { SqlDriver } from '../../src/db/driver.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openDriver } from '../../src/db/open-database.ts';
import { freshDatabaseLocation } from '../support/test-databases.ts';

export const now = () => '2025-01-01 00:00:00';

/** A fresh, empty database of the kind under test (TEST_DATABASE), not yet migrated (migration tests), dropped by close(). */
export async function freshDriver(): Promise<{ driver: SqlDriver; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-db-'));
  const fresh = await freshDatabaseLocation(dir);
  const driver = await openDriver(fresh.location);
  return {
    driver,
    async close() {
      await driver.close();
      await fresh.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated database of the kind under test (TEST_DATABASE), dropped by close(). */
export async function freshDatabase(): Promise<{ db: Database; driver: SqlDriver; close(): Promise<void> }> {
  const { driver, close } = await freshDriver();
  await migrate(driver, now);
  return { db: createDatabase(driver), driver, close };
}

/** A store account with nothing else to it, for repository tests that need one to own rows. */
function aStore(db: Database): Promise<Account> {
  return db.accounts.create({
    uuid: 'a1', role: 'store', username: 'shop', email: 'shop@example.test', confirmed: false, megiahType: null,
    company: null, country: '', state: '', city: '', lat: null, lng: null, avatarKey: null, diplomaKey: null,
    createdAt: '2025-01-01 00:00:00',
  });
}

/** A fresh, migrated database with a store account in it for the tests of the file that calls this: set up before them, dropped after. */
export function storeDatabase(): { readonly ctx: Awaited<ReturnType<typeof freshDatabase>>; readonly account: Account } {
  const fixture = {} as { ctx: Awaited<ReturnType<typeof freshDatabase>>; account: Account };
  before(async () => {
    fixture.ctx = await freshDatabase();
    fixture.account = await aStore(fixture.ctx.db);
  });
  after(() => fixture.ctx.close());
  return fixture;
}
