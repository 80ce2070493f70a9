// GET /language/{en|he}?back=/path: the header's language switch. A link, not
// a form, so it works everywhere; it only sets a preference cookie.
import type { FastifyInstance } from 'fastify';
import { isLanguage } from '../../../presenters/portal/language.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sameOriginPath } from '../../same-origin-path.ts';
import { publicPage } from '../page-options.ts';
import { LANGUAGE_COOKIE, sendErrorPage } from '../respond.ts';
import { cookieOptions } from '../session.ts';

const ONE_YEAR_S = 365 * 24 * 3600;

export function languagePage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { lang: string }; Querystring: { back?: string } }>('/language/:lang', publicPage(deps, 60), async (request, reply) => {
    if (!isLanguage(request.params.lang)) return sendErrorPage(request, reply, 404);
    // Our own links always carry a path here; anything else was crafted, and is refused rather than followed.
    const back = request.query.back === undefined ? '/' : sameOriginPath(request.query.back);
    if (back === undefined) return sendErrorPage(request, reply, 400);
    reply.setCookie(LANGUAGE_COOKIE, request.params.lang, cookieOptions(request, ONE_YEAR_S));
    return reply.redirect(back, 303);
  });
}
