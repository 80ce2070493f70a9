// Megiah endpoints accept only the keys of megiah accounts.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Account } from '../db/records.ts';
import { authenticateMegiah } from '../domain/authenticate-megiah.ts';
import { authenticatedAccountOf, requireApiKey } from './api-key-auth.ts';
import type { AppDeps } from './app-deps.ts';

export function requireMegiah(deps: Pick<AppDeps, 'db' | 'clock' | 'keyCache' | 'rateLimit'>): onRequestAsyncHookHandler {
  return requireApiKey(deps, authenticateMegiah);
}

/** The megiah that sent this request; only valid behind requireMegiah. */
export function megiahOf(request: FastifyRequest): Account {
  return authenticatedAccountOf(request);
}
