// Webhooks (issue 54): a store's endpoints, the events that happened to it
// (an outbox written in the transaction of what happened, so a crash loses
// none), one delivery of each event to each endpoint subscribed when it
// happened, and the log of every attempt (domain/deliver-webhooks.ts).
import type { Dialect } from '../sql.ts';
import { columnTypes } from './dialect-types.ts';

export function up(dialect: Dialect): string[] {
  const t = columnTypes(dialect);
  return [
    // `event_types` is a space-separated list, checked by the domain. The
    // secret signs deliveries, so it is kept as itself (the HMAC needs it);
    // after a rotation the previous one signs too until it expires.
    `CREATE TABLE webhook_endpoints (
      id ${t.id},
      public_id TEXT NOT NULL UNIQUE,
      account_id ${t.ref} NOT NULL REFERENCES accounts (id),
      url TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      event_types TEXT NOT NULL,
      secret TEXT NOT NULL,
      previous_secret TEXT,
      previous_secret_expires_at TEXT,
      created_at TEXT NOT NULL,
      deleted_at TEXT,
      CHECK ((previous_secret IS NULL) = (previous_secret_expires_at IS NULL))
    )`,
    `CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, id)`,
    // `data` is the event's JSON object, as delivered.
    `CREATE TABLE webhook_events (
      id ${t.id},
      public_id TEXT NOT NULL UNIQUE,
      account_id ${t.ref} NOT NULL REFERENCES accounts (id),
      type TEXT NOT NULL,
      data TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    // A claim is `claimed_at` (a lease: a node that died holding one is
    // overtaken once it is old) with `attempts` counting the claims, as the
    // text checks' are; `give_up_at` ends the retries.
    `CREATE TABLE webhook_deliveries (
      id ${t.id},
      event_id ${t.ref} NOT NULL REFERENCES webhook_events (id),
      endpoint_id ${t.ref} NOT NULL REFERENCES webhook_endpoints (id),
      state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      give_up_at TEXT NOT NULL,
      claimed_at TEXT,
      last_attempt_at TEXT,
      last_status INTEGER,
      last_error TEXT,
      delivered_at TEXT,
      created_at TEXT NOT NULL,
      UNIQUE (event_id, endpoint_id),
      CHECK ((state = 'delivered') = (delivered_at IS NOT NULL))
    )`,
    // The senders look only at what is still to do, soonest first.
    `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE state = 'pending'`,
    // An endpoint's log, newest first.
    `CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)`,
    `CREATE TABLE webhook_attempts (
      id ${t.id},
      delivery_id ${t.ref} NOT NULL REFERENCES webhook_deliveries (id),
      attempted_at TEXT NOT NULL,
      status INTEGER,
      error TEXT,
      duration_ms INTEGER NOT NULL
    )`,
    `CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id)`,
    // credits.low: the balance a store wants to hear of (absent: the domain's default).
    `CREATE TABLE credit_alerts (
      account_id ${t.ref} PRIMARY KEY REFERENCES accounts (id),
      threshold INTEGER NOT NULL CHECK (threshold >= 0)
    )`,
  ];
}
