// POST /megiah/scrolls/{uuid}/reject: rejects one scroll with a reason from
// the list and a note for the store; a refused form is shown again on the
// queue with what was typed.
import type { FastifyInstance } from 'fastify';
import { listVerificationQueue } from '../../../../domain/list-verification-queue.ts';
import { rejectScroll } from '../../../../domain/reject-scroll.ts';
import { megiahQueueView, renderVerificationQueue, type RejectionDraft } from '../../../../presenters/portal/megiah-queue.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { FIRST_PAGE, parsePagination } from '../../../pagination.ts';
import { redirectWithFlash, sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { megiahForm } from './access.ts';
import { queuePathOf, verificationFlashes, type PageBody } from './queue-answers.ts';

export function rejectScrollPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Params: { uuid: string }; Body: PageBody & { reason?: string; note?: string } }>('/megiah/scrolls/:uuid/reject', megiahForm(deps), async (request, reply) => {
    const { uuid } = request.params;
    const account = signedInOf(request).account;
    const outcome = await rejectScroll(deps, uuid, { reason: request.body.reason, note: request.body.note }, { account });
    const back = queuePathOf('/megiah', request.body.page);
    if (outcome.ok) return redirectWithFlash(request, reply, back, outcome.value.alreadyRejected ? 'alreadyRejected' : 'rejected');
    switch (outcome.code) {
      case 'already_verified':
        return redirectWithFlash(request, reply, back, 'verifiedNotRejected');
      case 'not_scroll_megiah':
        return redirectWithFlash(request, reply, back, 'notYoursToReject');
      case 'scroll_not_found':
        return redirectWithFlash(request, reply, back, 'notFound');
      case 'invalid_request': {
        // The queue again, with the refusal and the form as it was filled in, so nothing typed is lost.
        const pagination = parsePagination({ page: request.body.page });
        const page = pagination.ok ? pagination.value : FIRST_PAGE;
        const queue = await listVerificationQueue(deps, account, page);
        if (!queue.ok) return sendErrorPage(request, reply, 403);
        const draft: RejectionDraft = { uuid: uuid.toLowerCase(), reason: String(request.body.reason ?? ''), note: String(request.body.note ?? '') };
        const ctx = viewContext(request, reply, verificationFlashes);
        return sendHtml(reply, 400, renderVerificationQueue(ctx, megiahQueueView, queue.value, { ...page, total: queue.value.total }, outcome.msg, draft));
      }
    }
  });
}
