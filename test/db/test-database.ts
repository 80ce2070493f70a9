import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openSqlite } from '../../src/db/sqlite.ts';
import type { SqlDriver } from '../../src/db/driver.ts';

export const now = () => '2025-01-01 00:00:00';

/** A fresh, migrated database in its own folder. */
export async function freshDatabase(): Promise<{ db: Database; driver: SqlDriver; file: string; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-db-'));
  const file = path.join(dir, 'registry.sqlite');
  const driver = openSqlite(file);
  await migrate(driver, now);
  return {
    db: createDatabase(driver),
    driver,
    file,
    async close() {
      await driver.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

