import type { SqlExecutor } from '../driver.ts';
import type { ScrollTextCheck, StoredTextFinding, TextCheckClaim, TextReadCounts, TextVerdict } from '../records.ts';
import { sql } from '../sql.ts';

type Row = {
  scroll_id: number | string;
  state: string;
  checked_at: string | null;
  verdict: string | null;
  findings: string | null;
  read_counts: string | null;
  failure: string | null;
};

function toCheck(row: Row): ScrollTextCheck {
  const scrollId = Number(row.scroll_id);
  switch (row.state) {
    case 'pending':
      return { scrollId, state: 'pending' };
    case 'done':
      return {
        scrollId,
        state: 'done',
        checkedAt: row.checked_at!,
        verdict: row.verdict as TextVerdict,
        findings: JSON.parse(row.findings!) as StoredTextFinding[],
        read: JSON.parse(row.read_counts!) as TextReadCounts,
      };
    case 'failed':
      return { scrollId, state: 'failed', checkedAt: row.checked_at!, failure: row.failure! };
    default:
      throw new Error(`Unknown text check state ${row.state} for scroll ${scrollId}.`);
  }
}

/**
 * Each scroll's text check. Runners on every node claim pending checks; each
 * step is one statement whose condition settles races between nodes, and a
 * claim's later steps are fenced by its `claimed_at` and `attempts`, so a node
 * whose claim was overtaken (it stalled past the lease) writes nothing.
 */
export function scrollTextCheckRepository(db: SqlExecutor) {
  /** `WHERE` for the claim that `claim` names, still pending. */
  const held = (claim: TextCheckClaim) =>
    sql`scroll_id = ${claim.scrollId} AND state = 'pending' AND claimed_at = ${claim.claimedAt} AND attempts = ${claim.attempt}`;

  return {
    async insertPending(scrollId: number, at: string): Promise<void> {
      await db.run(sql`INSERT INTO scroll_text_checks (scroll_id, state, attempts, created_at) VALUES (${scrollId}, 'pending', 0, ${at})`);
    },

    async find(scrollId: number): Promise<ScrollTextCheck | undefined> {
      const row = await db.one<Row>(sql`
        SELECT scroll_id, state, checked_at, verdict, findings, read_counts, failure FROM scroll_text_checks WHERE scroll_id = ${scrollId}`);
      return row && toCheck(row);
    },

    /** The checks of several scrolls at once (a page of a list), by scroll id. */
    async findMany(scrollIds: readonly number[]): Promise<Map<number, ScrollTextCheck>> {
      if (scrollIds.length === 0) return new Map();
      const ids = scrollIds.map((id) => sql`${id}`).reduce((list, next) => sql`${list}, ${next}`);
      const rows = await db.all<Row>(sql`
        SELECT scroll_id, state, checked_at, verdict, findings, read_counts, failure FROM scroll_text_checks WHERE scroll_id IN (${ids})`);
      return new Map(rows.map((row) => [Number(row.scroll_id), toCheck(row)]));
    },

    /**
     * Claims the newest pending check that no one holds (never claimed, given
     * back, or claimed before `abandonedBefore`: its node died) and has been
     * claimed fewer than `maxAttempts` times. On PostgreSQL the row is locked
     * as it is chosen and rows another node is claiming are skipped, so two
     * nodes never claim one check; SQLite runs the statement alone.
     */
    async claimNext(input: { readonly at: string; readonly abandonedBefore: string; readonly maxAttempts: number }): Promise<TextCheckClaim | undefined> {
      const skipLocked = db.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      const claimable = sql`state = 'pending' AND attempts < ${input.maxAttempts} AND (claimed_at IS NULL OR claimed_at < ${input.abandonedBefore})`;
      const claimed = await db.one<{ scroll_id: number | string; attempts: number | string }>(sql`
        UPDATE scroll_text_checks SET claimed_at = ${input.at}, attempts = attempts + 1
        WHERE scroll_id = (SELECT scroll_id FROM scroll_text_checks WHERE ${claimable} ORDER BY scroll_id DESC LIMIT 1 ${skipLocked})
          AND ${claimable}
        RETURNING scroll_id, attempts`);
      if (claimed === undefined) return undefined;
      const scroll = await db.one<{ photo_key: string }>(sql`SELECT photo_key FROM scrolls WHERE id = ${claimed.scroll_id}`);
      if (scroll === undefined) throw new Error(`Text check of scroll ${claimed.scroll_id}, which does not exist.`);
      return { scrollId: Number(claimed.scroll_id), photoKey: scroll.photo_key, claimedAt: input.at, attempt: Number(claimed.attempts) };
    },

    /** Keeps the check's result; false when the claim is no longer held (another node took it over). */
    async complete(
      claim: TextCheckClaim,
      result: { readonly verdict: TextVerdict; readonly findings: readonly StoredTextFinding[]; readonly read: TextReadCounts },
      at: string,
    ): Promise<boolean> {
      const stored = await db.run(sql`
        UPDATE scroll_text_checks
        SET state = 'done', checked_at = ${at}, verdict = ${result.verdict}, findings = ${JSON.stringify(result.findings)},
          read_counts = ${JSON.stringify(result.read)}, claimed_at = NULL
        WHERE ${held(claim)}`);
      return stored.changes === 1;
    },

    /** Gives the check up, saying why; false when the claim is no longer held. */
    async fail(claim: TextCheckClaim, failure: string, at: string): Promise<boolean> {
      const stored = await db.run(sql`
        UPDATE scroll_text_checks SET state = 'failed', checked_at = ${at}, failure = ${failure}, claimed_at = NULL WHERE ${held(claim)}`);
      return stored.changes === 1;
    },

    /** Hands the check back unrun, its attempt not counted (the engine was busy): the next claim takes it. */
    async giveBack(claim: TextCheckClaim): Promise<void> {
      await db.run(sql`UPDATE scroll_text_checks SET claimed_at = NULL, attempts = attempts - 1 WHERE ${held(claim)}`);
    },

    /** Gives up, saying why, every check claimed `maxAttempts` times whose last claim has lapsed; how many. */
    async failExhausted(input: { readonly maxAttempts: number; readonly abandonedBefore: string; readonly failure: string; readonly at: string }): Promise<number> {
      const given = await db.run(sql`
        UPDATE scroll_text_checks SET state = 'failed', checked_at = ${input.at}, failure = ${input.failure}, claimed_at = NULL
        WHERE state = 'pending' AND attempts >= ${input.maxAttempts} AND (claimed_at IS NULL OR claimed_at < ${input.abandonedBefore})`);
      return given.changes;
    },
  };
}
