// The route options a page starts from, in the API's order: its rate limit
// first (onRequest, before anything is read), then who may open it, then a
// url-encoded form's CSRF token (preHandler, once the form is parsed). Pages
// are no part of the API's OpenAPI document.
import type { Role } from '../../db/records.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireCsrf, requireSignedIn } from './page-guards.ts';
import { pageRateLimit } from './page-rate-limit.ts';
import { perSession } from './session.ts';

type LimitDeps = Pick<AppDeps, 'rateLimit' | 'clock'>;

/** A page anyone may open, counted per IP. */
export function publicPage(deps: LimitDeps, perMinute: number) {
  return { schema: { hide: true }, onRequest: pageRateLimit(deps, { perMinute, per: 'ip' }) } as const;
}

/** A form anyone may send (sign-in, an invitation), counted per IP. */
export function publicForm(deps: LimitDeps, perMinute: number) {
  return { ...publicPage(deps, perMinute), preHandler: requireCsrf } as const;
}

/** A page for signed-in accounts of the given roles (any role by default), counted per session. */
export function signedInPage(deps: LimitDeps, perMinute: number, roles?: readonly Role[]) {
  return { schema: { hide: true }, onRequest: pageRateLimit(deps, { perMinute, per: perSession }), preHandler: requireSignedIn(roles) } as const;
}

/** A form that signed-in accounts of the given roles send, counted per session. */
export function signedInForm(deps: LimitDeps, perMinute: number, roles?: readonly Role[]) {
  const page = signedInPage(deps, perMinute, roles);
  return { ...page, preHandler: [page.preHandler, requireCsrf] };
}
