import type { SqlExecutor } from '../driver.ts';
import type { Invitation } from '../records.ts';
import { sql } from '../sql.ts';

type InvitationRow = {
  id: number | string;
  account_id: number | string;
  created_by_id: number | string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    createdById: row.created_by_id === null ? null : Number(row.created_by_id),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}

export function invitationRepository(db: SqlExecutor) {
  const columns = sql`id, account_id, created_by_id, created_at, expires_at, used_at`;
  return {
    async insert(invitation: {
      readonly tokenHash: string;
      readonly accountId: number;
      readonly createdById: number | null;
      readonly at: string;
      readonly expiresAt: string;
    }): Promise<Invitation> {
      const row = await db.one<InvitationRow>(sql`
        INSERT INTO invitations (token_hash, account_id, created_by_id, created_at, expires_at)
        VALUES (${invitation.tokenHash}, ${invitation.accountId}, ${invitation.createdById}, ${invitation.at}, ${invitation.expiresAt})
        RETURNING ${columns}`);
      return toInvitation(row as InvitationRow);
    },

    /** The unused, unexpired invitation with this token hash. */
    async findUsable(tokenHash: string, now: string): Promise<Invitation | undefined> {
      const row = await db.one<InvitationRow>(sql`
        SELECT ${columns} FROM invitations WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}`);
      return row && toInvitation(row);
    },

    /** Uses the invitation once: of two concurrent acceptances, one gets true. */
    async markUsed(id: number, at: string): Promise<boolean> {
      return (await db.run(sql`UPDATE invitations SET used_at = ${at} WHERE id = ${id} AND used_at IS NULL`)).changes === 1;
    },

    /** A new invitation replaces the account's earlier unused ones, so only the latest link works. */
    async withdrawUnused(accountId: number, at: string): Promise<void> {
      await db.run(sql`UPDATE invitations SET used_at = ${at} WHERE account_id = ${accountId} AND used_at IS NULL`);
    },
  };
}
