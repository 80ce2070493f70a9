// Store endpoints accept the keys of store and agent accounts.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Account } from '../db/records.ts';
import { authenticateStore } from '../domain/authenticate-store.ts';
import { authenticatedAccountOf, requireApiKey } from './api-key-auth.ts';
import type { AppDeps } from './app-deps.ts';

export function requireStore(deps: Pick<AppDeps, 'db' | 'clock' | 'keyCache' | 'rateLimit'>): onRequestAsyncHookHandler {
  return requireApiKey(deps, authenticateStore);
}

/** The store that sent this request; only valid behind requireStore. */
export function storeOf(request: FastifyRequest): Account {
  return authenticatedAccountOf(request);
}
