import type { SqlExecutor } from '../driver.ts';
import type { CreditEntry, CreditReason } from '../records.ts';
import { sql } from '../sql.ts';

type EntryRow = {
  id: number | string;
  account_id: number | string;
  delta: number | string;
  reason: CreditReason;
  scroll_id: number | string | null;
  sale_id: number | string | null;
  balance_after: number | string;
  created_at: string;
};

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

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
  async function balanceOf(accountId: number): Promise<number> {
    const row = await db.one<{ balance: number | string }>(
      sql`SELECT balance FROM credit_balances WHERE account_id = ${accountId}`,
    );
    return row === undefined ? 0 : Number(row.balance);
  }

  return {
    balanceOf,

    /** Adds credits; returns the new balance. Call inside a transaction. */
    async grant(accountId: number, amount: number, at: string): Promise<number> {
      const row = await db.one<{ balance: number | string }>(sql`
        INSERT INTO credit_balances (account_id, balance) VALUES (${accountId}, ${amount})
        ON CONFLICT (account_id) DO UPDATE SET balance = credit_balances.balance + ${amount}
        RETURNING balance`);
      const balance = Number(row?.balance);
      await db.run(sql`
        INSERT INTO credit_entries (account_id, delta, reason, balance_after, created_at)
        VALUES (${accountId}, ${amount}, 'grant', ${balance}, ${at})`);
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
      const rows = await db.all<EntryRow>(sql`SELECT * FROM credit_entries WHERE account_id = ${accountId} ORDER BY id`);
      return rows.map((row) => ({
        id: Number(row.id),
        accountId: Number(row.account_id),
        delta: Number(row.delta),
        reason: row.reason,
        scrollId: nullableNumber(row.scroll_id),
        saleId: nullableNumber(row.sale_id),
        balanceAfter: Number(row.balance_after),
        createdAt: row.created_at,
      }));
    },
  };
}
