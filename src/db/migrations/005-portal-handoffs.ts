// What one portal page hands to the next: a new API key to the page that
// shows it once, and a buyer's check answer to the link they share.
import type { Dialect } from '../sql.ts';
import { columnTypes } from './dialect-types.ts';

export function up(dialect: Dialect): string[] {
  const t = columnTypes(dialect);
  return [
    // The key is sealed under a secret derived from the session's cookie token, which the database does not hold:
    // a copy of the database reveals no key, and only the browser that created it can open it.
    `CREATE TABLE api_key_reveals (
      id TEXT PRIMARY KEY,
      session_id ${t.ref} NOT NULL,
      api_key_public_id TEXT NOT NULL REFERENCES api_keys (public_id),
      sealed ${t.blob} NOT NULL,
      expires_at TEXT NOT NULL
    )`,
    `CREATE INDEX api_key_reveals_expiry ON api_key_reveals (expires_at)`,
    // A shared answer names the scroll, never the photo, which is not kept.
    `CREATE TABLE check_results (
      id TEXT PRIMARY KEY,
      outcome TEXT NOT NULL CHECK (outcome IN ('found', 'no_match')),
      scroll_id ${t.ref} REFERENCES scrolls (id),
      checked_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    )`,
    `CREATE INDEX check_results_expiry ON check_results (expires_at)`,
  ];
}
