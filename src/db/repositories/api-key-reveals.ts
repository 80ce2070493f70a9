import type { SqlExecutor } from '../driver.ts';
import { sql } from '../sql.ts';

type Row = { api_key_public_id: string; sealed: Uint8Array };

/** New API keys waiting for the one page view that shows them (see domain/reveal-api-key.ts). */
export function apiKeyRevealRepository(db: SqlExecutor) {
  return {
    async insert(reveal: { readonly id: string; readonly sessionId: number; readonly apiKeyPublicId: string; readonly sealed: Uint8Array; readonly expiresAt: string }): Promise<void> {
      await db.run(sql`
        INSERT INTO api_key_reveals (id, session_id, api_key_public_id, sealed, expires_at)
        VALUES (${reveal.id}, ${reveal.sessionId}, ${reveal.apiKeyPublicId}, ${reveal.sealed}, ${reveal.expiresAt})`);
    },

    /** Removes and returns the reveal if it is this session's and live: one statement, so two views cannot both take it. */
    async take(id: string, sessionId: number, now: string): Promise<{ readonly apiKeyPublicId: string; readonly sealed: Uint8Array } | undefined> {
      const row = await db.one<Row>(sql`
        DELETE FROM api_key_reveals WHERE id = ${id} AND session_id = ${sessionId} AND expires_at > ${now}
        RETURNING api_key_public_id, sealed`);
      return row && { apiKeyPublicId: row.api_key_public_id, sealed: new Uint8Array(row.sealed) };
    },

    async removeExpired(now: string): Promise<void> {
      await db.run(sql`DELETE FROM api_key_reveals WHERE expires_at <= ${now}`);
    },
  };
}
