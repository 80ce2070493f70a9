// What a page checks before its handler runs: that someone of the right role
// is signed in, and that a form was sent by this site. Apart from session.ts
// (who is signed in, the CSRF token) because a refusal is answered with an
// error page (respond.ts), and respond.ts itself reads the session.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '../../db/records.ts';
import { sendErrorPage } from './respond.ts';
import { csrfMatches, signedInOrNull } from './session.ts';

/**
 * Pages for signed-in accounts (of the given roles). A visitor is sent to
 * sign in and brought back; a signed-in account of another role gets 403.
 */
export function requireSignedIn(roles?: readonly Role[]): preHandlerAsyncHookHandler {
  return async function requirePortalAccount(request, reply) {
    const signedIn = signedInOrNull(request);
    if (signedIn === null) {
      const next = request.method === 'GET' ? request.url : '/';
      return reply.redirect(`/sign-in?next=${encodeURIComponent(next)}`, 303);
    }
    if (roles !== undefined && !roles.includes(signedIn.account.role)) return sendErrorPage(request, reply, 403);
  };
}

/**
 * A POST from another site: refused before its body is even read. Only a
 * positive sign counts: a `Sec-Fetch-Site` naming another site, or an `Origin`
 * naming another origin. `Origin: null` is no such sign: Chromium sends it for
 * a form on a page served with `Referrer-Policy: no-referrer` (the invitation
 * page, whose URL holds a credential), as it does for sandboxed frames and
 * file: pages. There the CSRF token, which another site cannot compute, decides.
 */
function crossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  return origin !== `${request.protocol}://${request.host}`;
}

/** Refuses cross-site submissions early; the token itself is checked by csrfMatches once the form is read. */
export const refuseCrossSite: preHandlerAsyncHookHandler = async function refuseCrossSite(request, reply) {
  if (crossSite(request)) return sendErrorPage(request, reply, 'csrf');
};

/** For url-encoded forms: the body is parsed before handlers, so the token is checked here. */
export const requireCsrf: preHandlerAsyncHookHandler = async function requireCsrf(request, reply) {
  if (crossSite(request)) return sendErrorPage(request, reply, 'csrf');
  const body = request.body as Record<string, string> | undefined;
  if (!csrfMatches(request, body?._csrf)) return sendErrorPage(request, reply, 'csrf');
};
