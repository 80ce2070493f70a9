// Timestamps are TEXT `YYYY-MM-DD HH:MM:SS` in UTC, written by the service's
// clock, so both dialects store and sort them alike; dates are `YYYY-MM-DD`.
// Booleans are INTEGER 0/1 for the same reason.
import type { Dialect } from '../sql.ts';
import { columnTypes } from './dialect-types.ts';

export function up(dialect: Dialect): string[] {
  const t = columnTypes(dialect);
  const statements = [
    `CREATE TABLE accounts (
      id ${t.id},
      uuid TEXT NOT NULL UNIQUE,
      role TEXT NOT NULL CHECK (role IN ('user', 'store', 'agent', 'sofer', 'megiah', 'admin')),
      username TEXT NOT NULL,
      username_key TEXT NOT NULL,
      email TEXT NOT NULL,
      email_key TEXT NOT NULL UNIQUE,
      confirmed INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
      megiah_type TEXT,
      company TEXT,
      country TEXT NOT NULL DEFAULT '',
      state TEXT NOT NULL DEFAULT '',
      city TEXT NOT NULL DEFAULT '',
      lat ${t.real},
      lng ${t.real},
      avatar_key TEXT,
      diploma_key TEXT,
      created_at TEXT NOT NULL
    )`,
    // Usernames identify sofers and megiahs in the directory lookup, so they are
    // unique among them; buyers' display names may repeat.
    `CREATE UNIQUE INDEX accounts_practitioner_username ON accounts (username_key) WHERE role IN ('sofer', 'megiah')`,
    `CREATE INDEX accounts_directory ON accounts (role, confirmed, id)`,
    `CREATE TABLE api_keys (
      id ${t.id},
      public_id TEXT NOT NULL UNIQUE,
      account_id ${t.ref} NOT NULL REFERENCES accounts (id),
      key_hash TEXT NOT NULL UNIQUE,
      display_prefix TEXT NOT NULL,
      created_at TEXT NOT NULL,
      revoked_at TEXT,
      last_used_at TEXT
    )`,
    `CREATE TABLE scrolls (
      id ${t.id},
      uuid TEXT NOT NULL UNIQUE,
      qr_code TEXT NOT NULL UNIQUE,
      registered_by_id ${t.ref} NOT NULL REFERENCES accounts (id),
      owner_id ${t.ref} NOT NULL REFERENCES accounts (id),
      sofer_id ${t.ref} NOT NULL REFERENCES accounts (id),
      megiah_id ${t.ref} NOT NULL REFERENCES accounts (id),
      font TEXT NOT NULL,
      size TEXT NOT NULL,
      note TEXT NOT NULL DEFAULT '',
      written_date TEXT NOT NULL,
      examined_date TEXT NOT NULL,
      last_repaired_date TEXT,
      is_verified INTEGER NOT NULL DEFAULT 0 CHECK (is_verified IN (0, 1)),
      verified_at TEXT,
      verified_by_id ${t.ref} REFERENCES accounts (id),
      photo_key TEXT NOT NULL,
      preview_key TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX scrolls_owner ON scrolls (owner_id, id)`,
    `CREATE TABLE fingerprints (
      scroll_id ${t.ref} PRIMARY KEY REFERENCES scrolls (id),
      data ${t.blob} NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE sales (
      id ${t.id},
      uuid TEXT NOT NULL UNIQUE,
      scroll_id ${t.ref} NOT NULL REFERENCES scrolls (id),
      seller_id ${t.ref} NOT NULL REFERENCES accounts (id),
      buyer_id ${t.ref} NOT NULL REFERENCES accounts (id),
      note TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX sales_seller ON sales (seller_id, id)`,
    // The balance row is what concurrent consumers contend on: a conditional
    // UPDATE ... WHERE balance >= 1 both locks it and refuses an overdraft, and
    // the CHECK is the last line of defence. The ledger explains every change.
    `CREATE TABLE credit_balances (
      account_id ${t.ref} PRIMARY KEY REFERENCES accounts (id),
      balance INTEGER NOT NULL CHECK (balance >= 0)
    )`,
    `CREATE TABLE credit_entries (
      id ${t.id},
      account_id ${t.ref} NOT NULL REFERENCES accounts (id),
      delta INTEGER NOT NULL CHECK (delta <> 0),
      reason TEXT NOT NULL CHECK (reason IN ('grant', 'sale', 'owner_registration')),
      scroll_id ${t.ref} REFERENCES scrolls (id),
      sale_id ${t.ref} REFERENCES sales (id),
      balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX credit_entries_account ON credit_entries (account_id, id)`,
    `CREATE TABLE certificates (
      scroll_id ${t.ref} PRIMARY KEY REFERENCES scrolls (id),
      facts_digest TEXT NOT NULL,
      pdf_key TEXT NOT NULL,
      png_key TEXT NOT NULL,
      docx_key TEXT,
      issued_at TEXT NOT NULL
    )`,
  ];
  // The ledger is append-only: the database itself refuses edits and deletions.
  if (dialect === 'sqlite') {
    statements.push(
      `CREATE TRIGGER credit_entries_no_update BEFORE UPDATE ON credit_entries
       BEGIN SELECT RAISE(ABORT, 'credit_entries is append-only'); END`,
      `CREATE TRIGGER credit_entries_no_delete BEFORE DELETE ON credit_entries
       BEGIN SELECT RAISE(ABORT, 'credit_entries is append-only'); END`,
    );
  } else {
    statements.push(
      `CREATE FUNCTION credit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'credit_entries is append-only'; END $$`,
      `CREATE TRIGGER credit_entries_no_change BEFORE UPDATE OR DELETE ON credit_entries
       FOR EACH ROW EXECUTE FUNCTION credit_entries_append_only()`,
      // Every node keeps the fingerprints in memory; this wakes the others on
      // commit (never before), so a scroll registered on one node is found by
      // all within moments. Registries in other schemas of the same database
      // (as the tests run) hear it too, which costs them one catch-up query.
      // The channel name is changeChannels.fingerprints in db/database.ts.
      `CREATE FUNCTION fingerprints_notify() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN PERFORM pg_notify('mezuzah_fingerprints', ''); RETURN NULL; END $$`,
      `CREATE TRIGGER fingerprints_notify AFTER INSERT ON fingerprints
       FOR EACH STATEMENT EXECUTE FUNCTION fingerprints_notify()`,
    );
  }
  return statements;
}
