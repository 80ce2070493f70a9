// The webhook operations' resources (issue 54), and the event a receiver gets.
import { PREVIOUS_SECRET_VALID_MS } from '../../../../domain/manage-webhook-endpoints.ts';
import { DEFAULT_LOW_CREDITS_THRESHOLD, TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '../../../../domain/webhook-events.ts';
import { example } from '../../../examples.ts';
import { pageSchema } from '../../../pagination.ts';
import { refTo, timestamp } from '../../../schemas.ts';

const endpointExample = {
  id: 'we_4k9m2q7x8t3v6w1z',
  url: 'https://shop.example/hooks/mezuzah',
  description: 'Web shop',
  events: ['scroll.verified', 'sale.recorded', 'credits.low'],
  create_time: example.createTime,
};

const endpointProperties = {
  id: { type: 'string', description: 'The endpoint, `we_...`.' },
  url: { type: 'string', description: 'Where deliveries are POSTed.' },
  description: { type: 'string', description: 'What it is, for people; empty string when none.' },
  events: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] }, description: 'The events it receives.' },
  create_time: timestamp,
} as const;

export const webhookEndpointSchema = {
  $id: 'WebhookEndpoint',
  type: 'object',
  required: Object.keys(endpointProperties),
  properties: endpointProperties,
  examples: [endpointExample],
} as const;

export const webhookEndpointListSchema = {
  $id: 'WebhookEndpointList',
  type: 'object',
  required: ['webhook_endpoints'],
  properties: { webhook_endpoints: { type: 'array', items: refTo(webhookEndpointSchema) } },
  examples: [{ webhook_endpoints: [endpointExample] }],
} as const;

export const webhookEndpointWithSecretSchema = {
  $id: 'WebhookEndpointWithSecret',
  type: 'object',
  required: [...Object.keys(endpointProperties), 'secret', 'previous_secret_expires_time'],
  properties: {
    ...endpointProperties,
    secret: {
      type: 'string',
      description:
        "Signs every delivery (`Mezuzah-Signature`). The API shows it in this answer only (a retry with the same Idempotency-Key gets this answer again); the endpoint's page in the portal shows it to the store's signed-in people. Keep it with the receiver; rotate-secret replaces it.",
    },
    previous_secret_expires_time: {
      ...timestamp,
      nullable: true,
      description: `After a rotation: until when the previous secret still signs beside this one (${PREVIOUS_SECRET_VALID_MS / 3600_000} hours); null for a new endpoint.`,
    },
  },
  examples: [{ ...endpointExample, secret: 'whsec_Jr3oXq9sV1bN7kP2mT5yW8zC4dF6gH0aL3eI9uQ2xS1', previous_secret_expires_time: null }],
} as const;

export const webhookEndpointRequestSchema = {
  $id: 'WebhookEndpointRequest',
  type: 'object',
  additionalProperties: false,
  required: ['url', 'events'],
  properties: {
    url: {
      type: 'string',
      description:
        'An https:// URL of a public address (private, loopback, link-local and reserved addresses are refused, and checked again at every delivery), up to 2000 characters.',
    },
    events: { type: 'array', minItems: 1, items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] }, description: 'The events to receive.' },
    description: { type: 'string', description: 'Optional, up to 200 characters.' },
  },
  examples: [{ url: endpointExample.url, events: endpointExample.events, description: 'Web shop' }],
} as const;

const deliveryExample = {
  event_id: 'evt_8c2k5m9q1t4v7x3z6w0b',
  event_type: 'sale.recorded',
  state: 'delivered',
  attempts: 1,
  last_status: 200,
  last_error: null,
  last_attempt_time: example.saleTime,
  next_attempt_time: null,
  delivered_time: example.saleTime,
  create_time: example.saleTime,
};

