import type { SqlExecutor } from '../driver.ts';
import type { ApiKey } from '../records.ts';
import { sql } from '../sql.ts';

type ApiKeyRow = {
  id: number | string;
  public_id: string;
  account_id: number | string;
  label: string;
  display_prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
};

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    accountId: Number(row.account_id),
    label: row.label,
    displayPrefix: row.display_prefix,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

export function apiKeyRepository(db: SqlExecutor) {
  const columns = sql`id, public_id, account_id, label, display_prefix, created_at, revoked_at, last_used_at`;
  return {
    async create(key: {
      readonly publicId: string;
      readonly accountId: number;
      readonly label: string;
      readonly keyHash: string;
      readonly displayPrefix: string;
      readonly createdAt: string;
    }): Promise<ApiKey> {
      const row = await db.one<ApiKeyRow>(sql`
        INSERT INTO api_keys (public_id, account_id, label, key_hash, display_prefix, created_at)
        VALUES (${key.publicId}, ${key.accountId}, ${key.label}, ${key.keyHash}, ${key.displayPrefix}, ${key.createdAt})
        RETURNING ${columns}`);
      return toApiKey(row as ApiKeyRow);
    },

    /** The unrevoked key with this hash. */
    async findActiveByHash(keyHash: string): Promise<ApiKey | undefined> {
      const row = await db.one<ApiKeyRow>(sql`
        SELECT ${columns} FROM api_keys WHERE key_hash = ${keyHash} AND revoked_at IS NULL`);
      return row && toApiKey(row);
    },

    async findByPublicId(publicId: string): Promise<ApiKey | undefined> {
      const row = await db.one<ApiKeyRow>(sql`
        SELECT ${columns} FROM api_keys WHERE public_id = ${publicId}`);
      return row && toApiKey(row);
    },

    /** The account's keys, newest first, revoked ones included (the holder sees when each was revoked). */
    async listByAccount(accountId: number): Promise<ApiKey[]> {
      const rows = await db.all<ApiKeyRow>(sql`SELECT ${columns} FROM api_keys WHERE account_id = ${accountId} ORDER BY id DESC`);
      return rows.map(toApiKey);
    },

    /** Revokes once; a second revocation keeps the first time. */
    async revoke(publicId: string, at: string): Promise<ApiKey | undefined> {
      await db.run(sql`UPDATE api_keys SET revoked_at = ${at} WHERE public_id = ${publicId} AND revoked_at IS NULL`);
      return this.findByPublicId(publicId);
    },

    /** Records a use, at most once per `notBefore` interval so reads do not turn every request into a write. */
    async recordUse(id: number, at: string, notBefore: string): Promise<void> {
      await db.run(sql`
        UPDATE api_keys SET last_used_at = ${at}
        WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at < ${notBefore})`);
    },
  };
}
