// API-key authentication of store endpoints (spec §5). The authenticated
// account is kept per request in a WeakMap rather than a decorator, so the
// route reads it through one typed function.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Account } from '../db/records.ts';
import { authenticateStore } from '../domain/authenticate-store.ts';
import type { AppDeps } from './app-deps.ts';
import { replyFailure } from './reply-failure.ts';

const stores = new WeakMap<FastifyRequest, Account>();

export function requireStore(deps: Pick<AppDeps, 'db' | 'clock'>): onRequestAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers['x-api-key'];
    const outcome = await authenticateStore(deps, typeof header === 'string' ? header : undefined);
    if (!outcome.ok) return replyFailure(reply, outcome);
    stores.set(request, outcome.value);
  };
}

/** The store that sent this request; only valid behind requireStore. */
export function storeOf(request: FastifyRequest): Account {
  const store = stores.get(request);
  if (store === undefined) throw new Error('storeOf() called on a route without requireStore.');
  return store;
}
