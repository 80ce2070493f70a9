import type { SqlExecutor } from '../driver.ts';
import type { BatchCursor, CreditEntry, CreditReason, Page, PageRequest } from '../records.ts';
import { sql } from '../sql.ts';

type EntryRow = {
  id: number | string;
  account_id: number | string;
  delta: number | string;
  reason: CreditReason;
  scroll_id: number | string | null;
  sale_id: number | string | null;
  balance_after: number | string;
  note: string;
  granted_by_id: number | string | null;
  created_at: string;
  scroll_uuid: string | null;
};

function toEntry(row: EntryRow): CreditEntry {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    delta: Number(row.delta),
    reason: row.reason,
    scrollId: nullableNumber(row.scroll_id),
    saleId: nullableNumber(row.sale_id),
    balanceAfter: Number(row.balance_after),
    note: row.note,
    grantedById: nullableNumber(row.granted_by_id),
    createdAt: row.created_at,
    scrollUuid: row.scroll_uuid,
  };
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** Entries with the uuid of the scroll a consumption paid for, so a ledger can name it. */
const selectEntries = sql`SELECT e.*, s.uuid AS scroll_uuid FROM credit_entries e LEFT JOIN scrolls s ON s.id = e.scroll_id`;

export type Consumption = {
  readonly accountId: number;
  readonly reason: Exclude<CreditReason, 'grant'>;
  readonly scrollId: number | null;
  readonly saleId: number | null;
  readonly at: string;
};

/**
 * The balance row and the append-only ledger change together, inside the
 * caller's transaction. Consumption is one conditional UPDATE: it takes the
 * row's write lock (PostgreSQL) under the database-wide write lock (SQLite
 * BEGIN IMMEDIATE) and succeeds only while the balance is at least one, so
 * concurrent consumers can never overdraw.
 */
export function creditRepository(db: SqlExecutor) {
  function balanceOf(accountId: number): Promise<number> {
    // A point of sale polls its balance: kept while the balances are unchanged (SqlExecutor.kept).
    return db.kept('credits.balanceOf', [sql`SELECT balance FROM credit_balances WHERE account_id = ${accountId}`], ([rows]) =>
      rows.length === 0 ? 0 : Number(rows[0].balance),
    );
  }

  return {
    balanceOf,

    /** Adds credits; returns the new balance. Call inside a transaction. */
    async grant(
      accountId: number,
      amount: number,
      at: string,
      why: { readonly note?: string; readonly grantedById?: number | null } = {},
    ): Promise<number> {
      const row = await db.one<{ balance: number | string }>(sql`
        INSERT INTO credit_balances (account_id, balance) VALUES (${accountId}, ${amount})
        ON CONFLICT (account_id) DO UPDATE SET balance = credit_balances.balance + ${amount}
        RETURNING balance`);
      const balance = Number(row?.balance);
      await db.run(sql`
        INSERT INTO credit_entries (account_id, delta, reason, balance_after, note, granted_by_id, created_at)
        VALUES (${accountId}, ${amount}, 'grant', ${balance}, ${why.note ?? ''}, ${why.grantedById ?? null}, ${at})`);
      return balance;
    },

    /** Consumes one credit; returns the new balance, or null (and changes nothing) when none is left. */
    async consumeOne(consumption: Consumption): Promise<number | null> {
      const row = await db.one<{ balance: number | string }>(sql`
        UPDATE credit_balances SET balance = balance - 1
        WHERE account_id = ${consumption.accountId} AND balance >= 1
        RETURNING balance`);
      if (row === undefined) return null;
      const balance = Number(row.balance);
      await db.run(sql`
        INSERT INTO credit_entries (account_id, delta, reason, scroll_id, sale_id, balance_after, created_at)
        VALUES (${consumption.accountId}, -1, ${consumption.reason}, ${consumption.scrollId}, ${consumption.saleId},
          ${balance}, ${consumption.at})`);
      return balance;
    },

    async entries(accountId: number): Promise<CreditEntry[]> {
      const rows = await db.all<EntryRow>(sql`${selectEntries} WHERE e.account_id = ${accountId} ORDER BY e.id`);
      return rows.map(toEntry);
    },

    /** One page of the account's ledger, newest first. */
    async listEntries(accountId: number, page: PageRequest): Promise<Page<CreditEntry>> {
      const count = await db.one<{ total: number | string }>(
        sql`SELECT COUNT(*) AS total FROM credit_entries WHERE account_id = ${accountId}`,
      );
      const rows = await db.all<EntryRow>(sql`
        ${selectEntries} WHERE e.account_id = ${accountId}
        ORDER BY e.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
      return { total: Number(count?.total ?? 0), items: rows.map(toEntry) };
    },

    /** The ledger in batches for an export, newest first, by a cursor on the id (see scrolls.listOwnedBatch). */
    async listEntriesBatch(accountId: number, cursor: BatchCursor): Promise<CreditEntry[]> {
      const before = cursor.beforeId === null ? sql`` : sql` AND e.id < ${cursor.beforeId}`;
      const rows = await db.all<EntryRow>(sql`
        ${selectEntries} WHERE e.account_id = ${accountId}${before}
        ORDER BY e.id DESC LIMIT ${cursor.limit}`);
      return rows.map(toEntry);
    },
  };
}
