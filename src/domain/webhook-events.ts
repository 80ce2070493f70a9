// What the registry tells a store's webhook endpoints (issue 54): each event
// is written, with one pending delivery for each endpoint subscribed to it,
// in the transaction of what happened (an outbox), so an event exists exactly
// when its cause committed, and a crash before it is sent loses nothing:
// deliver-webhooks.ts sends it, at least once.
import type { Repositories } from '../db/database.ts';
import type { Account, PersonRef, Role, Scroll } from '../db/records.ts';
import type { Consumption } from '../db/repositories/credits.ts';
import { newWebhookEventId } from './identifiers.ts';

export const WEBHOOK_EVENT_TYPES = ['scroll.registered', 'scroll.verified', 'scroll.rejected', 'sale.recorded', 'credits.low'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "send a test event" sends, to one endpoint; no endpoint subscribes to it. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Deliveries are retried for this long after their event, as Stripe's are: a receiver down over a weekend still gets them. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3600_000;

/** credits.low until a store chooses: a few days of a small shop's sales, time to buy more. */
export const DEFAULT_LOW_CREDITS_THRESHOLD = 5;

/** Timestamps as the registry writes them (`YYYY-MM-DD HH:MM:SS`, UTC), `ms` later. */
export function timestampAfter(at: string, ms: number): string {
  return new Date(new Date(`${at.replace(' ', 'T')}Z`).getTime() + ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Records that `type` happened to `accountId`, for each of its endpoints
 * subscribed to it (`only`: that endpoint alone, whatever it subscribes to: a
 * test event). Nothing is written when no endpoint would receive it.
 */
export async function recordWebhookEvent(
  tx: Repositories,
  event: { readonly accountId: number; readonly type: WebhookEventType | typeof TEST_EVENT_TYPE; readonly data: Record<string, unknown>; readonly at: string },
  only?: { readonly endpointId: number },
): Promise<string | undefined> {
  const endpointIds =
    only !== undefined
      ? [only.endpointId]
      : (await tx.webhooks.listEndpoints(event.accountId)).filter((endpoint) => endpoint.eventTypes.includes(event.type)).map((endpoint) => endpoint.id);
  if (endpointIds.length === 0) return undefined;
  const stored = await tx.webhooks.insertEvent(
    { publicId: newWebhookEventId(), accountId: event.accountId, type: event.type, data: event.data, createdAt: event.at },
    { endpointIds, giveUpAt: timestampAfter(event.at, WEBHOOK_RETRY_WINDOW_MS) },
  );
  return stored.publicId;
}

/**
 * Consumes one credit (spec §3) and, when that brings the balance down to the
 * account's alert threshold, records credits.low: once on the way down, not at
 * every sale below it. The balance after, or null when none was left.
 */
export async function consumeCredit(tx: Repositories, consumption: Consumption): Promise<number | null> {
  const balance = await tx.credits.consumeOne(consumption);
  if (balance === null) return null;
  const threshold = (await tx.webhooks.creditAlertThreshold(consumption.accountId)) ?? DEFAULT_LOW_CREDITS_THRESHOLD;
  if (balance === threshold) {
    await recordWebhookEvent(tx, { accountId: consumption.accountId, type: 'credits.low', data: { credits: balance, threshold }, at: consumption.at });
  }
  return balance;
}

/** The event's `data` of a scroll: who it is, and who holds it. */
export function scrollEventData(scroll: Scroll, owner: Account) {
  return { uuid: scroll.uuid, qr_code: scroll.qrCode, owner: { uuid: owner.uuid, username: owner.username, role: owner.role } };
}

/** The person who decided on a scroll's examination, as events name them. */
export function deciderData(person: PersonRef & { readonly role: Role }) {
  return { uuid: person.uuid, username: person.username, role: person.role };
}
