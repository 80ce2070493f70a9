// GET/POST /check: the public check for people with a phone. A photo of a
// scroll in, through the same use case as the API's check-mezuzah with the
// same HTTP statuses; a found or not-found answer is a redirect to its own
// page (result.ts).
import type { FastifyInstance } from 'fastify';
import { identifyScroll } from '../../../../domain/identify-scroll.ts';
import { keepCheckResult } from '../../../../domain/share-check-result.ts';
import { httpStatusOf } from '../../../../errors.ts';
import { renderCheckForm, renderCheckRefused } from '../../../../presenters/portal/check-scroll.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { readMultipart } from '../../../multipart.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { csrfMatches } from '../../session.ts';
import { checkPage, checkUpload } from './access.ts';

const CHECK_BUCKET = 'POST /api/v1/public/check-mezuzah';

export function checkScrollPage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/check', checkPage(deps), async (request, reply) => sendHtml(reply, 200, renderCheckForm(viewContext(request, reply))));

  app.post('/check', checkUpload(deps, CHECK_BUCKET, 1), async (request, reply) => {
    const form = await readMultipart(request, { files: ['image'], fields: ['_csrf'] });
    // Checked once the form is read and before any photo is analysed.
    if (form.ok && !csrfMatches(request, form.value.fields._csrf)) return sendErrorPage(request, reply, 'csrf');
    const outcome = form.ok ? await identifyScroll(deps, form.value.files.image, { ip: request.ip }) : form;
    if (outcome.ok || outcome.code === 'no_match') {
      // POST → redirect → GET: the answer gets a link of its own, which a reload does not check again.
      const id = await keepCheckResult(deps, outcome.ok ? { outcome: 'found', scrollId: outcome.value.scroll.id } : { outcome: 'no_match' });
      return reply.redirect(`/check/result/${id}`, 303);
    }
    return sendHtml(reply, httpStatusOf(outcome.code), renderCheckRefused(viewContext(request, reply), outcome.code, outcome.msg));
  });
}
