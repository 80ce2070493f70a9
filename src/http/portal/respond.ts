// How portal pages answer: HTML with the view context every page needs,
// redirects that carry a one-time message, and error pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderErrorPage, type ErrorPageReason } from '../../presenters/portal/error-page.ts';
import { isLanguage, languageOf, type Words } from '../../presenters/portal/language.ts';
import type { ViewContext } from '../../presenters/portal/view-context.ts';
import { assetUrls } from './assets.ts';
import { cookieOptions, csrfTokenFor, signedInOrNull } from './session.ts';

export const LANGUAGE_COOKIE = 'mr_lang';
const FLASH_COOKIE = 'mr_flash';

export type FlashMessages = Readonly<Record<string, { readonly kind: 'ok' | 'error'; readonly words: Words }>>;

/**
 * The context for this request's view. A one-time message left by the
 * previous step is shown if this page knows it (`flashes`), then cleared.
 */
export function viewContext(request: FastifyRequest, reply: FastifyReply, flashes: FlashMessages = {}): ViewContext {
  const flashKey = request.cookies[FLASH_COOKIE];
  if (flashKey !== undefined) reply.clearCookie(FLASH_COOKIE, { path: '/' });
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return {
    lang: languageOf(isLanguage(chosen) ? chosen : undefined, request.headers['accept-language']),
    account: signedInOrNull(request)?.account ?? null,
    csrfToken: csrfTokenFor(request, reply),
    path: request.url,
    flash: flashKey === undefined ? null : (Object.hasOwn(flashes, flashKey) ? flashes[flashKey] : null),
    assets: assetUrls,
  };
}

/**
 * Pages load only this site's style sheet, script and images (the chosen
 * photo's preview is a blob: URL), run no inline script, submit only to this
 * site and sit in no frame.
 */
const contentSecurityPolicy = (images: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const CONTENT_SECURITY_POLICY = contentSecurityPolicy("'self' blob:");
/**
 * A page that shows the visitor's own photo back (the text check on /check):
 * the photo is not kept, so its pictures travel inside the page as data: URLs,
 * images only (never a script or a frame).
 */
const INLINE_IMAGES_POLICY = contentSecurityPolicy("'self' blob: data:");

/** Pages hold CSRF tokens and private data: never stored by a browser or a proxy. */
export function sendHtml(reply: FastifyReply, status: number, page: string, options: { readonly inlineImages?: boolean } = {}) {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', options.inlineImages === true ? INLINE_IMAGES_POLICY : CONTENT_SECURITY_POLICY)
    .send(page);
}

/** After a POST: see-other to the page that shows the result, with a message key it knows. */
export function redirectWithFlash(request: FastifyRequest, reply: FastifyReply, location: string, flashKey: string) {
  reply.setCookie(FLASH_COOKIE, flashKey, cookieOptions(request, 60));
  return reply.redirect(location, 303);
}

const statusOf = (reason: ErrorPageReason) => (reason === 'csrf' ? 403 : reason);

export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, reason: ErrorPageReason) {
  return sendHtml(reply, statusOf(reason), renderErrorPage(viewContext(request, reply), reason));
}