export const webhookDeliverySchema = {
  $id: 'WebhookDelivery',
  type: 'object',
  required: Object.keys(deliveryExample),
  properties: {
    event_id: { type: 'string', description: 'The event, `evt_...`: the `id` of the body delivered.' },
    event_type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE] },
    state: {
      type: 'string',
      enum: ['pending', 'delivered', 'failed'],
      description: '`pending`: not yet taken (a 2xx answer), tried again at `next_attempt_time`; `delivered`; `failed`: given up three days after the event, or the endpoint was deleted.',
    },
    attempts: { type: 'integer', minimum: 0 },
    last_status: { type: 'integer', nullable: true, description: "The last attempt's HTTP status; null when it got no answer, or none was made." },
    last_error: { type: 'string', nullable: true, description: 'Why the last attempt failed: no answer in time, refused connection, an HTTP status.' },
    last_attempt_time: { ...timestamp, nullable: true },
    next_attempt_time: { ...timestamp, nullable: true, description: 'While `pending`: when it is tried next.' },
    delivered_time: { ...timestamp, nullable: true },
    create_time: timestamp,
  },
  examples: [deliveryExample],
} as const;

export const webhookDeliveryPageSchema = pageSchema('WebhookDeliveryPage', 'deliveries', webhookDeliverySchema);

export const lowCreditsThresholdSchema = {
  $id: 'LowCreditsThreshold',
  type: 'object',
  required: ['threshold'],
  properties: {
    threshold: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000,
      description: `credits.low is sent when a sale or a registration with an owner brings the balance down to this; ${DEFAULT_LOW_CREDITS_THRESHOLD} until set.`,
    },
  },
  examples: [{ threshold: DEFAULT_LOW_CREDITS_THRESHOLD }],
} as const;

/** What a receiver gets: never a route's body, named for the document and the SDK. */
export const webhookEventSchema = {
  $id: 'WebhookEvent',
  type: 'object',
  required: ['id', 'type', 'created', 'data'],
  description: [
    'The body POSTed to an endpoint, signed in the `Mezuzah-Signature` header (`t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the endpoint secret}`; two `v1` while a rotated secret still signs). Delivered at least once: drop repeats by `id`.',
    '`data` by `type`: `scroll.registered` `{uuid, qr_code, create_time, owner: {uuid, username, role}, sofer, megiah}`; `scroll.verified` `{uuid, qr_code, verified_time, verified_by: {uuid, username, role}}`; `scroll.rejected` `{uuid, qr_code, reason, note, rejected_time, rejected_by}`; `sale.recorded` a sale record (spec §2.6); `credits.low` `{credits, threshold}`; `webhook.test` `{endpoint_id, url}`.',
  ].join('\n\n'),
  properties: {
    id: { type: 'string', description: 'The event, `evt_...`; the same on every delivery of it.' },
    type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE] },
    created: timestamp,
    data: { type: 'object', additionalProperties: true },
  },
  examples: [
    {
      id: deliveryExample.event_id,
      type: 'sale.recorded',
      created: example.saleTime,
      data: { mezuzah_uuid: example.scrollUuid, create_time: example.saleTime, note: 'Paid in store.', to: { uuid: example.buyerUuid, username: example.buyer } },
    },
  ],
} as const;

/** The path of an operation on one endpoint. */
export const endpointIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The endpoint, `we_...`.', examples: [endpointExample.id] } },
} as const;

/** What every webhook operation says of webhooks. */
export const WEBHOOKS_DOC =
  'Webhooks tell a store\'s own server what happened, as it happens, instead of its polling: `scroll.registered`, `scroll.verified`, `scroll.rejected` (of scrolls it registered), `sale.recorded`, `credits.low`. Each event is POSTed to every endpoint subscribed to it as a `WebhookEvent`, signed with the endpoint\'s secret, one delivery at a time to an endpoint; one not answered 2xx within the registry\'s timeout (10 s unless its operator set another) is retried with growing waits for three days. Delivery is at least once: drop repeats by the event `id`. Order is not guaranteed.';
