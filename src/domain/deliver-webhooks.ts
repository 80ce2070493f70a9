// Sends the webhook outbox (webhook-events.ts). Every node runs
// `scheduleWebhookDeliveries`; its passes claim due deliveries (a lease in the
// database: one node sends each at a time, and one whose node died is claimed
// again once its lease has lapsed), POST each, signed, to its endpoint, and
// keep what came of it: delivered on a 2xx, otherwise tried again later with
// a growing wait until WEBHOOK_RETRY_WINDOW_MS after the event. Delivery is
// at least once: a node that dies after the receiver took an event but before
// it kept that sends it again. Receivers drop repeats by the event's `id`.
import type { WebhookDeliveryClaim } from '../db/records.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { schedulePasses, type PassReport } from './schedule-passes.ts';
import { timestampAfter } from './webhook-events.ts';
import { signatureHeader, SIGNATURE_HEADER } from '../webhooks/signature.ts';

type Deps = Pick<DomainDeps, 'db' | 'clock' | 'webhooks'>;

/**
 * A claim holds three times as long as an attempt may take: a live sender's
 * claim is never overtaken, and one whose node died waits that long for another.
 */
const LEASE_ATTEMPTS = 3;

/** Deliveries one node sends at once: a slow receiver holds one sender, not the others' turn. */
export const WEBHOOK_SENDERS_PER_NODE = 4;

/** How often a node looks for due deliveries: an event reaches its receiver within about this long. */
export const WEBHOOK_POLL_MS = 1_000;

/** The first wait after a failed attempt; it triples, up to RETRY_MAX_WAIT_MS (1, 3, 9, 27, 81 minutes, 4 h, then 6 h). */
const RETRY_FIRST_WAIT_MS = 60_000;
const RETRY_MAX_WAIT_MS = 6 * 3600_000;
/** Waits vary by this much either way, so receivers that failed together are not all retried at once. */
const RETRY_JITTER = 0.2;

export type WebhookPass = { readonly delivered: number; readonly retrying: number; readonly failed: number };

/** The wait before attempt `attempt + 1`, after `attempt` failed. */
export function retryWait(attempt: number, random = Math.random()): number {
  const wait = Math.min(RETRY_MAX_WAIT_MS, RETRY_FIRST_WAIT_MS * 3 ** (attempt - 1));
  return Math.round(wait * (1 + RETRY_JITTER * (2 * random - 1)));
}

/** The JSON a receiver gets: the event as Stripe shapes its own. */
export function webhookBody(event: WebhookDeliveryClaim['event']): string {
  return JSON.stringify({ id: event.publicId, type: event.type, created: event.createdAt, data: event.data });
}

/**
 * Sends due deliveries until none is left to claim or `signal` stops it (the
 * sends under way finish and are kept first), `WEBHOOK_SENDERS_PER_NODE` at a time.
 */
export async function deliverDueWebhooks(deps: Deps, options: { readonly signal?: AbortSignal } = {}): Promise<WebhookPass> {
  const counts = { delivered: 0, retrying: 0, failed: 0 };
  const sender = async () => {
    while (options.signal?.aborted !== true) {
      const now = deps.clock.now();
      const claim = await deps.db.transaction((tx) =>
        tx.webhooks.claimDue({
          at: formatTimestamp(now),
          abandonedBefore: formatTimestamp(new Date(now.getTime() - LEASE_ATTEMPTS * deps.webhooks.timeoutMs)),
        }),
      );
      if (claim === undefined) return;
      const outcome = await deliver(deps, claim);
      if (outcome !== 'overtaken') counts[outcome] += 1;
    }
  };
  // Every sender ends before the pass does, even when one fails: none outlives it (a stop waits for the pass alone).
  const ended = await Promise.allSettled(Array.from({ length: WEBHOOK_SENDERS_PER_NODE }, sender));
  const failure = ended.find((result) => result.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
  return counts;
}

async function deliver(deps: Deps, claim: WebhookDeliveryClaim): Promise<'delivered' | 'retrying' | 'failed' | 'overtaken'> {
  const { event, endpoint } = claim;
  if (claim.endpointDeleted) {
    const gone = { status: null, error: 'the endpoint was deleted', durationMs: 0 };
    return (await deps.db.webhooks.attemptFailed(claim, gone, formatTimestamp(deps.clock.now()), null)) ? 'failed' : 'overtaken';
  }
  const body = webhookBody(event);
  const sentAt = deps.clock.now();
  const at = formatTimestamp(sentAt);
  // A rotated secret signs beside the new one until it expires, so a receiver can switch in its own time.
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret !== null && endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > at) {
    secrets.push(endpoint.previousSecret);
  }
  const result = await deps.webhooks.post(endpoint.url, body, {
    'content-type': 'application/json',
    'user-agent': 'MezuzahRegistry-Webhooks/1',
    [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(body, secrets, Math.floor(sentAt.getTime() / 1000)),
    'mezuzah-event-id': event.publicId,
    'mezuzah-event-type': event.type,
    'mezuzah-delivery-attempt': String(claim.attempt),
  });
  const doneAt = formatTimestamp(deps.clock.now());
  if (result.status !== null && result.status >= 200 && result.status < 300) {
    return (await deps.db.webhooks.delivered(claim, result, doneAt)) ? 'delivered' : 'overtaken';
  }
  const failure = result.error ?? `HTTP ${result.status}`;
  // The last try falls at the end of the window rather than a wait before it.
  const wait = timestampAfter(doneAt, retryWait(claim.attempt));
  const retrying = doneAt < claim.giveUpAt;
  const next = wait < claim.giveUpAt ? wait : claim.giveUpAt;
  const kept = await deps.db.webhooks.attemptFailed(claim, { ...result, error: failure }, doneAt, retrying ? next : null);
  if (!kept) return 'overtaken';
  return retrying ? 'retrying' : 'failed';
}

/** Runs a pass now, then every `intervalMs`; the returned stop waits for the sends under way. */
export function scheduleWebhookDeliveries(deps: Deps, intervalMs: number, report: PassReport<WebhookPass>): () => Promise<void> {
  return schedulePasses((signal) => deliverDueWebhooks(deps, { signal }), intervalMs, report);
}
