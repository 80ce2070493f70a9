// What every store page shares: who may open it, its rate limit, and the
// page/per_page of a listing.
import type { FastifyRequest } from 'fastify';
import { STORE_ROLES } from '../../../../domain/accounts.ts';
import type { Role } from '../../../../db/records.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { parsePagination } from '../../../pagination.ts';
import { signedInForm, signedInPage } from '../../page-options.ts';

/** Registration is for agents, as the API's register-mezuzah (not_agent); a plain store gets the 403 page. */
export const AGENTS = ['agent'] as const;

/** A store page, counted per session, for the given roles (every store by default). */
export function storePage(deps: AppDeps, perMinute: number, roles: readonly Role[] = STORE_ROLES) {
  return signedInPage(deps, perMinute, roles);
}

/** A store's url-encoded form (the sale), counted per session. */
export function storeForm(deps: AppDeps, perMinute: number) {
  return signedInForm(deps, perMinute, STORE_ROLES);
}

export type ListingQuery = { Querystring: { page?: string; per_page?: string } };
export type ScrollParams = { Params: { uuid: string } };

/** The page asked for, or null when `page`/`per_page` is malformed (the 400 page). */
export function listingOf(request: FastifyRequest<ListingQuery>) {
  const pagination = parsePagination(request.query);
  return pagination.ok ? pagination.value : null;
}
