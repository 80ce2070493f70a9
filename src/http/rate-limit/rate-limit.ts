// The per-route rate limit, declared in each route file beside its schema with
// the spec's numbers (§8) and scaled here by RATE_LIMIT_SCALE.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { hashApiKey, hashSecretToken } from '../../domain/identifiers.ts';
import { fail } from '../../errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { replyFailure } from '../reply-failure.ts';

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

function scaledLimit(rule: RateLimitRule, scale: number): number {
  return Math.max(1, Math.floor(rule.perMinute * scale));
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
  const limit = scaledLimit(rule, deps.rateLimit.scale);
  return async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply) {
    const nowMs = deps.clock.now().getTime();
    const bucket = `${rule.bucket ?? `${request.method} ${request.routeOptions.url}`} ${identityOf(request, rule)}`;
    const window = await deps.rateLimit.store.hit(bucket, WINDOW_MS, nowMs);
    const resetSeconds = Math.max(1, Math.ceil((window.resetAtMs - nowMs) / 1000));
    reply.header('X-RateLimit-Limit', limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, limit - window.count));
    reply.header('X-RateLimit-Reset', resetSeconds);
    if (window.count > limit) {
      reply.header('Retry-After', resetSeconds);
      if (rule.onLimited !== undefined) return rule.onLimited(request, reply);
      return replyFailure(reply, fail('rate_limit_exceeded'));
    }
  };
}
