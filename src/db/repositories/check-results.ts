import type { SqlExecutor } from '../driver.ts';
import { sql } from '../sql.ts';

export type CheckResultOutcome = 'found' | 'no_match';

export type StoredCheckResult = {
  readonly id: string;
  readonly outcome: CheckResultOutcome;
  readonly scrollId: number | null;
  readonly checkedAt: string;
  readonly expiresAt: string;
};

type Row = { id: string; outcome: string; scroll_id: number | string | null; checked_at: string; expires_at: string };

function toResult(row: Row): StoredCheckResult {
  return {
    id: row.id,
    outcome: row.outcome === 'found' ? 'found' : 'no_match',
    scrollId: row.scroll_id === null ? null : Number(row.scroll_id),
    checkedAt: row.checked_at,
    expiresAt: row.expires_at,
  };
}

/** Public check answers kept for the links buyers share (see domain/share-check-result.ts). */
export function checkResultRepository(db: SqlExecutor) {
  return {
    async insert(result: StoredCheckResult): Promise<void> {
      await db.run(sql`
        INSERT INTO check_results (id, outcome, scroll_id, checked_at, expires_at)
        VALUES (${result.id}, ${result.outcome}, ${result.scrollId}, ${result.checkedAt}, ${result.expiresAt})`);
    },

    async findLive(id: string, now: string): Promise<StoredCheckResult | undefined> {
      const row = await db.one<Row>(sql`
        SELECT id, outcome, scroll_id, checked_at, expires_at FROM check_results WHERE id = ${id} AND expires_at > ${now}`);
      return row && toResult(row);
    },

    async removeExpired(now: string): Promise<void> {
      await db.run(sql`DELETE FROM check_results WHERE expires_at <= ${now}`);
    },
  };
}
