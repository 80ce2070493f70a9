// The narrow contract every database driver (SQLite now, PostgreSQL next)
// fulfils. Repositories speak only this; nothing above them sees a driver.
import type { Dialect, Sql } from './sql.ts';

export type Row = Record<string, unknown>;

export interface SqlExecutor {
  readonly dialect: Dialect;
  all<T = Row>(query: Sql): Promise<T[]>;
  one<T = Row>(query: Sql): Promise<T | undefined>;
  /** Runs a statement; `changes` counts the rows it inserted, updated or deleted. */
  run(query: Sql): Promise<{ readonly changes: number }>;
  /**
   * Runs the reads `queries` and gives their rows, in order, to `shape`; what
   * it makes of them (deeply frozen, so no caller can change what the next
   * is given) is answered again from memory for the same `label` (what the
   * shaped value is: one label, one shape) and queries while none
   * of the tables they read has changed (SQLite: this connection's writes at
   * once, another process's commits, the admin CLI's, within
   * OTHER_WRITERS_MS). Inside a transaction, and on PostgreSQL, it always
   * reads: other nodes write to the same database, and a version they all
   * see would cost a round trip, as much as the reads kept here (decision 031).
   */
  kept<T>(label: string, queries: readonly Sql[], shape: (rows: readonly Row[][]) => T): Promise<T>;
}

/** One set of a driver's connections and how much of it is taken, for an operator's metrics. */
export type ConnectionUse = {
  /** `queries` (plain queries and transactions) or `locks` (PostgreSQL's advisory locks). */
  readonly pool: string;
  readonly size: number;
  readonly inUse: number;
  /** Callers waiting for a connection. */
  readonly waiting: number;
};

export interface SqlDriver extends SqlExecutor {
  /**
   * Runs `work` in one transaction that holds write intent from its first
   * statement (SQLite: BEGIN IMMEDIATE; PostgreSQL: READ COMMITTED, each
   * statement seeing what committed before it began, conditional updates
   * taking row locks), committing when it resolves and rolling back when it
   * throws.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other caller holding `key` runs, in this process or
   * in any other process using this database (PostgreSQL: an advisory lock;
   * SQLite: one server owns the file, so an in-process queue).
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /**
   * Calls `listener` whenever a committed transaction notifies `channel`
   * (PostgreSQL LISTEN/NOTIFY), and once more after a dropped listening
   * connection is re-established, since notifications may have been missed
   * meanwhile. SQLite has no notifications and never calls it; callers that
   * must see other processes' writes also poll. Returns the unsubscribe call.
   */
  listen(channel: string, listener: () => void): () => void;
  /** How much of its connections are taken at this moment. */
  connectionUse(): readonly ConnectionUse[];
  close(): Promise<void>;
}

/** A unique constraint refused a write; drivers translate their own error codes into this. */
export class UniqueViolationError extends Error {
  override readonly name = 'UniqueViolationError';
}
