// What every store page shares: who may open it, its rate limit, and the
// page/per_page of a listing.
import type { FastifyRequest } from 'fastify';
import { STORE_ROLES } from '../../../../domain/accounts.ts';
import type { Role } from '../../../../db/records.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { parsePagination } from '../../../pagination.ts';
import { requireSignedIn } from '../../page-guards.ts';
import { pageRateLimit } from '../../page-rate-limit.ts';
import { perSession } from '../../session.ts';

/** Registration is for agents, as the API's register-mezuzah (not_agent); a plain store gets the 403 page. */
export const AGENTS = ['agent'] as const;

/** Route options of a store page: hidden from OpenAPI, limited per session, for the given roles (every store by default). */
export function storePage(deps: AppDeps, perMinute: number, roles: readonly Role[] = STORE_ROLES) {
  return {
    schema: { hide: true },
    onRequest: pageRateLimit(deps, { perMinute, per: perSession }),
    preHandler: requireSignedIn(roles),
  } as const;
}

export type ListingQuery = { Querystring: { page?: string; per_page?: string } };
export type ScrollParams = { Params: { uuid: string } };

/** The page asked for, or null when `page`/`per_page` is malformed (the 400 page). */
export function listingOf(request: FastifyRequest<ListingQuery>) {
  const pagination = parsePagination(request.query);
  return pagination.ok ? pagination.value : null;
}
