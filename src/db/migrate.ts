// Applies pending migrations in one transaction, under the database-wide
// migration lock, so several processes starting at once (server and CLI, or
// several nodes) apply each migration exactly once: the others wait for the
// lock, then find nothing to do. (Without the lock, PostgreSQL would let two
// starters race on CREATE TABLE and fail the loser.)
import type { SqlDriver } from './driver.ts';
import { migrations, type Migration } from './migrations/index.ts';
import { sql, trusted } from './sql.ts';

export const MIGRATION_LOCK = 'schema-migrations';

export async function migrate(driver: SqlDriver, now: () => string, list: readonly Migration[] = migrations): Promise<string[]> {
  return driver.exclusive(MIGRATION_LOCK, () => applyPending(driver, now, list));
}

async function applyPending(driver: SqlDriver, now: () => string, list: readonly Migration[]): Promise<string[]> {
  await driver.run(sql`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
  return driver.transaction(async (tx) => {
    const applied = new Set((await tx.all<{ id: string }>(sql`SELECT id FROM schema_migrations`)).map((row) => row.id));
    const done: string[] = [];
    for (const migration of list) {
      if (applied.has(migration.id)) continue;
      for (const statement of migration.up(driver.dialect)) await tx.run(trusted(statement));
      await tx.run(sql`INSERT INTO schema_migrations (id, applied_at) VALUES (${migration.id}, ${now()})`);
      done.push(migration.id);
    }
    return done;
  });
}
