// SQLite through node:sqlite. The driver is synchronous, so one connection
// serves the process; an async mutex keeps every other query out of an open
// transaction (otherwise a query issued while a transaction awaits would run
// inside it). WAL lets the admin CLI read and write while the server runs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { Row, SqlDriver, SqlExecutor } from './driver.ts';
import { UniqueViolationError } from './driver.ts';
import { inProcessMutex } from './in-process-mutex.ts';
import { keptReads } from './kept-reads.ts';
import { renderSql, type Sql, type SqlValue } from './sql.ts';

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
/**
 * A read kept in memory (SqlExecutor.kept) shows another process's commit (the
 * admin CLI's) at most this late: sooner than a person turns from the CLI to
 * a page, rarely enough that the check costs nothing (decision 031).
 */
export const OTHER_WRITERS_MS = 100;
/** How long a write waits for another process (the CLI) to release the file. */
const BUSY_TIMEOUT_MS = 5000;

export function openSqlite(file: string): SqlDriver {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');

  const statements = new Map<string, StatementSync>();
  function prepare(text: string): StatementSync {
    let statement = statements.get(text);
    if (statement === undefined) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  }

  function translate(error: unknown): unknown {
    const errcode = (error as { errcode?: number }).errcode;
    if (errcode === SQLITE_CONSTRAINT_UNIQUE || errcode === SQLITE_CONSTRAINT_PRIMARYKEY) {
      return new UniqueViolationError((error as Error).message, { cause: error });
    }
    return error;
  }

  function execute<T>(query: Sql, mode: 'all' | 'run'): T {
    const { text, params } = renderSql(query, 'sqlite');
    try {
      const statement = prepare(text);
      return (mode === 'all' ? statement.all(...(params as SqlValue[])) : statement.run(...(params as SqlValue[]))) as T;
    } catch (error) {
      throw translate(error);
    }
  }

  const direct: Omit<SqlExecutor, 'kept'> = {
    dialect: 'sqlite',
    async all<T = Row>(query: Sql) {
      return execute<T[]>(query, 'all');
    },
    async one<T = Row>(query: Sql) {
      return execute<T[]>(query, 'all')[0];
    },
    async run(query: Sql) {
      const result = execute<{ changes: number | bigint }>(query, 'run');
      return { changes: Number(result.changes) };
    },
  };

  // The data's version: this connection's own changes, each row it inserts,
  // updates or deletes (total_changes; a rolled-back change too, so a read then
  // is read again), and SQLite's data_version, which moves when another
  // connection commits (the admin CLI, another process). The first costs a
  // fraction of a microsecond; the second a few, and more under load than the
  // page it guards saves, so it is read again only once OTHER_WRITERS_MS has
  // passed since it last was.
  const ownChanges = db.prepare('SELECT total_changes() AS own');
  const othersVersion = db.prepare('PRAGMA data_version');
  let others = { version: 0, readAtMs: -Infinity };
  const dataVersion = () => {
    const nowMs = performance.now();
    if (nowMs - others.readAtMs >= OTHER_WRITERS_MS) others = { version: Number((othersVersion.get() as { data_version: number }).data_version), readAtMs: nowMs };
    return `${others.version}:${(ownChanges.get() as { own: number }).own}`;
  };
  const kept = keptReads();

  // Transactions queue behind each other; plain queries wait for the open one.
  let tail: Promise<unknown> = Promise.resolve();
  let inTransaction = false;
  let closed = false;
  /** Queries and transactions queued behind an open transaction. */
  let waiting = 0;
  const locks = inProcessMutex();

  function afterTail<T>(work: () => Promise<T>): Promise<T> {
    waiting += 1;
    const begin = () => {
      waiting -= 1;
      return work();
    };
    const run = tail.then(begin, begin);
    tail = run.catch(() => undefined);
    return run;
  }

  async function outside<T>(work: () => Promise<T>): Promise<T> {
    if (closed) throw new Error('The database is closed.');
    if (!inTransaction) return work();
    return afterTail(work);
  }

  return {
    dialect: 'sqlite',
    all: (query) => outside(() => direct.all(query)),
    one: (query) => outside(() => direct.one(query)),
    run: (query) => outside(() => direct.run(query)),
    // After any open transaction, as every plain query; the version first, so what is kept is never older than it
    // (another process's commit: never older than it was OTHER_WRITERS_MS before).
    kept: (key, read) =>
      outside(() => {
        return kept.get(key, dataVersion(), read);
      }),
    transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('The database is closed.'));
      const start = async (): Promise<T> => {
        inTransaction = true;
        let open = true;
        const guard = <R>(fn: () => Promise<R>): Promise<R> => {
          if (!open) return Promise.reject(new Error('Transaction already finished.'));
          return fn();
        };
        const tx: SqlExecutor = {
          dialect: 'sqlite',
          all: (query) => guard(() => direct.all(query)),
          one: (query) => guard(() => direct.one(query)),
          run: (query) => guard(() => direct.run(query)),
          // What a transaction reads may not have committed: never kept.
          kept: (_key, read) => guard(read),
        };
        try {
          db.exec('BEGIN IMMEDIATE');
          try {
            const result = await work(tx);
            db.exec('COMMIT');
            return result;
          } catch (error) {
            if (db.isTransaction) db.exec('ROLLBACK');
            throw error;
          }
        } finally {
          open = false;
          inTransaction = false;
        }
      };
      return afterTail(start);
    },
    exclusive: (key, work) => locks.run(key, work),
    listen: () => () => undefined,
    // One connection; a statement runs synchronously, so between two it is taken only by an open transaction.
    connectionUse: () => [{ pool: 'queries', size: 1, inUse: inTransaction ? 1 : 0, waiting }],
    async close() {
      if (closed) return;
      await tail;
      closed = true;
      db.close();
    },
  };
}
