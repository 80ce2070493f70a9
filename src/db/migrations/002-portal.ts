// The web portal: passwords, sign-in sessions, invitations, labelled API keys
// and credit grants that say why and by whom.
import type { Dialect } from '../sql.ts';
import { columnTypes } from './dialect-types.ts';

export function up(dialect: Dialect): string[] {
  const t = columnTypes(dialect);
  return [
    // Kept apart from accounts so that no query that reads an account can leak a hash.
    `CREATE TABLE account_passwords (
      account_id ${t.ref} PRIMARY KEY REFERENCES accounts (id),
      password_hash TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    // Only a hash of the cookie's token is stored: a copy of the database opens no session.
    `CREATE TABLE sessions (
      id ${t.id},
      token_hash TEXT NOT NULL UNIQUE,
      account_id ${t.ref} NOT NULL REFERENCES accounts (id),
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    )`,
    `CREATE INDEX sessions_account ON sessions (account_id)`,
    // Expired sessions are swept at each sign-in.
    `CREATE INDEX sessions_expiry ON sessions (expires_at)`,
    `CREATE TABLE invitations (
      id ${t.id},
      token_hash TEXT NOT NULL UNIQUE,
      account_id ${t.ref} NOT NULL REFERENCES accounts (id),
      created_by_id ${t.ref} REFERENCES accounts (id),
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    )`,
    `CREATE INDEX invitations_account ON invitations (account_id)`,
    `ALTER TABLE api_keys ADD COLUMN label TEXT NOT NULL DEFAULT ''`,
    `CREATE INDEX api_keys_account ON api_keys (account_id, id)`,
    `ALTER TABLE credit_entries ADD COLUMN note TEXT NOT NULL DEFAULT ''`,
    `ALTER TABLE credit_entries ADD COLUMN granted_by_id ${t.ref} REFERENCES accounts (id)`,
    // The megiah's queue: scrolls naming this megiah that are not yet verified.
    `CREATE INDEX scrolls_megiah_queue ON scrolls (megiah_id, is_verified, id)`,
    `CREATE INDEX scrolls_verification_queue ON scrolls (is_verified, id)`,
    `CREATE INDEX accounts_role ON accounts (role, id)`,
  ];
}
