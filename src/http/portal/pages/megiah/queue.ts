// GET /megiah: the scrolls naming this megiah that await confirmation of
// their examination, each with its confirm and reject forms. The same use
// cases as the megiah API and the CLI.
import type { FastifyInstance } from 'fastify';
import { listVerificationQueue } from '../../../../domain/list-verification-queue.ts';
import { megiahQueueView, renderVerificationQueue } from '../../../../presenters/portal/megiah-queue.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { parsePagination } from '../../../pagination.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { megiahPage } from './access.ts';
import { verificationFlashes } from './queue-answers.ts';

export function megiahQueuePage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { page?: string } }>('/megiah', megiahPage(deps), async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const queue = await listVerificationQueue(deps, signedInOf(request).account, pagination.value);
    if (!queue.ok) return sendErrorPage(request, reply, 403);
    return sendHtml(reply, 200, renderVerificationQueue(viewContext(request, reply, verificationFlashes), megiahQueueView, queue.value, { ...pagination.value, total: queue.value.total }));
  });
}
