import type { SqlExecutor } from '../driver.ts';
import type {
  NewWebhookEndpoint,
  Page,
  PageRequest,
  WebhookAttemptResult,
  WebhookDelivery,
  WebhookDeliveryClaim,
  WebhookDeliveryState,
  WebhookEndpoint,
  WebhookEvent,
} from '../records.ts';
import { allOf, type Sql, sql } from '../sql.ts';

type EndpointRow = {
  id: number | string;
  public_id: string;
  account_id: number | string;
  url: string;
  description: string;
  event_types: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  deleted_at: string | null;
};

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    accountId: Number(row.account_id),
    url: row.url,
    description: row.description,
    eventTypes: row.event_types.split(' ').filter((type) => type !== ''),
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    createdAt: row.created_at,
  };
}

type EventRow = { id: number | string; public_id: string; account_id: number | string; type: string; data: string; created_at: string };

function toEvent(row: EventRow): WebhookEvent {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    accountId: Number(row.account_id),
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

type DeliveryRow = {
  id: number | string;
  event_public_id: string;
  event_type: string;
  state: string;
  attempts: number | string;
  next_attempt_at: string;
  last_attempt_at: string | null;
  last_status: number | string | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
};

type ClaimedRow = { id: number | string; attempts: number | string; give_up_at: string; event_id: number | string; endpoint_id: number | string };

function toDelivery(row: DeliveryRow): WebhookDelivery {
  const state = row.state as WebhookDeliveryState;
  return {
    id: Number(row.id),
    eventPublicId: row.event_public_id,
    eventType: row.event_type,
    state,
    attempts: Number(row.attempts),
    nextAttemptAt: state === 'pending' ? row.next_attempt_at : null,
    lastAttemptAt: row.last_attempt_at,
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
  };
}

/**
 * Webhook endpoints, the outbox of events, and their deliveries. Senders on
 * every node claim due deliveries under a lease, as the text checks' runners
 * claim checks (the claim itself also locks the endpoint: see claimDue), and
 * a claim's later steps are fenced by its `claimed_at` and `attempts`, so a
 * sender whose claim was overtaken (it stalled past the lease) writes
 * nothing.
 */
export function webhookRepository(db: SqlExecutor) {
  const held = (claim: WebhookDeliveryClaim) =>
    sql`id = ${claim.deliveryId} AND state = 'pending' AND claimed_at = ${claim.claimedAt} AND attempts = ${claim.attempt}`;

  const logAttempt = async (claim: WebhookDeliveryClaim, result: WebhookAttemptResult, at: string) => {
    await db.run(sql`
      INSERT INTO webhook_attempts (delivery_id, attempted_at, status, error, duration_ms)
      VALUES (${claim.deliveryId}, ${at}, ${result.status}, ${result.error}, ${Math.round(result.durationMs)})`);
  };

  /** The claimed delivery with its event and endpoint. */
  const claimOf = async (claimed: ClaimedRow, at: string): Promise<WebhookDeliveryClaim> => {
    const event = await db.one<EventRow>(sql`SELECT * FROM webhook_events WHERE id = ${claimed.event_id}`);
    const endpoint = await db.one<EndpointRow>(sql`SELECT * FROM webhook_endpoints WHERE id = ${claimed.endpoint_id}`);
    if (event === undefined || endpoint === undefined) throw new Error(`Webhook delivery ${claimed.id} names no event or endpoint.`);
    return {
      deliveryId: Number(claimed.id),
      claimedAt: at,
      attempt: Number(claimed.attempts),
      giveUpAt: claimed.give_up_at,
      event: toEvent(event),
      endpoint: toEndpoint(endpoint),
      endpointDeleted: endpoint.deleted_at !== null,
    };
  };

  return {
    async insertEndpoint(endpoint: NewWebhookEndpoint): Promise<WebhookEndpoint> {
      const row = await db.one<EndpointRow>(sql`
        INSERT INTO webhook_endpoints (public_id, account_id, url, description, event_types, secret, created_at)
        VALUES (${endpoint.publicId}, ${endpoint.accountId}, ${endpoint.url}, ${endpoint.description}, ${endpoint.eventTypes.join(' ')},
          ${endpoint.secret}, ${endpoint.createdAt})
        RETURNING *`);
      return toEndpoint(row as EndpointRow);
    },

    /** The account's endpoints that are not deleted, oldest first. */
    async listEndpoints(accountId: number): Promise<WebhookEndpoint[]> {
      const rows = await db.all<EndpointRow>(sql`
        SELECT * FROM webhook_endpoints WHERE account_id = ${accountId} AND deleted_at IS NULL ORDER BY id`);
      return rows.map(toEndpoint);
    },

    async findEndpoint(accountId: number, publicId: string): Promise<WebhookEndpoint | undefined> {
      const row = await db.one<EndpointRow>(sql`
        SELECT * FROM webhook_endpoints WHERE account_id = ${accountId} AND public_id = ${publicId} AND deleted_at IS NULL`);
      return row && toEndpoint(row);
    },

    /** Deletes the endpoint and gives up what it still had to be sent; false when there was no such endpoint. */
    async deleteEndpoint(endpoint: WebhookEndpoint, at: string): Promise<boolean> {
      const deleted = await db.run(sql`UPDATE webhook_endpoints SET deleted_at = ${at} WHERE id = ${endpoint.id} AND deleted_at IS NULL`);
      if (deleted.changes === 0) return false;
      await db.run(sql`
        UPDATE webhook_deliveries SET state = 'failed', last_error = 'the endpoint was deleted', claimed_at = NULL
        WHERE endpoint_id = ${endpoint.id} AND state = 'pending'`);
      return true;
    },

    /** A new secret; the current one keeps signing beside it until `previousExpiresAt`. */
    async rotateSecret(endpoint: WebhookEndpoint, secret: string, previousExpiresAt: string): Promise<WebhookEndpoint | undefined> {
      const row = await db.one<EndpointRow>(sql`
        UPDATE webhook_endpoints
        SET previous_secret = secret, previous_secret_expires_at = ${previousExpiresAt}, secret = ${secret}
        WHERE id = ${endpoint.id} AND deleted_at IS NULL
        RETURNING *`);
      return row && toEndpoint(row);
    },

    /**
     * Writes the event and one pending delivery to each endpoint in `endpointIds`
     * (those subscribed to it as it happens), in the caller's transaction.
     */
    async insertEvent(
      event: Omit<WebhookEvent, 'id'>,
      deliveries: { readonly endpointIds: readonly number[]; readonly giveUpAt: string },
    ): Promise<WebhookEvent> {
      const row = await db.one<EventRow>(sql`
        INSERT INTO webhook_events (public_id, account_id, type, data, created_at)
        VALUES (${event.publicId}, ${event.accountId}, ${event.type}, ${JSON.stringify(event.data)}, ${event.createdAt})
        RETURNING *`);
      const stored = toEvent(row as EventRow);
      for (const endpointId of deliveries.endpointIds) {
        await db.run(sql`
          INSERT INTO webhook_deliveries (event_id, endpoint_id, state, attempts, next_attempt_at, give_up_at, created_at)
          VALUES (${stored.id}, ${endpointId}, 'pending', 0, ${event.createdAt}, ${deliveries.giveUpAt}, ${event.createdAt})`);
      }
      return stored;
    },

    /**
     * Claims the delivery due soonest (its next attempt not after `at`) that no
     * one holds (never claimed, handed back, or claimed before
     * `abandonedBefore`: its sender died), of an endpoint with nothing else in
     * flight: an endpoint that does not answer holds one sender, never all of
     * a node's.
     *
     * Run it in a transaction (READ COMMITTED, PostgreSQL's default: each
     * statement sees what was committed before it began). On PostgreSQL the
     * first statement locks the chosen endpoint's row until the claim commits,
     * skipping endpoints another claim holds; the second, whose
     * snapshot is taken once that lock is held, sees every claim committed
     * before it and claims only when the endpoint is still free, else the
     * endpoint is passed over and the next tried. (One statement cannot: its
     * "nothing in flight" test reads the snapshot taken as it started, so a
     * claim committed between that and its lock would go unseen.) Called
     * outside a transaction, the lock would end with the first statement and
     * two senders could claim one endpoint's deliveries at once. SQLite runs
     * the transaction alone.
     */
    async claimDue(input: { readonly at: string; readonly abandonedBefore: string }): Promise<WebhookDeliveryClaim | undefined> {
      const claimable = (d: Sql) =>
        sql`${d}.state = 'pending' AND ${d}.next_attempt_at <= ${input.at} AND (${d}.claimed_at IS NULL OR ${d}.claimed_at < ${input.abandonedBefore})`;
      const endpointIdle = sql`NOT EXISTS (
        SELECT 1 FROM webhook_deliveries busy
        WHERE busy.endpoint_id = d.endpoint_id AND busy.state = 'pending' AND busy.claimed_at >= ${input.abandonedBefore})`;
      // NO KEY UPDATE: a delivery being written for the endpoint takes a key-share lock on its row (the foreign key), which would wait on FOR UPDATE while this claim waits on a delivery that writer holds (a test event replacing the waiting one): a deadlock.
      const skipLocked = db.dialect === 'postgres' ? sql`FOR NO KEY UPDATE OF e SKIP LOCKED` : sql``;
      // Endpoints found busy once locked are passed over; each is tried once, so the loop ends.
      const passedOver: number[] = [];
      for (;;) {
        const chosen = await db.one<{ endpoint_id: number | string }>(sql`
          SELECT d.endpoint_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE ${allOf([claimable(sql`d`), endpointIdle, ...passedOver.map((id) => sql`d.endpoint_id <> ${id}`)])}
          ORDER BY d.next_attempt_at, d.id LIMIT 1 ${skipLocked}`);
        if (chosen === undefined) return undefined;
        const endpointId = Number(chosen.endpoint_id);
        const claimed = await db.one<ClaimedRow>(sql`
          UPDATE webhook_deliveries SET claimed_at = ${input.at}, attempts = attempts + 1
          WHERE id = (
              SELECT d.id FROM webhook_deliveries d
              WHERE d.endpoint_id = ${endpointId} AND ${claimable(sql`d`)} AND ${endpointIdle}
              ORDER BY d.next_attempt_at, d.id LIMIT 1)
            AND ${claimable(sql`webhook_deliveries`)}
          RETURNING id, attempts, give_up_at, event_id, endpoint_id`);
        if (claimed !== undefined) return await claimOf(claimed, input.at);
        passedOver.push(endpointId);
      }
    },

    /** Gives up the endpoint's deliveries of events of `type` not yet under way, saying why. */
    async supersedeDeliveries(endpointId: number, type: string, why: string): Promise<void> {
      await db.run(sql`
        UPDATE webhook_deliveries SET state = 'failed', last_error = ${why}
        WHERE endpoint_id = ${endpointId} AND state = 'pending' AND claimed_at IS NULL
          AND event_id IN (SELECT id FROM webhook_events WHERE type = ${type})`);
    },

    /** The endpoint took it (2xx); false when the claim is no longer held. */
    async delivered(claim: WebhookDeliveryClaim, result: WebhookAttemptResult, at: string): Promise<boolean> {
      const stored = await db.run(sql`
        UPDATE webhook_deliveries
        SET state = 'delivered', delivered_at = ${at}, last_attempt_at = ${at}, last_status = ${result.status}, last_error = NULL, claimed_at = NULL
        WHERE ${held(claim)}`);
      if (stored.changes === 1) await logAttempt(claim, result, at);
      return stored.changes === 1;
    },

    /** The attempt failed: tried again at `nextAttemptAt`, or, with null, given up. False when the claim is no longer held. */
    async attemptFailed(claim: WebhookDeliveryClaim, result: WebhookAttemptResult, at: string, nextAttemptAt: string | null): Promise<boolean> {
      const next = nextAttemptAt === null ? sql`state = 'failed'` : sql`next_attempt_at = ${nextAttemptAt}`;
      const stored = await db.run(sql`
        UPDATE webhook_deliveries
        SET ${next}, last_attempt_at = ${at}, last_status = ${result.status}, last_error = ${result.error}, claimed_at = NULL
        WHERE ${held(claim)}`);
      if (stored.changes === 1) await logAttempt(claim, result, at);
      return stored.changes === 1;
    },

    /** An endpoint's deliveries, newest first, with their events' ids and types. */
    async listDeliveries(endpointId: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
      const count = await db.one<{ total: number | string }>(sql`SELECT COUNT(*) AS total FROM webhook_deliveries WHERE endpoint_id = ${endpointId}`);
      const rows = await db.all<DeliveryRow>(sql`
        SELECT d.*, e.public_id AS event_public_id, e.type AS event_type
        FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        WHERE d.id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = ${endpointId} ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset})
        ORDER BY d.id DESC`);
      return { total: Number(count?.total ?? 0), items: rows.map(toDelivery) };
    },

    /** The balance below which credits.low is sent, when the account chose one. */
    async creditAlertThreshold(accountId: number): Promise<number | undefined> {
      const row = await db.one<{ threshold: number | string }>(sql`SELECT threshold FROM credit_alerts WHERE account_id = ${accountId}`);
      return row === undefined ? undefined : Number(row.threshold);
    },

    async setCreditAlertThreshold(accountId: number, threshold: number): Promise<void> {
      await db.run(sql`
        INSERT INTO credit_alerts (account_id, threshold) VALUES (${accountId}, ${threshold})
        ON CONFLICT (account_id) DO UPDATE SET threshold = ${threshold}`);
    },
  };
}
