import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../src/db/database.ts';
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
