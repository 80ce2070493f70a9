// Who is signed in, and forms that only this site can submit.
//
// The session cookie holds a random token (HttpOnly, SameSite=Lax, Secure and
// `__Host-` prefixed when served over HTTPS). Every form carries a CSRF token
// derived from a secret the browser holds in an HttpOnly cookie: the session
// token once signed in, a pre-session token before (sign-in and invitation
// forms). Another site can neither read that cookie nor compute the token, and
// cross-site POSTs are also refused by their Origin / Sec-Fetch-Site headers
// (the guards in page-guards.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { authenticateSession, SESSION_LIFETIME_MS, type SignedIn } from '../../domain/sessions.ts';
import { newSecretToken } from '../../domain/identifiers.ts';
import type { AppDeps } from '../app-deps.ts';

const SESSION = 'mr_session';
const PRE_SESSION = 'mr_presession';
const PRE_SESSION_MAX_AGE_S = 24 * 3600;

export const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/** `__Host-` cookies are refused by browsers unless Secure, so the prefix goes with HTTPS only. */
function cookieName(request: FastifyRequest, base: string): string {
  return isHttps(request) ? `__Host-${base}` : base;
}

function secretCookie(request: FastifyRequest, base: string): string | undefined {
  const value = request.cookies[cookieName(request, base)];
  return value === undefined || value === '' ? undefined : value;
}

export function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request), maxAge: maxAgeSeconds } as const;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(request, SESSION), token, cookieOptions(request, SESSION_LIFETIME_MS / 1000));
  // The pre-session secret has served its forms; the session's secret takes over.
  reply.clearCookie(cookieName(request, PRE_SESSION), { path: '/' });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request, SESSION), { path: '/' });
}

const signedInByRequest = new WeakMap<FastifyRequest, SignedIn | null>();

/** Resolves the session cookie, if any, for every portal request. */
export function resolveSession(deps: Pick<AppDeps, 'db' | 'clock'>): onRequestAsyncHookHandler {
  return async function resolvePortalSession(request) {
    const token = secretCookie(request, SESSION);
    const outcome = token === undefined ? null : await authenticateSession(deps, token);
    signedInByRequest.set(request, outcome?.ok === true ? outcome.value : null);
  };
}

export function signedInOrNull(request: FastifyRequest): SignedIn | null {
  return signedInByRequest.get(request) ?? null;
}

/** The signed-in session with its cookie's token, for secrets sealed to this browser (see domain/reveal-api-key.ts); only valid behind requireSignedIn. */
export function signedInSessionOf(request: FastifyRequest): { readonly session: SignedIn['session']; readonly token: string } {
  const token = secretCookie(request, SESSION);
  if (token === undefined) throw new Error('signedInSessionOf() called on a page without requireSignedIn.');
  return { session: signedInOf(request).session, token };
}

/** The signed-in account; only valid behind requireSignedIn. */
export function signedInOf(request: FastifyRequest): SignedIn {
  const signedIn = signedInByRequest.get(request);
  if (signedIn === undefined || signedIn === null) throw new Error('signedInOf() called on a page without requireSignedIn.');
  return signedIn;
}

function csrfTokenFromSecret(secret: string): string {
  return createHash('sha256').update(`mezuzah-registry csrf\n${secret}`).digest('base64url');
}

/** The token this browser's forms carry; before sign-in it starts a pre-session secret if there is none. */
export function csrfTokenFor(request: FastifyRequest, reply: FastifyReply): string {
  const session = secretCookie(request, SESSION);
  if (session !== undefined && signedInOrNull(request) !== null) return csrfTokenFromSecret(session);
  let secret = secretCookie(request, PRE_SESSION);
  if (secret === undefined) {
    secret = newSecretToken();
    reply.setCookie(cookieName(request, PRE_SESSION), secret, cookieOptions(request, PRE_SESSION_MAX_AGE_S));
    // A form rendered in this same response must use it; later requests read it from the cookie.
    request.cookies[cookieName(request, PRE_SESSION)] = secret;
  }
  return csrfTokenFromSecret(secret);
}

export function csrfMatches(request: FastifyRequest, submitted: string | undefined): boolean {
  if (submitted === undefined) return false;
  const secret = signedInOrNull(request) === null ? secretCookie(request, PRE_SESSION) : secretCookie(request, SESSION);
  if (secret === undefined) return false;
  const expected = Buffer.from(csrfTokenFromSecret(secret));
  const given = Buffer.from(submitted);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Rate limits for signed-in pages count per browser session (users behind one shop's NAT do not share a count). */
export const perSession = { identify: (request: FastifyRequest) => secretCookie(request, SESSION) } as const;
