// Idempotency keys on the store's writes (sell-mezuzah, register-mezuzah,
// mezuzah-sticker-sheet), with Stripe's semantics: a client that sends
// `Idempotency-Key` and loses the answer (a dropped connection, a timeout)
// retries with the same key and gets the first answer again instead of a
// second sale. Per (API key, Idempotency-Key), kept for a day, in the database
// so that every node answers alike:
//
//  - the first request claims the key, runs, and its answer (status, the
//    headers that describe the body, the body) is kept as it is sent (onSend);
//  - a retry with the same request gets that answer again, with
//    `Idempotent-Replayed: true`;
//  - the same key with another request (another scroll, another body) is 422;
//  - a retry while the first still runs is 409;
//  - an answer the server failed to give (5xx, the engine busy) is not kept:
//    nothing was written, and a retry runs anew.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatTimestamp } from '../domain/clock.ts';
import { hashApiKey } from '../domain/identifiers.ts';
import { fail } from '../errors.ts';
import type { AppDeps } from './app-deps.ts';
import { replyFailure } from './reply-failure.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Stripe's day: long enough for any client's retries, short enough to keep the table small. */
const KEPT_FOR_MS = 24 * 3600_000;

/**
 * A claim still running after this long was left by a node that stopped
 * (kill -9, a lost machine) and is taken over by the next retry: longer than
 * any request can run (REQUEST_TIMEOUT_MS, then the engine's queue).
 */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** Stripe's own limit; keys are UUIDs or similar in practice. */
const MAX_KEY_LENGTH = 255;
const KEY_SHAPE = new RegExp(`^[\\x21-\\x7e]{1,${MAX_KEY_LENGTH}}$`);

/** The response headers kept with a body: what a client needs to read it again. */
const KEPT_HEADERS = ['content-type', 'content-disposition'] as const;

type Held = { readonly caller: string; readonly token: string; readonly claimedAt: string };

/** The claim a request holds until its answer is kept. */
const held = new WeakMap<FastifyRequest, Held>();

/** What an idempotent route documents beside its own words. */
export const IDEMPOTENCY_DOC = [
  `Idempotent: send an \`Idempotency-Key\` header (1 to ${MAX_KEY_LENGTH} visible ASCII characters, a UUID for instance) and a retry with the same key and the same request gets the first answer again, status and body, with the header \`${REPLAYED_HEADER}: true\`, instead of doing the work twice. Keys are kept for 24 hours per API key.`,
  'The same key with a different request is 422 `idempotency_key_reused`; a retry while the first request is still running is 409 `idempotency_key_in_use` (retry later). An answer the server failed to give (5xx, 503 busy) is not kept, so a retry runs anew.',
].join(' ');

/** The header as the OpenAPI document lists it. */
export const idempotencyHeaderSchema = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      description: 'Optional: makes retries of this request safe (see the description).',
      examples: ['5f0c7a2e-3b1d-4c8e-9f6a-2d4b8e1c7a90'],
    },
  },
} as const;

/**
 * In a handler, once the request's content is read (`content`: everything
 * that makes two requests the same, the parsed body and the path's
 * parameters; file parts by their bytes): true to go on and do the work,
 * false when the request is already answered (a replay, 409, 422, or 400
 * for a malformed key).
 */
export async function beginIdempotent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: FastifyRequest,
  reply: FastifyReply,
  content: unknown,
): Promise<boolean> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return true;
  if (typeof header !== 'string' || !KEY_SHAPE.test(header)) {
    replyFailure(reply, fail('invalid_request', `Idempotency-Key must be one header of 1 to ${MAX_KEY_LENGTH} visible ASCII characters.`));
    return false;
  }
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey !== 'string') throw new Error('beginIdempotent() called on a route without an API key.');
  const caller = hashApiKey(apiKey);
  const now = deps.clock.now().getTime();
  const at = formatTimestamp(new Date(now));
  const expiredBefore = formatTimestamp(new Date(now - KEPT_FOR_MS));
  await deps.db.idempotentRequests.removeExpired(expiredBefore);
  const claim = await deps.db.idempotentRequests.claim({
    caller,
    token: header,
    requestHash: requestHash(`${request.method} ${request.routeOptions.url}`, content),
    at,
    expiredBefore,
    abandonedBefore: formatTimestamp(new Date(now - ABANDONED_AFTER_MS)),
  });
  switch (claim.kind) {
    case 'claimed':
      held.set(request, { caller, token: header, claimedAt: at });
      return true;
    case 'running':
      replyFailure(reply, fail('idempotency_key_in_use'));
      return false;
    case 'other_request':
      replyFailure(reply, fail('idempotency_key_reused'));
      return false;
    case 'answered':
      reply.code(claim.answer.statusCode).headers(claim.answer.headers).header(REPLAYED_HEADER, 'true').send(Buffer.from(claim.answer.body));
      return false;
  }
}

/** Keeps each claimed request's answer as it is sent, or gives the key back when the server failed. */
export function keepIdempotentAnswers(app: FastifyInstance, deps: Pick<AppDeps, 'db'>): void {
  // Only the few requests holding a claim have anything to wait for.
  app.addHook('onSend', function keepIdempotentAnswer(request, reply, payload, done) {
    const claim = held.get(request);
    if (claim === undefined) return done(null, payload);
    held.delete(request);
    keep(claim, reply, payload).then((kept) => done(null, kept), (error: Error) => done(error));
  });

  async function keep(claim: Held, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    if (reply.statusCode >= 500 || body === undefined) {
      await deps.db.idempotentRequests.release(claim.caller, claim.token, claim.claimedAt);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await deps.db.idempotentRequests.complete(claim.caller, claim.token, claim.claimedAt, { statusCode: reply.statusCode, headers, body });
    return payload;
  }
}

/** Two requests are the same when their operation and content are: objects by their keys in any order, bytes by their hash. */
function requestHash(operation: string, content: unknown): string {
  return createHash('sha256').update(JSON.stringify([operation, canonical(content)])).digest('hex');
}

function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { sha256: createHash('sha256').update(value).digest('hex') };
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
