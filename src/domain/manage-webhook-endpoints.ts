// A store's webhook endpoints (issue 54): created, listed, deleted, their
// secret rotated, a test event sent, their deliveries read; and the credit
// balance at which credits.low is sent. Used by the API and the portal alike.
import type { Account, Page, PageRequest, WebhookDelivery, WebhookEndpoint } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { newWebhookEndpointId, newWebhookSecret } from './identifiers.ts';
import { requireText } from './text-fields.ts';
import { transact } from './transact.ts';
import { DEFAULT_LOW_CREDITS_THRESHOLD, recordWebhookEvent, TEST_EVENT_TYPE, timestampAfter, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events.ts';

/** A shop's till, its web shop, its bookkeeping and a spare: more is a mistake, or a loop. */
export const MAX_WEBHOOK_ENDPOINTS = 5;

/** After a rotation the old secret still signs this long, so a receiver can move to the new one without losing an event. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3600_000;

/** Longer than any real receiver's address; bounded so the log and the form stay readable. */
const MAX_URL_LENGTH = 2000;

/** The largest balance a store may ask to be told of: far above any account's credits, yet a number a form holds. */
export const MAX_LOW_CREDITS_THRESHOLD = 1_000_000;

type Deps = Pick<DomainDeps, 'db' | 'clock' | 'webhooks'>;

export type EndpointInput = { readonly url?: string; readonly events?: readonly string[]; readonly description?: string };

/** A new endpoint, or one whose secret was just rotated: the secret is shown this once. */
export type EndpointWithSecret = { readonly endpoint: WebhookEndpoint; readonly secret: string };

export async function createWebhookEndpoint(
  deps: Deps,
  store: Account,
  input: EndpointInput,
): Promise<Outcome<EndpointWithSecret, 'invalid_request' | 'webhook_endpoint_limit'>> {
  const url = requireText(input.url, 'url', { max: MAX_URL_LENGTH });
  if (!url.ok) return url;
  const description = requireText(input.description, 'description', { max: 200, optional: true });
  if (!description.ok) return description;
  const events = checkEventTypes(input.events);
  if (!events.ok) return events;
  const refused = await deps.webhooks.vet(url.value);
  if (refused !== null) return fail('invalid_request', refused);

  const secret = newWebhookSecret();
  const at = formatTimestamp(deps.clock.now());
  // Under the account's lock, so that two creations at once cannot both pass the limit.
  return deps.db.locks.run(`webhook-endpoints:${store.id}`, () =>
    transact(deps.db, async (tx) => {
      if ((await tx.webhooks.listEndpoints(store.id)).length >= MAX_WEBHOOK_ENDPOINTS) {
        return fail('webhook_endpoint_limit', `An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`);
      }
      const endpoint = await tx.webhooks.insertEndpoint({
        publicId: newWebhookEndpointId(),
        accountId: store.id,
        url: url.value,
        description: description.value,
        eventTypes: events.value,
        secret,
        createdAt: at,
      });
      return succeed({ endpoint, secret });
    }),
  );
}

function checkEventTypes(events: readonly string[] | undefined): Outcome<WebhookEventType[], 'invalid_request'> {
  if (events === undefined || events.length === 0) return fail('invalid_request', `events must name at least one of ${WEBHOOK_EVENT_TYPES.join(', ')}.`);
  const unknown = events.find((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type));
  if (unknown !== undefined) return fail('invalid_request', `events: ${JSON.stringify(unknown)} is not an event; the events are ${WEBHOOK_EVENT_TYPES.join(', ')}.`);
  return succeed(WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));
}

export function listWebhookEndpoints(deps: Pick<Deps, 'db'>, store: Account): Promise<WebhookEndpoint[]> {
  return deps.db.webhooks.listEndpoints(store.id);
}

async function endpointOf(deps: Pick<Deps, 'db'>, store: Account, publicId: string): Promise<Outcome<WebhookEndpoint, 'webhook_endpoint_not_found'>> {
  const endpoint = await deps.db.webhooks.findEndpoint(store.id, publicId.trim().toLowerCase());
  return endpoint === undefined ? fail('webhook_endpoint_not_found') : succeed(endpoint);
}

