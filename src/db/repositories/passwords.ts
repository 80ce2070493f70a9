import type { SqlExecutor } from '../driver.ts';
import { sql } from '../sql.ts';

/** Password hashes, one per account that has set a password; see domain/passwords.ts for the format. */
export function passwordRepository(db: SqlExecutor) {
  return {
    async hashOf(accountId: number): Promise<string | undefined> {
      const row = await db.one<{ password_hash: string }>(
        sql`SELECT password_hash FROM account_passwords WHERE account_id = ${accountId}`,
      );
      return row?.password_hash;
    },

    async set(accountId: number, passwordHash: string, at: string): Promise<void> {
      await db.run(sql`
        INSERT INTO account_passwords (account_id, password_hash, updated_at) VALUES (${accountId}, ${passwordHash}, ${at})
        ON CONFLICT (account_id) DO UPDATE SET password_hash = ${passwordHash}, updated_at = ${at}`);
    },
  };
}
