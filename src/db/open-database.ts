// Chooses the driver from the configured location and brings the schema up to date.
import type { DatabaseLocation } from '../config.ts';
import { createDatabase, type Database } from './database.ts';
import type { SqlDriver } from './driver.ts';
import { migrate } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { openSqlite } from './sqlite.ts';

export type OpenOptions = {
  /** PostgreSQL connections for queries and transactions (DATABASE_POOL_SIZE). */
  readonly poolSize?: number;
  /** Errors no request waits for, such as a dropped idle connection; they are logged, not thrown. */
  readonly onBackgroundError?: (error: Error) => void;
};

export async function openDatabase(location: DatabaseLocation, now: () => string, options: OpenOptions = {}): Promise<Database> {
  const driver = await openDriver(location, options);
  try {
    await migrate(driver, now);
  } catch (error) {
    await driver.close();
    throw error;
  }
  return createDatabase(driver);
}

export function openDriver(location: DatabaseLocation, options: OpenOptions = {}): Promise<SqlDriver> {
  switch (location.kind) {
    case 'sqlite':
      return Promise.resolve(openSqlite(location.file));
    case 'postgres':
      return openPostgres(location.url, options);
  }
}
