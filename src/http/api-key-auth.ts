// API-key authentication (spec §5), shared by the store and megiah groups.
// The authenticated account is kept per request in a WeakMap rather than a
// decorator, so a route reads it through one typed function.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Account } from '../db/records.ts';
import type { Outcome } from '../errors.ts';
import type { AppDeps } from './app-deps.ts';
import { failedKeyLimit } from './rate-limit/rate-limit.ts';
import { replyFailure } from './reply-failure.ts';

export type Authenticate = (deps: Pick<AppDeps, 'db' | 'clock' | 'keyCache'>, presentedKey: string | undefined) => Promise<Outcome<Account>>;

const accounts = new WeakMap<FastifyRequest, Account>();

/**
 * Authenticates the request's key, or answers 401 (and counts the failure
 * against the client's IP, see FAILED_KEYS_PER_MINUTE) or 403; an IP past the
 * failure limit is answered 429 before its key is looked up.
 */
export function requireApiKey(deps: Pick<AppDeps, 'db' | 'clock' | 'keyCache' | 'rateLimit'>, authenticate: Authenticate): onRequestAsyncHookHandler {
  const failures = failedKeyLimit(deps);
  return async function authenticateRequest(request: FastifyRequest, reply: FastifyReply) {
    if (await failures.refuse(request, reply)) return reply;
    const header = request.headers['x-api-key'];
    const outcome = await authenticate(deps, typeof header === 'string' ? header : undefined);
    if (!outcome.ok) {
      if (outcome.code === 'unauthorized') await failures.record(request);
      return replyFailure(reply, outcome);
    }
    accounts.set(request, outcome.value);
  };
}

/** The account that sent this request; only valid behind requireApiKey. */
export function authenticatedAccountOf(request: FastifyRequest): Account {
  const account = accounts.get(request);
  if (account === undefined) throw new Error('authenticatedAccountOf() called on a route without requireApiKey.');
  return account;
}