/** Deletes the endpoint: nothing more is sent to it, including what was still to be retried. */
export async function deleteWebhookEndpoint(deps: Pick<Deps, 'db' | 'clock'>, store: Account, publicId: string): Promise<Outcome<WebhookEndpoint, 'webhook_endpoint_not_found'>> {
  const endpoint = await endpointOf(deps, store, publicId);
  if (!endpoint.ok) return endpoint;
  const at = formatTimestamp(deps.clock.now());
  const deleted = await deps.db.transaction((tx) => tx.webhooks.deleteEndpoint(endpoint.value, at));
  return deleted ? endpoint : fail('webhook_endpoint_not_found');
}

/** A new secret; the current one signs beside it for PREVIOUS_SECRET_VALID_MS. */
export async function rotateWebhookSecret(
  deps: Pick<Deps, 'db' | 'clock'>,
  store: Account,
  publicId: string,
): Promise<Outcome<EndpointWithSecret, 'webhook_endpoint_not_found'>> {
  const endpoint = await endpointOf(deps, store, publicId);
  if (!endpoint.ok) return endpoint;
  const secret = newWebhookSecret();
  const expires = timestampAfter(formatTimestamp(deps.clock.now()), PREVIOUS_SECRET_VALID_MS);
  const rotated = await deps.db.webhooks.rotateSecret(endpoint.value, secret, expires);
  return rotated === undefined ? fail('webhook_endpoint_not_found') : succeed({ endpoint: rotated, secret });
}

/**
 * Sends a `webhook.test` event to this endpoint alone, through the same outbox
 * as every event; its id. An earlier test not yet under way is given up, so
 * that tests to a receiver that does not answer cannot pile up.
 */
export async function sendTestWebhookEvent(deps: Pick<Deps, 'db' | 'clock'>, store: Account, publicId: string): Promise<Outcome<string, 'webhook_endpoint_not_found'>> {
  const endpoint = await endpointOf(deps, store, publicId);
  if (!endpoint.ok) return endpoint;
  const at = formatTimestamp(deps.clock.now());
  const eventId = await deps.db.transaction(async (tx) => {
    await tx.webhooks.supersedeDeliveries(endpoint.value.id, TEST_EVENT_TYPE, 'a newer test event replaced it');
    return recordWebhookEvent(tx, { accountId: store.id, type: TEST_EVENT_TYPE, data: { endpoint_id: endpoint.value.publicId, url: endpoint.value.url }, at }, { endpointId: endpoint.value.id });
  });
  if (eventId === undefined) throw new Error(`The test event of ${endpoint.value.publicId} was not written.`);
  return succeed(eventId);
}

export async function listWebhookDeliveries(
  deps: Pick<Deps, 'db'>,
  store: Account,
  publicId: string,
  page: PageRequest,
): Promise<Outcome<{ readonly endpoint: WebhookEndpoint; readonly deliveries: Page<WebhookDelivery> }, 'webhook_endpoint_not_found'>> {
  const endpoint = await endpointOf(deps, store, publicId);
  if (!endpoint.ok) return endpoint;
  return succeed({ endpoint: endpoint.value, deliveries: await deps.db.webhooks.listDeliveries(endpoint.value.id, page) });
}

/** The balance at which credits.low is sent to the store's endpoints. */
export async function readLowCreditsThreshold(deps: Pick<Deps, 'db'>, store: Account): Promise<number> {
  return (await deps.db.webhooks.creditAlertThreshold(store.id)) ?? DEFAULT_LOW_CREDITS_THRESHOLD;
}

export async function setLowCreditsThreshold(deps: Pick<Deps, 'db'>, store: Account, threshold: number): Promise<Outcome<number, 'invalid_request'>> {
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > MAX_LOW_CREDITS_THRESHOLD) {
    return fail('invalid_request', `threshold must be an integer from 0 to ${MAX_LOW_CREDITS_THRESHOLD}.`);
  }
  await deps.db.webhooks.setCreditAlertThreshold(store.id, threshold);
  return succeed(threshold);
}
