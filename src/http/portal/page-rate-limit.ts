import type { onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { rateLimit, type RateLimitRule } from '../rate-limit/rate-limit.ts';
import { sendErrorPage } from './respond.ts';

/** The API's rate limit (same counters, same headers), answered with the portal's HTML 429 page. */
export function pageRateLimit(deps: Pick<AppDeps, 'rateLimit' | 'clock'>, rule: Omit<RateLimitRule, 'onLimited'>): onRequestAsyncHookHandler {
  return rateLimit(deps, { ...rule, onLimited: (request, reply) => sendErrorPage(request, reply, 429) });
}
