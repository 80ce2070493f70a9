// SQLite through node:sqlite. The driver is synchronous, so one connection
// serves the process; an async mutex keeps every other query out of an open
// transaction (otherwise a query issued while a transaction awaits would run
// inside it). WAL lets the admin CLI read and write while the server runs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { constants, DatabaseSync, type StatementSync } from 'node:sqlite';
import type { Row, SqlDriver, SqlExecutor } from './driver.ts';
import { UniqueViolationError } from './driver.ts';
import { inProcessMutex } from './in-process-mutex.ts';
import { deepFreeze, keptReads, tableVersions } from './kept-reads.ts';
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

  // Each statement prepared once, with the tables it reads and writes as SQLite
  // itself compiles them (its authorizer: a trigger's writes, a view's base
  // tables, however the names are quoted or qualified); a statement doing
  // anything else (DDL, a pragma) writes `*`, every table.
  const statements = new Map<string, { readonly statement: StatementSync; readonly reads: readonly string[]; readonly writes: readonly string[] }>();
  // The authorizer is newer than the first Node 24 releases; the pinned Node has it (package.json). Without it nothing is kept: kept() reads.
  const tablesKnown = typeof db.setAuthorizer === 'function';
  function prepare(text: string) {
    let prepared = statements.get(text);
    if (prepared === undefined) {
      prepared = tablesKnown ? prepareWatched(text) : { statement: db.prepare(text), reads: [], writes: [] };
      statements.set(text, prepared);
    }
    return prepared;
  }
  function prepareWatched(text: string) {
    const reads = new Set<string>();
    const writes = new Set<string>();
    db.setAuthorizer((action, table) => {
      if (action === constants.SQLITE_READ) reads.add(table ?? '*');
      else if (action === constants.SQLITE_INSERT || action === constants.SQLITE_UPDATE || action === constants.SQLITE_DELETE) writes.add(table ?? '*');
      else if (action !== constants.SQLITE_SELECT && action !== constants.SQLITE_FUNCTION && action !== constants.SQLITE_RECURSIVE) writes.add('*');
      return constants.SQLITE_OK;
    });
    try {
      return { statement: db.prepare(text), reads: [...reads], writes: [...writes] };
    } finally {
      db.setAuthorizer(null);
    }
  }
  // This connection's own writes, per table: a kept read is read again once those of its tables move.
  const versions = tableVersions();

  function translate(error: unknown): unknown {
    const errcode = (error as { errcode?: number }).errcode;
    if (errcode === SQLITE_CONSTRAINT_UNIQUE || errcode === SQLITE_CONSTRAINT_PRIMARYKEY) {
      return new UniqueViolationError((error as Error).message, { cause: error });
    }
    return error;
  }

  function execute<T>(query: Sql, mode: 'all' | 'run'): T {
    return executeRendered<T>(renderSql(query, 'sqlite'), mode);
  }

  function executeRendered<T>({ text, params }: { readonly text: string; readonly params: readonly SqlValue[] }, mode: 'all' | 'run'): T {
    let writes: readonly string[] = ['*'];
    try {
      const prepared = prepare(text);
      writes = prepared.writes;
      return (mode === 'all' ? prepared.statement.all(...params) : prepared.statement.run(...params)) as T;
    } catch (error) {
      throw translate(error);
    } finally {
      // Counted whether or not it changed a row, or committed: a read kept meanwhile is only read again.
      for (const table of writes) versions.wrote(table);
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

  // Another process's commits (the admin CLI's): SQLite's data_version moves
  // with each. The pragma costs a few microseconds, more under load than a
  // page it guards saves, so it is read again only once OTHER_WRITERS_MS has
  // passed since it last was.
  const othersVersion = db.prepare('PRAGMA data_version');
  let others = { version: 0, readAtMs: -Infinity };
  const othersNow = () => {
    const nowMs = performance.now();
    if (nowMs - others.readAtMs >= OTHER_WRITERS_MS) others = { version: Number((othersVersion.get() as { data_version: number }).data_version), readAtMs: nowMs };
    return others.version;
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
    // Synchronous from the version to the rows (node:sqlite), so nothing is written in between.
    kept: (label, queries, shape) =>
      outside(async () => {
        const rendered = queries.map((query) => renderSql(query, 'sqlite'));
        const read = () => shape(rendered.map((query) => executeRendered<Row[]>(query, 'all')));
        if (!tablesKnown) return deepFreeze(read());
        const tables: string[] = [];
        for (const { text } of rendered) {
          const prepared = prepare(text);
          if (prepared.writes.length > 0) throw new Error(`kept() takes reads only, not: ${text.slice(0, 60)}`);
          tables.push(...prepared.reads);
        }
        const key = JSON.stringify([label, rendered], (_name, value: unknown) => (typeof value === 'bigint' ? { bigint: String(value) } : value));
        return kept.get(key, `${othersNow()}:${versions.of(tables)}`, read);
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
          kept: (_label, queries, shape) => guard(async () => deepFreeze(shape(queries.map((query) => execute<Row[]>(query, 'all'))))),
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
