// GET/POST /check/compare: whether two photos show the same scroll, through
// the same use case as the API's compare-mezuzot, with the same HTTP statuses.
import type { FastifyInstance } from 'fastify';
import { compareScrolls } from '../../../../domain/compare-scrolls.ts';
import { httpStatusOf } from '../../../../errors.ts';
import { renderCompareForm, renderCompareResult } from '../../../../presenters/portal/check-compare.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { readMultipart } from '../../../multipart.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { csrfMatches } from '../../session.ts';
import { checkPage, checkUpload } from './access.ts';

const COMPARE_BUCKET = 'POST /api/v1/public/compare-mezuzot';

export function checkComparePage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/check/compare', checkPage(deps), async (request, reply) => sendHtml(reply, 200, renderCompareForm(viewContext(request, reply))));

  app.post('/check/compare', checkUpload(deps, COMPARE_BUCKET, 2), async (request, reply) => {
    const form = await readMultipart(request, { files: ['image1', 'image2'], fields: ['_csrf'] });
    if (form.ok && !csrfMatches(request, form.value.fields._csrf)) return sendErrorPage(request, reply, 'csrf');
    const outcome = form.ok ? await compareScrolls(deps, form.value.files.image1, form.value.files.image2, { ip: request.ip }) : form;
    return sendHtml(reply, outcome.ok ? 200 : httpStatusOf(outcome.code), renderCompareResult(viewContext(request, reply), outcome));
  });
}
