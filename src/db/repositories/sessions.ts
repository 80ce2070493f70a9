import type { SqlExecutor } from '../driver.ts';
import type { Session } from '../records.ts';
import { sql } from '../sql.ts';

type SessionRow = {
  id: number | string;
  account_id: number | string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
};

function toSession(row: SessionRow): Session {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

export function sessionRepository(db: SqlExecutor) {
  const columns = sql`id, account_id, created_at, last_seen_at, expires_at`;
  return {
    async insert(session: { readonly tokenHash: string; readonly accountId: number; readonly at: string; readonly expiresAt: string }): Promise<Session> {
      const row = await db.one<SessionRow>(sql`
        INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, expires_at)
        VALUES (${session.tokenHash}, ${session.accountId}, ${session.at}, ${session.at}, ${session.expiresAt})
        RETURNING ${columns}`);
      return toSession(row as SessionRow);
    },

    /** The session with this token hash that has not yet expired (absolute expiry; idleness is the caller's rule). */
    async findLive(tokenHash: string, now: string): Promise<Session | undefined> {
      const row = await db.one<SessionRow>(sql`
        SELECT ${columns} FROM sessions WHERE token_hash = ${tokenHash} AND expires_at > ${now}`);
      return row && toSession(row);
    },

    async touch(id: number, at: string): Promise<void> {
      await db.run(sql`UPDATE sessions SET last_seen_at = ${at} WHERE id = ${id} AND last_seen_at < ${at}`);
    },

    async remove(id: number): Promise<void> {
      await db.run(sql`DELETE FROM sessions WHERE id = ${id}`);
    },

    /** Signs the account out everywhere, except the session given (the one that changed the password). */
    async removeForAccount(accountId: number, exceptId: number | null = null): Promise<number> {
      const result = await db.run(
        exceptId === null
          ? sql`DELETE FROM sessions WHERE account_id = ${accountId}`
          : sql`DELETE FROM sessions WHERE account_id = ${accountId} AND id <> ${exceptId}`,
      );
      return result.changes;
    },

    /** Expired sessions are only clutter (they can no longer sign anyone in); removed as new ones start. */
    async removeExpired(now: string): Promise<number> {
      return (await db.run(sql`DELETE FROM sessions WHERE expires_at <= ${now}`)).changes;
    },
  };
}
