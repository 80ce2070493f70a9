// GET /megiah/scrolls/{uuid}: a scroll naming this megiah, reviewed before a
// decision: its computer text check's places enlarged, then the confirm and
// reject forms (which post to scroll-verify.ts and scroll-reject.ts).
import type { FastifyInstance } from 'fastify';
import { readScrollForReview } from '../../../../domain/read-scroll-for-review.ts';
import { renderMegiahScroll } from '../../../../presenters/portal/megiah-scroll.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { megiahPage } from './access.ts';
import { verificationFlashes } from './queue-answers.ts';

export function megiahScrollPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { uuid: string } }>('/megiah/scrolls/:uuid', megiahPage(deps), async (request, reply) => {
    // Another megiah's scroll is 404, as an unknown one: a page does not confirm that a uuid exists.
    const review = await readScrollForReview(deps, signedInOf(request).account, request.params.uuid);
    if (!review.ok) return sendErrorPage(request, reply, 404);
    return sendHtml(reply, 200, renderMegiahScroll(viewContext(request, reply, verificationFlashes), review.value));
  });
}
