// GET /admin/scrolls: every scroll awaiting its megiah's confirmation, which
// an admin may confirm in the megiah's stead (scroll-verify.ts).
import type { FastifyInstance } from 'fastify';
import { listVerificationQueue } from '../../../../domain/list-verification-queue.ts';
import { adminQueueView } from '../../../../presenters/portal/admin-scrolls.ts';
import { renderVerificationQueue } from '../../../../presenters/portal/megiah-queue.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { parsePagination } from '../../../pagination.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { verificationFlashes } from '../megiah/queue-answers.ts';
import { adminOf, adminPage } from './access.ts';

export function adminScrollsPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { page?: string } }>('/admin/scrolls', adminPage(deps), async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const queue = await listVerificationQueue(deps, adminOf(request), pagination.value);
    if (!queue.ok) return sendErrorPage(request, reply, 403);
    return sendHtml(reply, 200, renderVerificationQueue(viewContext(request, reply, verificationFlashes), adminQueueView, queue.value, { ...pagination.value, total: queue.value.total }));
  });
}
