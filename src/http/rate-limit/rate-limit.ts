// The per-route rate limit, declared in each route file beside its schema with
// the spec's numbers (§8) and scaled here by RATE_LIMIT_SCALE.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { hashApiKey, hashSecretToken } from '../../domain/identifiers.ts';
import { fail } from '../../errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { replyFailure } from '../reply-failure.ts';
import type { WindowCount } from './rate-limit-store.ts';

export type RateLimitRule = {
  /** Requests per minute, as the spec's table gives them. */
  readonly perMinute: number;
  /**
   * Store endpoints count per API key, public ones per client IP (spec §5.4);
   * portal pages per browser session, which `identify` names (undefined: no
   * session, so per IP).
   */
  readonly per: 'key' | 'ip' | { readonly identify: (request: FastifyRequest) => string | undefined };
  /**
   * Routes that do the same work share one count under this name (a portal
   * page and the API endpoint it stands for), so neither is a way around the
   * other's limit. Default: the route's own method and path.
   */
  readonly bucket?: string;
  /**
   * How a refused request is answered, after the rate-limit headers are set.
   * Default: the API's JSON body; portal pages answer with their HTML page.
   */
  readonly onLimited?: (request: FastifyRequest, reply: FastifyReply) => unknown;
};

const WINDOW_MS = 60_000;

function scaledLimit(perMinute: number, scale: number): number {
  return Math.max(1, Math.floor(perMinute * scale));
}

/** Whole seconds until `window` ends, at least 1 (Retry-After, X-RateLimit-Reset). */
const secondsLeft = (window: WindowCount, nowMs: number) => Math.max(1, Math.ceil((window.resetAtMs - nowMs) / 1000));

/** The headers that tell a client its limit: its size, what is left of it, and the seconds until its window ends. */
export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

function limitHeaders(reply: FastifyReply, limit: number, remaining: number, resetSeconds: number): void {
  const [limitHeader, remainingHeader, resetHeader] = RATE_LIMIT_HEADERS;
  reply.header(limitHeader, limit);
  reply.header(remainingHeader, remaining);
  reply.header(resetHeader, resetSeconds);
}

/** The API's 429: Retry-After, then `{error: "rate_limit_exceeded"}`. */
function replyLimited(reply: FastifyReply, retryAfterSeconds: number) {
  reply.header('Retry-After', retryAfterSeconds);
  return replyFailure(reply, fail('rate_limit_exceeded'));
}

/**
 * Keys are identified by a hash of the presented header, before any database
 * lookup, so the limit also shields authentication. A request without a key
 * falls back to its IP (it will get 401, but still counts).
 */
function identityOf(request: FastifyRequest, rule: RateLimitRule): string {
  if (rule.per === 'key') {
    const key = request.headers['x-api-key'];
    if (typeof key === 'string' && key !== '') return 'key:' + hashApiKey(key);
  } else if (rule.per !== 'ip') {
    const secret = rule.per.identify(request);
    if (secret !== undefined) return 'session:' + hashSecretToken(secret);
  }
  return 'ip:' + request.ip;
}

export function rateLimit(deps: Pick<AppDeps, 'rateLimit' | 'clock'>, rule: RateLimitRule): onRequestAsyncHookHandler {
  const limit = scaledLimit(rule.perMinute, deps.rateLimit.scale);
  return async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply) {
    const nowMs = deps.clock.now().getTime();
    const bucket = `${rule.bucket ?? `${request.method} ${request.routeOptions.url}`} ${identityOf(request, rule)}`;
    const window = await deps.rateLimit.store.hit(bucket, WINDOW_MS, nowMs);
    const resetSeconds = secondsLeft(window, nowMs);
    limitHeaders(reply, limit, Math.max(0, limit - window.count), resetSeconds);
    if (window.count > limit) {
      if (rule.onLimited === undefined) return replyLimited(reply, resetSeconds);
      reply.header('Retry-After', resetSeconds);
      return rule.onLimited(request, reply);
    }
  };
}

/**
 * Requests whose API key fails authentication (missing, unknown or revoked),
 * counted per client IP over every key-authenticated endpoint. The per-key
 * limits count each presented key apart, so a client trying one key after
 * another would meet no limit at all; past this many failures in a minute,
 * every key-authenticated request from that IP is answered 429 until the
 * window ends, before its key is looked up. A partner's misconfigured client
 * fails far fewer times than this; its requests with a valid key are refused
 * only while the window lasts.
 */
export const FAILED_KEYS_PER_MINUTE = 30;

export type FailedKeyLimit = {
  /** Answers 429 when the request's IP is past the limit; whether it did. */
  refuse(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** Counts one failed authentication against the request's IP. */
  record(request: FastifyRequest): Promise<void>;
};

export function failedKeyLimit(deps: Pick<AppDeps, 'rateLimit' | 'clock'>): FailedKeyLimit {
  const limit = scaledLimit(FAILED_KEYS_PER_MINUTE, deps.rateLimit.scale);
  const bucketOf = (request: FastifyRequest) => `failed-api-keys ip:${request.ip}`;
  return {
    async refuse(request, reply) {
      const nowMs = deps.clock.now().getTime();
      const window = await deps.rateLimit.store.peek(bucketOf(request), nowMs);
      if (window === null || window.count < limit) return false;
      // The limit met is this one, not the endpoint's: its headers say so.
      const resetSeconds = secondsLeft(window, nowMs);
      limitHeaders(reply, limit, 0, resetSeconds);
      replyLimited(reply, resetSeconds);
      return true;
    },
    async record(request) {
      await deps.rateLimit.store.hit(bucketOf(request), WINDOW_MS, deps.clock.now().getTime());
    },
  };
}
