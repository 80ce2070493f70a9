// PostgreSQL through `pg`. Plain queries take any pooled connection; a
// transaction keeps one connection from BEGIN to COMMIT. Several nodes share
// the database, so cross-node mutual exclusion (advisory locks) and change
// notifications (LISTEN/NOTIFY) live here too, each on connections of their
// own so that waiting for a lock can never starve the query pool.
import { hash } from 'node:crypto';
import pg from 'pg';
import type { Row, SqlDriver, SqlExecutor } from './driver.ts';
import { UniqueViolationError } from './driver.ts';
import { inProcessMutex } from './in-process-mutex.ts';
import { deepFreeze } from './kept-reads.ts';
import { renderSql, type Sql } from './sql.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * Distinct parameterised statements given a name, so that each connection
 * parses and plans each once and then only binds it (decision 031). The
 * service writes a few hundred; past this many (a search with ever new word
 * counts, say) the rest go unnamed, so a connection's prepared statements stay
 * bounded.
 */
const MAX_NAMED_STATEMENTS = 1000;

/** PostgreSQL's answer to a prepared `SELECT *` whose table has changed shape since (a newer node's migration). */
const CACHED_PLAN_CHANGED = '0A000';
/** How long to wait before re-establishing a dropped LISTEN connection. */
const LISTEN_RETRY_MS = 1000;

/** Advisory locks held at once by one process, each on its own connection (see exclusive). */
const LOCK_CONNECTIONS = 4;

