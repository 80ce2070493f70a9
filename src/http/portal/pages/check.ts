// GET/POST /check and /check/compare: the public check and comparison for
// people with a phone, open to visitors and to every signed-in role. They call
// the same use cases as the API's check-mezuzah and compare-mezuzot, answer
// with the same HTTP statuses, and count against the same per-IP limits.
import type { FastifyInstance } from 'fastify';
import { qrUrlOf } from '../../../certificates/gather-certificate.ts';
import { compareScrolls } from '../../../domain/compare-scrolls.ts';
import { identifyScroll } from '../../../domain/identify-scroll.ts';
import { httpStatusOf } from '../../../errors.ts';
import { renderCompareForm, renderCompareResult } from '../../../presenters/portal/check-compare.ts';
import { keepCheckResult, readCheckResult } from '../../../domain/share-check-result.ts';
import { renderCheckForm, renderCheckRefused, renderCheckResultGone, renderSharedCheckResult } from '../../../presenters/portal/check-scroll.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readMultipart } from '../../multipart.ts';
import { pageRateLimit } from '../page-rate-limit.ts';
import { sendErrorPage, sendHtml, viewContext } from '../respond.ts';
import { refuseCrossSite } from '../page-guards.ts';
import { csrfMatches } from '../session.ts';

/**
 * The API routes' own buckets (`${method} ${url}`, see rate-limit.ts): a page
 * submission spends from the same count as an API call from that IP, so the
 * pages are no way around the API's limit.
 */
const CHECK_BUCKET = 'POST /api/v1/public/check-mezuzah';
const COMPARE_BUCKET = 'POST /api/v1/public/compare-mezuzot';

/** The API's limit for both operations, per IP (spec §8). */
const UPLOADS_PER_MINUTE = 10;
const PAGE_VIEWS_PER_MINUTE = 120;

export function checkPages(app: FastifyInstance, deps: AppDeps): void {
  const view = { schema: { hide: true }, onRequest: pageRateLimit(deps, { perMinute: PAGE_VIEWS_PER_MINUTE, per: 'ip' }) };
  const upload = (bucket: string, files: number) => ({
    schema: { hide: true },
    onRequest: [pageRateLimit(deps, { perMinute: UPLOADS_PER_MINUTE, per: 'ip', bucket }), deps.uploads.admit(files, sendErrorPage)],
    preHandler: refuseCrossSite,
  });

  app.get('/check', view, async (request, reply) => sendHtml(reply, 200, renderCheckForm(viewContext(request, reply))));

  app.post('/check', upload(CHECK_BUCKET, 1), async (request, reply) => {
    const form = await readMultipart(request, { files: ['image'], fields: ['_csrf'] });
    // The token travels inside the multipart body, so it is checked once the form is read and before any photo is analysed.
    if (form.ok && !csrfMatches(request, form.value.fields._csrf)) return sendErrorPage(request, reply, 'csrf');
    const outcome = form.ok ? await identifyScroll(deps, form.value.files.image, { ip: request.ip }) : form;
    if (outcome.ok || outcome.code === 'no_match') {
      // POST → redirect → GET: the answer gets a link of its own, which a reload does not check again.
      const id = await keepCheckResult(deps, outcome.ok ? { outcome: 'found', scrollId: outcome.value.scroll.id } : { outcome: 'no_match' });
      return reply.redirect(`/check/result/${id}`, 303);
    }
    return sendHtml(reply, httpStatusOf(outcome.code), renderCheckRefused(viewContext(request, reply), outcome.code, outcome.msg));
  });

  app.get<{ Params: { id: string } }>('/check/result/:id', view, async (request, reply) => {
    // The id is the link's only secret: it must not leave in a Referer header.
    reply.header('Referrer-Policy', 'no-referrer');
    const result = await readCheckResult(deps, request.params.id);
    if (result === null) return sendHtml(reply, 404, renderCheckResultGone(viewContext(request, reply)));
    const links = {
      qrUrlOf: (code: string) => qrUrlOf(deps.publicBaseUrl, code),
      share: { url: `${deps.publicBaseUrl}/check/result/${request.params.id}`, checkedAt: result.checkedAt, expiresAt: result.expiresAt },
    };
    return sendHtml(reply, 200, renderSharedCheckResult(viewContext(request, reply), result, links));
  });

  app.get('/check/compare', view, async (request, reply) => sendHtml(reply, 200, renderCompareForm(viewContext(request, reply))));

  app.post('/check/compare', upload(COMPARE_BUCKET, 2), async (request, reply) => {
    const form = await readMultipart(request, { files: ['image1', 'image2'], fields: ['_csrf'] });
    if (form.ok && !csrfMatches(request, form.value.fields._csrf)) return sendErrorPage(request, reply, 'csrf');
    const outcome = form.ok ? await compareScrolls(deps, form.value.files.image1, form.value.files.image2, { ip: request.ip }) : form;
    return sendHtml(reply, outcome.ok ? 200 : httpStatusOf(outcome.code), renderCompareResult(viewContext(request, reply), outcome));
  });
}
