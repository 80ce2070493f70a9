// The megiah's decisions: every confirmation and rejection of a scroll's
// examination, kept as history, and the scroll's current rejection beside its
// verification so that the inventory, the QR look-up and the certificate read
// a scroll's state from its own row.
import type { Dialect } from '../sql.ts';
import { columnTypes } from './dialect-types.ts';

export function up(dialect: Dialect): string[] {
  const t = columnTypes(dialect);
  return [
    // Append-only by use: a new decision supersedes the last, none is edited.
    // `reason` is checked by the domain against its list, not here, so the
    // list can grow without rebuilding the table (SQLite cannot alter a CHECK).
    `CREATE TABLE megiah_decisions (
      id ${t.id},
      scroll_id ${t.ref} NOT NULL REFERENCES scrolls (id),
      account_id ${t.ref} NOT NULL REFERENCES accounts (id),
      decision TEXT NOT NULL CHECK (decision IN ('verify', 'reject')),
      reason TEXT,
      note TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      CHECK ((decision = 'reject') = (reason IS NOT NULL))
    )`,
    // The history page: one account's decisions, newest first.
    `CREATE INDEX megiah_decisions_account ON megiah_decisions (account_id, created_at, id)`,
    `CREATE INDEX megiah_decisions_scroll ON megiah_decisions (scroll_id, id)`,
    // Set while the scroll's latest decision is a rejection; never together with is_verified = 1.
    `ALTER TABLE scrolls ADD COLUMN rejection_id ${t.ref} REFERENCES megiah_decisions (id)`,
    // Confirmations made before this table existed join the history.
    `INSERT INTO megiah_decisions (scroll_id, account_id, decision, reason, note, created_at)
     SELECT id, verified_by_id, 'verify', NULL, '', verified_at FROM scrolls
     WHERE is_verified = 1 AND verified_by_id IS NOT NULL AND verified_at IS NOT NULL
     ORDER BY verified_at, id`,
  ];
}