export type PostgresOptions = {
  /** Connections for queries and transactions. */
  readonly poolSize?: number;
  /** Called with errors that no request is waiting for (a dropped idle or LISTEN connection). */
  readonly onBackgroundError?: (error: Error) => void;
};

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<SqlDriver> {
  const onBackgroundError = options.onBackgroundError ?? (() => undefined);
  const poolSize = options.poolSize ?? 10;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection that dies while idle in the pool emits here; without a handler it would crash the process.
  pool.on('error', onBackgroundError);
  // Advisory locks are held on their own connections; one per key at a time per process (see exclusive).
  const lockPool = new pg.Pool({ connectionString: url, max: LOCK_CONNECTIONS });
  lockPool.on('error', onBackgroundError);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await Promise.all([pool.end(), lockPool.end()]);
    throw new Error(`DATABASE_URL: cannot connect to PostgreSQL (${(error as Error).message})`, { cause: error });
  }

  const translate = (error: unknown): unknown =>
    (error as { code?: string }).code === UNIQUE_VIOLATION
      ? new UniqueViolationError((error as Error).message, { cause: error })
      : error;

  // Plain queries only: a transaction's statements run unnamed, so a failed
  // prepared plan can never abort a transaction; a plain query whose plan a
  // migration outdated is run again under a fresh name.
  const statementNames = new Map<string, string>();
  let renamed = 0;
  /** The statement's name, or undefined for one without parameters (the simple protocol: DDL of several statements) or past the bound. */
  function nameOf(text: string, params: readonly unknown[]): string | undefined {
    if (params.length === 0) return undefined;
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
      name = `mz_${hash('sha256', text, 'hex').slice(0, 24)}`;
      statementNames.set(text, name);
    }
    return name;
  }

  async function query(on: pg.Pool | pg.PoolClient, q: Sql): Promise<pg.QueryResult> {
    const { text, params } = renderSql(q, 'postgres');
    const values = params as unknown[];
    try {
      if (on !== pool) return await on.query(text, values);
      const name = nameOf(text, params);
      try {
        return await pool.query({ name, text, values });
      } catch (error) {
        if (name === undefined || (error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
        renamed += 1;
        const fresh = `${name}_${renamed}`;
        statementNames.set(text, fresh);
        return await pool.query({ name: fresh, text, values });
      }
    } catch (error) {
      throw translate(error);
    }
  }

  const executorOn = (on: () => pg.Pool | pg.PoolClient): SqlExecutor => ({
    dialect: 'postgres',
    async all<T = Row>(q: Sql) {
      return (await query(on(), q)).rows as T[];
    },
    async one<T = Row>(q: Sql) {
      return (await query(on(), q)).rows[0] as T | undefined;
    },
    async run(q: Sql) {
      return { changes: (await query(on(), q)).rowCount ?? 0 };
    },
    // Nothing kept: see SqlExecutor.kept.
    async kept(_label, queries, shape) {
      const rows: Row[][] = [];
      for (const q of queries) rows.push((await query(on(), q)).rows as Row[]);
      // Frozen as SQLite's kept values are, so that a caller behaves alike on both.
      return deepFreeze(shape(rows));
    },
  });

  let closed = false;
  const ensureOpen = () => {
    if (closed) throw new Error('The database is closed.');
  };
  const direct = executorOn(() => {
    ensureOpen();
    return pool;
  });
  const localLocks = inProcessMutex();
  const listeners = new Map<string, Set<() => void>>();
  let listenClient: pg.Client | undefined;
  let listenConnecting = false;
  let listenRetry: NodeJS.Timeout | undefined;

  async function connectListener(): Promise<void> {
    if (closed || listeners.size === 0 || listenConnecting) return;
    listenConnecting = true;
    const client = new pg.Client({ connectionString: url });
    const retry = (error?: Error) => {
      if (error !== undefined) onBackgroundError(error);
      if (listenClient === client) listenClient = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!closed && listenRetry === undefined) {
        listenRetry = setTimeout(() => {
          listenRetry = undefined;
          void connectListener();
        }, LISTEN_RETRY_MS);
        listenRetry.unref();
      }
    };
    client.on('error', retry);
    client.on('end', () => {
      if (!closed && listenClient === client) retry(new Error('LISTEN connection ended'));
    });
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener();
    });
    try {
      await client.connect();
      // Map iteration also visits channels added while an earlier LISTEN is awaited.
      for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listenClient = client;
      // Whatever was published while no connection listened is found by the listeners' own catch-up.
      for (const set of listeners.values()) for (const listener of set) listener();
    } catch (error) {
      retry(error as Error);
    } finally {
      listenConnecting = false;
    }
  }

  return {
    dialect: 'postgres',
    all: (q) => direct.all(q),
    one: (q) => direct.one(q),
    run: (q) => direct.run(q),
    kept: (label, queries, shape) => direct.kept(label, queries, shape),

    async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      ensureOpen();
      const client = await pool.connect();
      let open = true;
      const tx = executorOn(() => {
        if (!open) throw new Error('Transaction already finished.');
        return client;
      });
      let broken: Error | undefined;
      try {
        // Named, not left to the server's default: the conditional updates and the webhook claim rely on each statement seeing what committed before it began.
        await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
        try {
          const result = await work(tx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          try {
            await client.query('ROLLBACK');
          } catch (rollbackError) {
            // The connection is unusable; do not return it to the pool.
            broken = rollbackError as Error;
          }
          throw error;
        }
      } finally {
        open = false;
        client.release(broken);
      }
    },

    exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
      // Within this process callers queue in memory, so at most one lock
      // connection per key waits in PostgreSQL; across processes the advisory
      // lock decides. PostgreSQL releases it if this process dies holding it.
      return localLocks.run(key, async () => {
        ensureOpen();
        const client = await lockPool.connect();
        let broken: Error | undefined;
        try {
          await client.query(`SELECT pg_advisory_lock(${ADVISORY_LOCK_ID})`, [key]);
          try {
            return await work();
          } finally {
            try {
              await client.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_ID})`, [key]);
            } catch (error) {
              // Dropping the connection releases the lock on the server.
              broken = error as Error;
            }
          }
        } finally {
          client.release(broken);
        }
      });
    },

    listen(channel: string, listener: () => void): () => void {
      let set = listeners.get(channel);
      const isNewChannel = set === undefined;
      if (set === undefined) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(listener);
      if (listenClient !== undefined && isNewChannel) {
        listenClient.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch((error: Error) => onBackgroundError(error));
      } else if (listenClient === undefined && listenRetry === undefined && !listenConnecting) {
        void connectListener();
      }
      return () => {
        set.delete(listener);
      };
    },

    connectionUse: () => [
      { pool: 'queries', size: poolSize, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount },
      { pool: 'locks', size: LOCK_CONNECTIONS, inUse: lockPool.totalCount - lockPool.idleCount, waiting: lockPool.waitingCount },
    ],

    async close() {
      if (closed) return;
      closed = true;
      if (listenRetry !== undefined) clearTimeout(listenRetry);
      const client = listenClient;
      listenClient = undefined;
      await Promise.all([pool.end(), lockPool.end(), client?.end().catch(() => undefined)]);
    },
  };
}

/**
 * Advisory locks are keyed by a 64-bit integer and shared by the whole
 * database, so the key is hashed together with the schema: two registries in
 * two schemas of one database (as the tests run) do not block each other.
 */
const ADVISORY_LOCK_ID = `('x' || substr(md5(current_schema() || ':' || $1::text), 1, 16))::bit(64)::bigint`;
