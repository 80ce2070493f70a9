// GET /megiah: the scrolls naming this megiah that await confirmation of
// their examination; POST /megiah/scrolls/{uuid}/verify confirms one, through
// the same use case as the megiah API and the CLI.
import type { FastifyInstance } from 'fastify';
import { listVerificationQueue } from '../../../domain/list-verification-queue.ts';
import { verifyScroll } from '../../../domain/verify-scroll.ts';
import { megiahQueueView, megiahQueueWords, renderVerificationQueue } from '../../../presenters/portal/megiah-queue.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parsePagination } from '../../pagination.ts';
import { pageRateLimit } from '../page-rate-limit.ts';
import { redirectWithFlash, sendErrorPage, sendHtml, viewContext, type FlashMessages } from '../respond.ts';
import { perSession, requireCsrf, requireSignedIn, signedInOf } from '../session.ts';

export const verificationFlashes: FlashMessages = {
  verified: { kind: 'ok', words: megiahQueueWords.verifiedFlash },
  already: { kind: 'ok', words: megiahQueueWords.alreadyFlash },
  notYours: { kind: 'error', words: megiahQueueWords.notYoursFlash },
  notFound: { kind: 'error', words: megiahQueueWords.notFoundFlash },
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

export function megiahPages(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { page?: string } }>(
    '/megiah',
    { schema: { hide: true }, onRequest: pageRateLimit(deps, { perMinute: 120, per: perSession }), preHandler: requireSignedIn(['megiah']) },
    async (request, reply) => {
      const pagination = parsePagination({ page: request.query.page });
      if (!pagination.ok) return sendErrorPage(request, reply, 400);
      const queue = await listVerificationQueue(deps, signedInOf(request).account, pagination.value);
      if (!queue.ok) return sendErrorPage(request, reply, 403);
      return sendHtml(reply, 200, renderVerificationQueue(viewContext(request, reply, verificationFlashes), megiahQueueView, queue.value, { ...pagination.value, total: queue.value.total }));
    },
  );

  app.post<{ Params: { uuid: string }; Body: { page?: string } }>(
    '/megiah/scrolls/:uuid/verify',
    {
      schema: { hide: true },
      onRequest: pageRateLimit(deps, { perMinute: 30, per: perSession }),
      preHandler: [requireSignedIn(['megiah']), requireCsrf],
    },
    async (request, reply) => {
      const outcome = await verifyScroll(deps, request.params.uuid, { account: signedInOf(request).account });
      return redirectWithFlash(request, reply, queuePathOf('/megiah', request.body.page), verificationFlashOf(outcome));
    },
  );
}
