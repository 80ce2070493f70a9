// Chooses the driver from the configured location and brings the schema up to date.
import type { DatabaseLocation } from '../config.ts';
import { createDatabase, type Database } from './database.ts';
import type { SqlDriver } from './driver.ts';
import { migrate } from './migrate.ts';
import { openSqlite } from './sqlite.ts';

export async function openDatabase(location: DatabaseLocation, now: () => string): Promise<Database> {
  const driver = await openDriver(location);
  try {
    await migrate(driver, now);
  } catch (error) {
    await driver.close();
    throw error;
  }
  return createDatabase(driver);
}

async function openDriver(location: DatabaseLocation): Promise<SqlDriver> {
  switch (location.kind) {
    case 'sqlite':
      return openSqlite(location.file);
    case 'postgres':
      // The PostgreSQL driver (issue 3) implements SqlDriver; nothing above this module changes.
      throw new Error('DATABASE_URL: PostgreSQL is not supported by this build yet; unset it to use SQLite in DATA_DIR.');
  }
}
