// POST /check/text: the computer text check of a photo, for people, through
// the same use case as the API's text-check with the same HTTP statuses and
// the API's own rate-limit count; the second button of the /check form. The
// answer is the page itself: the photo is not kept, so there is no link to
// redirect to.
import type { FastifyInstance } from 'fastify';
import { checkScrollTextOnPhoto } from '../../../../domain/check-scroll-text-on-photo.ts';
import { httpStatusOf } from '../../../../errors.ts';
import { renderCheckRefused } from '../../../../presenters/portal/check-scroll.ts';
import { renderTextCheckResult } from '../../../../presenters/portal/check-text.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { readMultipart } from '../../../multipart.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { csrfMatches } from '../../session.ts';
import { checkUpload } from './access.ts';

const TEXT_CHECK_BUCKET = 'POST /api/v1/public/text-check';

export function checkTextPage(app: FastifyInstance, deps: AppDeps): void {
  app.post('/check/text', checkUpload(deps, TEXT_CHECK_BUCKET, 1), async (request, reply) => {
    const form = await readMultipart(request, { files: ['image'], fields: ['_csrf'] });
    // Checked once the form is read and before any photo is analysed.
    if (form.ok && !csrfMatches(request, form.value.fields._csrf)) return sendErrorPage(request, reply, 'csrf');
    const outcome = form.ok ? await checkScrollTextOnPhoto(deps, form.value.files.image, { ip: request.ip }) : form;
    if (!outcome.ok) return sendHtml(reply, httpStatusOf(outcome.code), renderCheckRefused(viewContext(request, reply), outcome.code, outcome.msg));
    return sendHtml(reply, 200, renderTextCheckResult(viewContext(request, reply), outcome.value), { inlineImages: true });
  });
}
