import type { SqlExecutor } from '../driver.ts';
import { sql } from '../sql.ts';

/** A stored answer, replayed byte for byte. */
export type StoredAnswer = { readonly statusCode: number; readonly headers: Readonly<Record<string, string>>; readonly body: Uint8Array };

/** What claiming a (caller, token) found. */
export type Claim =
  | { readonly kind: 'claimed' }
  | { readonly kind: 'running' }
  | { readonly kind: 'other_request' }
  | { readonly kind: 'answered'; readonly answer: StoredAnswer };

type Row = {
  request_hash: string;
  state: string;
  status_code: number | string | null;
  headers: string | null;
  body: Uint8Array | null;
  created_at: string;
  claimed_at: string;
};

/**
 * Each step is one statement whose condition settles races between nodes: of
 * two requests claiming one token at once, one inserts or takes over and the
 * other finds it running.
 */
export function idempotentRequestRepository(db: SqlExecutor) {
  /**
   * Claims the token for a request, or says why not. A record created
   * before `expiredBefore` is forgotten (the token starts afresh); one still
   * running since before `abandonedBefore` was left by a node that stopped,
   * and is taken over.
   */
  async function claim(input: {
    readonly caller: string;
    readonly token: string;
    readonly requestHash: string;
    readonly at: string;
    readonly expiredBefore: string;
    readonly abandonedBefore: string;
  }): Promise<Claim> {
    const { caller, token, requestHash, at } = input;
    const inserted = await db.run(sql`
      INSERT INTO idempotent_requests (caller, token, request_hash, state, created_at, claimed_at)
      VALUES (${caller}, ${token}, ${requestHash}, 'running', ${at}, ${at})
      ON CONFLICT (caller, token) DO NOTHING`);
    if (inserted.changes === 1) return { kind: 'claimed' };
    const row = await db.one<Row>(sql`
      SELECT request_hash, state, status_code, headers, body, created_at, claimed_at
      FROM idempotent_requests WHERE caller = ${caller} AND token = ${token}`);
    // Removed in between (released after a failure, or swept): claim it afresh.
    if (row === undefined) return claim(input);
    if (row.created_at < input.expiredBefore) {
      const renewed = await db.run(sql`
        UPDATE idempotent_requests
        SET request_hash = ${requestHash}, state = 'running', status_code = NULL, headers = NULL, body = NULL, created_at = ${at}, claimed_at = ${at}
        WHERE caller = ${caller} AND token = ${token} AND created_at = ${row.created_at}`);
      return renewed.changes === 1 ? { kind: 'claimed' } : claim(input);
    }
    if (row.request_hash !== requestHash) return { kind: 'other_request' };
    if (row.state === 'done') {
      const headers = JSON.parse(row.headers ?? '{}') as Record<string, string>;
      return { kind: 'answered', answer: { statusCode: Number(row.status_code), headers, body: row.body ?? new Uint8Array() } };
    }
    if (row.claimed_at < input.abandonedBefore) {
      const taken = await db.run(sql`
        UPDATE idempotent_requests SET claimed_at = ${at}
        WHERE caller = ${caller} AND token = ${token} AND state = 'running' AND claimed_at = ${row.claimed_at}`);
      if (taken.changes === 1) return { kind: 'claimed' };
    }
    return { kind: 'running' };
  }

  return {
    claim,

    /** Keeps the answer of the request that holds the claim made at `claimedAt` (not of one that took it over since). */
    async complete(caller: string, token: string, claimedAt: string, answer: StoredAnswer): Promise<void> {
      await db.run(sql`
        UPDATE idempotent_requests SET state = 'done', status_code = ${answer.statusCode}, headers = ${JSON.stringify(answer.headers)}, body = ${answer.body}
        WHERE caller = ${caller} AND token = ${token} AND state = 'running' AND claimed_at = ${claimedAt}`);
    },

    /** Gives the token back unanswered (the request failed on our side): a retry runs anew. */
    async release(caller: string, token: string, claimedAt: string): Promise<void> {
      await db.run(sql`DELETE FROM idempotent_requests WHERE caller = ${caller} AND token = ${token} AND state = 'running' AND claimed_at = ${claimedAt}`);
    },

    async removeExpired(before: string): Promise<number> {
      return (await db.run(sql`DELETE FROM idempotent_requests WHERE created_at < ${before}`)).changes;
    },
  };
}
