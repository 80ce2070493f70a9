// Which database the repository and API suites run on, and a fresh, empty one
// per test file (or per app): an SQLite file in a temporary folder, or a new
// PostgreSQL schema that is dropped afterwards. `npm test` runs those suites
// on SQLite, then again with TEST_DATABASE=postgres (test/run-on-postgres.ts).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseLocation } from '../../src/config.ts';

export type TestDatabaseKind = 'sqlite' | 'postgres';

function kindFromEnv(raw: string | undefined): TestDatabaseKind {
  if (raw === undefined || raw === '' || raw === 'sqlite') return 'sqlite';
  if (raw === 'postgres') return 'postgres';
  throw new Error(`TEST_DATABASE must be sqlite or postgres, got "${raw}"`);
}

export const testDatabaseKind: TestDatabaseKind = kindFromEnv(process.env.TEST_DATABASE);

/** The server the PostgreSQL runs use; each run works in a schema of its own inside it. */
export const postgresTestUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Null when PostgreSQL answers at `url`, else why not. */
export async function postgresUnreachableReason(url = postgresTestUrl): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `no PostgreSQL at ${redact(url)} (${(error as Error).message || (error as Error).name})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * For tests that need PostgreSQL: null when it answers, else the one-line skip
 * reason. In CI (CI set) an unreachable PostgreSQL is a failure, not a skip.
 */
export async function postgresSkipReason(url = postgresTestUrl): Promise<string | null> {
  const reason = await postgresUnreachableReason(url);
  if (reason !== null && process.env.CI) throw new Error(`CI is set but ${reason}; these tests must run in CI.`);
  return reason === null ? null : `skipped: ${reason} (set TEST_POSTGRES_URL)`;
}

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}

/** The same server and database, with every connection working in `schema`. */
export function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

export type FreshDatabaseLocation = { readonly location: DatabaseLocation; drop(): Promise<void> };

/** One statement on the test server as its administrator (CREATE/DROP SCHEMA or DATABASE), on a connection of its own. */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresTestUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database of the kind under test: an SQLite file in `folder`, or a fresh PostgreSQL schema. */
export async function freshDatabaseLocation(folder: string): Promise<FreshDatabaseLocation> {
  if (testDatabaseKind === 'sqlite') {
    // The folder's owner removes it, file and all.
    return { location: { kind: 'sqlite', file: path.join(folder, 'registry.sqlite') }, drop: async () => undefined };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE SCHEMA ${schema}`);
  return {
    location: { kind: 'postgres', url: urlWithSchema(postgresTestUrl, schema) },
    drop: () => adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}
