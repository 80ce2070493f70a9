// Idempotency keys (Stripe's semantics): the first answer to a write (status,
// the headers that describe its body, the body), kept per (API key,
// Idempotency-Key) for a day so a retry is answered the same.
import type { Dialect } from '../sql.ts';
import { columnTypes } from './dialect-types.ts';

export function up(dialect: Dialect): string[] {
  const t = columnTypes(dialect);
  return [
    // `caller` is the API key's hash, as stored in api_keys: a key's requests never meet another key's.
    `CREATE TABLE idempotent_requests (
      caller TEXT NOT NULL,
      token TEXT NOT NULL,
      request_hash TEXT NOT NULL,
      state TEXT NOT NULL,
      status_code INTEGER,
      headers TEXT,
      body ${t.blob},
      created_at TEXT NOT NULL,
      claimed_at TEXT NOT NULL,
      PRIMARY KEY (caller, token)
    )`,
    // Expired answers are swept by age.
    `CREATE INDEX idempotent_requests_created ON idempotent_requests (created_at)`,
  ];
}
