// GET /megiah: the scrolls naming this megiah that await confirmation of
// their examination; POST /megiah/scrolls/{uuid}/verify confirms one and
// POST /megiah/scrolls/verify the ticked ones together; POST
// /megiah/scrolls/{uuid}/reject rejects one with a reason; GET /megiah/history
// lists the decisions taken. The same use cases as the megiah API and the CLI.
import type { FastifyInstance } from 'fastify';
import { listMegiahDecisions } from '../../../domain/list-megiah-decisions.ts';
import { listVerificationQueue } from '../../../domain/list-verification-queue.ts';
import { rejectScroll } from '../../../domain/reject-scroll.ts';
import { MAX_SCROLLS_PER_CONFIRMATION, verifyScroll, verifyScrolls } from '../../../domain/verify-scroll.ts';
import { renderMegiahHistory } from '../../../presenters/portal/megiah-history.ts';
import {
  chosenScrollField,
  megiahQueueView,
  megiahQueueWords,
  renderVerificationQueue,
  type RejectionDraft,
} from '../../../presenters/portal/megiah-queue.ts';
import type { AppDeps } from '../../app-deps.ts';
import { DEFAULT_PER_PAGE, parsePagination, type Pagination } from '../../pagination.ts';
import { pageRateLimit } from '../page-rate-limit.ts';
import { redirectWithFlash, sendErrorPage, sendHtml, viewContext, type FlashMessages } from '../respond.ts';
import { requireCsrf, requireSignedIn } from '../page-guards.ts';
import { perSession, signedInOf } from '../session.ts';

export const verificationFlashes: FlashMessages = {
  verified: { kind: 'ok', words: megiahQueueWords.verifiedFlash },
  already: { kind: 'ok', words: megiahQueueWords.alreadyFlash },
  notYours: { kind: 'error', words: megiahQueueWords.notYoursFlash },
  notFound: { kind: 'error', words: megiahQueueWords.notFoundFlash },
  bulkVerified: { kind: 'ok', words: megiahQueueWords.bulkVerifiedFlash },
  noneChosen: { kind: 'error', words: megiahQueueWords.noneChosenFlash },
  bulkRefused: { kind: 'error', words: megiahQueueWords.bulkRefusedFlash },
  rejected: { kind: 'ok', words: megiahQueueWords.rejectedFlash },
  alreadyRejected: { kind: 'ok', words: megiahQueueWords.alreadyRejectedFlash },
  verifiedNotRejected: { kind: 'error', words: megiahQueueWords.verifiedNotRejectedFlash },
  notYoursToReject: { kind: 'error', words: megiahQueueWords.notYoursToRejectFlash },
};

/** The flash that reports a verification's outcome, whoever asked for it. */
export function verificationFlashOf(outcome: Awaited<ReturnType<typeof verifyScroll>>): keyof typeof verificationFlashes {
  if (outcome.ok) return outcome.value.alreadyVerified ? 'already' : 'verified';
  return outcome.code === 'not_scroll_megiah' ? 'notYours' : 'notFound';
}

/** Back to the page the form was on: the list has shrunk by one, but the reader keeps their place. */
export function queuePathOf(base: string, page: string | undefined): string {
  return page !== undefined && /^[1-9][0-9]{0,6}$/.test(page) ? `${base}?page=${page}` : base;
}

type PageBody = { page?: string };

const FIRST_PAGE: Pagination = { page: 0, perPage: DEFAULT_PER_PAGE, offset: 0, limit: DEFAULT_PER_PAGE };

export function megiahPages(app: FastifyInstance, deps: AppDeps): void {
  const read = { schema: { hide: true }, onRequest: pageRateLimit(deps, { perMinute: 120, per: perSession }), preHandler: requireSignedIn(['megiah']) };
  const write = {
    schema: { hide: true },
    onRequest: pageRateLimit(deps, { perMinute: 30, per: perSession }),
    preHandler: [requireSignedIn(['megiah']), requireCsrf],
  };

  app.get<{ Querystring: { page?: string } }>('/megiah', read, async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const queue = await listVerificationQueue(deps, signedInOf(request).account, pagination.value);
    if (!queue.ok) return sendErrorPage(request, reply, 403);
    return sendHtml(reply, 200, renderVerificationQueue(viewContext(request, reply, verificationFlashes), megiahQueueView, queue.value, { ...pagination.value, total: queue.value.total }));
  });

  app.get<{ Querystring: { page?: string } }>('/megiah/history', read, async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const decisions = await listMegiahDecisions(deps, signedInOf(request).account, pagination.value);
    if (!decisions.ok) return sendErrorPage(request, reply, 403);
    return sendHtml(reply, 200, renderMegiahHistory(viewContext(request, reply, verificationFlashes), decisions.value, { ...pagination.value, total: decisions.value.total }));
  });

  app.post<{ Params: { uuid: string }; Body: PageBody & { from?: string } }>('/megiah/scrolls/:uuid/verify', write, async (request, reply) => {
    const outcome = await verifyScroll(deps, request.params.uuid, { account: signedInOf(request).account });
    const back = request.body.from === 'history' ? '/megiah/history' : '/megiah';
    return redirectWithFlash(request, reply, queuePathOf(back, request.body.page), verificationFlashOf(outcome));
  });

  app.post<{ Body: PageBody & Record<string, string | undefined> }>('/megiah/scrolls/verify', write, async (request, reply) => {
    const chosen: string[] = [];
    for (let index = 0; index < MAX_SCROLLS_PER_CONFIRMATION; index++) {
      const uuid = request.body[chosenScrollField(index)];
      if (typeof uuid === 'string' && uuid !== '') chosen.push(uuid);
    }
    const back = queuePathOf('/megiah', request.body.page);
    if (chosen.length === 0) return redirectWithFlash(request, reply, back, 'noneChosen');
    const outcome = await verifyScrolls(deps, chosen, { account: signedInOf(request).account });
    return redirectWithFlash(request, reply, back, outcome.ok ? 'bulkVerified' : 'bulkRefused');
  });

  app.post<{ Params: { uuid: string }; Body: PageBody & { reason?: string; note?: string } }>('/megiah/scrolls/:uuid/reject', write, async (request, reply) => {
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
