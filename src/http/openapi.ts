// The OpenAPI document is generated from the route schemas; this module adds
// what no single route states: authentication, conventions and decisions.
import type { SwaggerOptions } from '@fastify/swagger';
import { PHOTO_RULES } from '../domain/photo.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './pagination.ts';
import { MULTIPART_DOC_KEY } from './multipart.ts';

const overview = `
Partner API of the mezuzah registry (spec: partner-api.md). Conventions and the decisions this service makes where the spec says "not shown":

- **Timestamps** are UTC, \`YYYY-MM-DD HH:MM:SS\`. File URLs are relative (\`static/...\`) and served by this service.
- **Identifiers**: uuids are issued in lower case and matched whatever the case they are sent in (path or body).
- **Authentication**: store endpoints need \`X-Api-Key\`. Keys belong to accounts (several per account), start with \`mzr_\` followed by 256 random bits, are shown once at creation, stored only as a hash, and record their last use (to the minute). A revoked key stops working at once on the node that revoked it and within 5 seconds on every other (each node trusts what it read of a key that long; a key never seen, or unknown, is always looked up). Missing or unknown key: 401 \`{msg, status: "unauthorized"}\`; such failures also count per client IP over every key-authenticated endpoint, and past 30 in a minute every such request from that IP is answered 429 until the window ends, whatever key it carries. A key of an account that is not a store (\`store\` or \`agent\`): 403 \`{msg}\`. Registering needs an \`agent\` account.
- **Roles**: \`user\` (buyer/owner), \`store\`, \`agent\` (a store that may register scrolls), \`sofer\`, \`megiah\`, \`admin\`.
- **Validation errors** (missing or malformed field, bad date, unknown or wrong-role sofer/megiah uuid, non-image upload): 400 \`{msg, status: "invalid_request"}\`, the message naming the field. Oversized bodies: 413 \`{msg, status: "too_large"}\`. Identification engine saturated (its queue full, or holding as many of the caller's photos as one caller may queue: photos wait for the engine in one queue per caller, the public's by IP address, a store's by account, served in turn): 503 \`{msg, status: "busy"}\` with Retry-After.
- **Uploads** (scroll photos): ${PHOTO_RULES} (the size is checked while the upload is read, the pixels from the header before decoding). Another format, or too many pixels: 400 \`invalid_request\` with a message saying what is accepted. Send the photo as the camera wrote it where you can: its EXIF orientation is honoured, and the lens it states (FocalLengthIn35mmFilm) helps read a curled scroll photographed at a tilt; a photo without EXIF is read too, as from a phone's main camera.
- **Reference and clients**: this document is served at \`/api/v1/openapi.json\`, and as an interactive page at \`/api/v1/docs\` where each operation can be tried against this server with your key. Every operation has an \`operationId\` and every resource a named schema under \`components.schemas\`, so generated clients get named types.
- **Browsers (CORS)**: the public operations (and this document) may be called from a web page on any origin, or on the origins the operator lists (CORS_ORIGINS); the page may read the rate-limit headers and Retry-After. Store and megiah operations answer no preflight and carry no CORS header: an API key belongs in your server, never in a page its visitors can read.
- **Pagination**: \`page\` is 0-based (default 0); \`per_page\` defaults to ${DEFAULT_PER_PAGE}, maximum ${MAX_PER_PAGE} on every listing; non-numeric or out-of-range values are 400.
- **Credits**: an append-only ledger per account. Each sale and each registration with \`owner_uuid\` consumes one; the balance never goes negative, even under concurrent requests, and a failed sale or registration consumes nothing.
- **QR codes**: every scroll gets one at registration (12 characters of Crockford's base32, 60 random bits, unique). Only verified scrolls resolve; \`is_verified\` becomes true when an admin or the scroll's own megiah confirms the examination. A scroll the megiah rejected (megiah/reject-mezuzah) stays unverified and does not resolve.
- **Privacy**: the public check shows a private buyer's coordinates rounded to 2 decimals (about 1 km).
- **Rate limits** (spec §8, multiplied by the operator's RATE_LIMIT_SCALE): per API key on store endpoints, per client IP on public ones. Exceeding one returns 429 \`{error: "rate_limit_exceeded"}\` with Retry-After (seconds); every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
- **Events** (spec §6): signed webhooks. A store registers up to 5 endpoints (store/webhook-endpoints) for \`scroll.registered\`, \`scroll.verified\`, \`scroll.rejected\` (of the scrolls it registered), \`sale.recorded\` and \`credits.low\` (its threshold: store/credits-low-threshold). Each event is written in the transaction of what caused it and POSTed to each subscribed endpoint as a \`WebhookEvent\` \`{id, type, created, data}\`, with \`Mezuzah-Signature: t={unix seconds},v1={hex}\`: the HMAC-SHA256 of \`{t}.{body}\` with the endpoint's secret. Check it, and that t is recent (5 minutes), before trusting a delivery. Any answer but a 2xx within 10 s is retried with growing waits (1, 3, 9, 27, 81 minutes, then every 6 hours) for three days; the endpoint's log (deliveries) shows each. Delivery is at least once and in no set order: drop repeats by \`id\`. Endpoint URLs must be https on a public address, checked at creation and at every delivery; redirects are not followed. Partners who do not use webhooks learn of changes by reading: inventory, sales-history and credits, and scan-qrcode for a sticker's status.
- **Versioning** (spec §9): every operation lives under \`/api/v1/\`. Within v1, changes are additive only: new endpoints, new optional request fields, new response fields (clients should ignore fields they do not know). Removing or renaming a field, changing its type, or changing a status code would come as \`/api/v2/\`, served beside v1 during a deprecation period announced to partners. \`info.version\` counts revisions of this document: the minor number for additions.
`.trim();

export function openapiOptions(publicBaseUrl: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Mezuzah Registry partner API',
        version: '1.4.0',
        description: overview,
        license: { name: 'Proprietary: for partners of the registry under their agreement' },
      },
      servers: [{ url: publicBaseUrl }],
      tags: [
        { name: 'public', description: 'No authentication; rate-limited per IP.' },
        { name: 'store', description: 'Header X-Api-Key of a store or agent account; rate-limited per key.' },
        { name: 'megiah', description: 'Beyond the spec. Header X-Api-Key of a megiah account; rate-limited per key.' },
      ],
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      },
    },
    // An OpenAPI 3 document, as `openapi` above makes it.
    transformObject: (document) => withCallbackOperationsComplete((document as { openapiObject: OpenApiDocument }).openapiObject) as never,
    // Named schemas keep their $id as their name in components.schemas (components.ts).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url }) => {
      if (schema === undefined || !(MULTIPART_DOC_KEY in schema)) return { schema, url };
      const { [MULTIPART_DOC_KEY]: body, ...rest } = schema as Record<string, unknown>;
      return { schema: { ...rest, body } as typeof schema, url };
    },
  };
}

type Operation = { summary?: string; security?: unknown[]; callbacks?: Record<string, Record<string, Record<string, Operation>>> };
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

/**
 * @fastify/swagger keeps only the request body and the responses of a
 * callback (a webhook delivery, webhook-endpoints-create.ts): each gets its
 * summary here, and says that no API key goes with it (its signature
 * authenticates it).
 */
function withCallbackOperationsComplete(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const expressions of Object.values(operation.callbacks ?? {})) {
        for (const calls of Object.values(expressions)) {
          for (const call of Object.values(calls)) {
            call.summary ??= 'A webhook event, POSTed to the endpoint';
            call.security ??= [];
          }
        }
      }
    }
  }
  return document;
}
