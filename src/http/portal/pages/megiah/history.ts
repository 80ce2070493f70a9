// GET /megiah/history: the decisions this megiah has taken, newest first.
import type { FastifyInstance } from 'fastify';
import { listMegiahDecisions } from '../../../../domain/list-megiah-decisions.ts';
import { renderMegiahHistory } from '../../../../presenters/portal/megiah-history.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { parsePagination } from '../../../pagination.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { megiahPage } from './access.ts';
import { verificationFlashes } from './queue-answers.ts';

export function megiahHistoryPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { page?: string } }>('/megiah/history', megiahPage(deps), async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const decisions = await listMegiahDecisions(deps, signedInOf(request).account, pagination.value);
    if (!decisions.ok) return sendErrorPage(request, reply, 403);
    return sendHtml(reply, 200, renderMegiahHistory(viewContext(request, reply, verificationFlashes), decisions.value, { ...pagination.value, total: decisions.value.total }));
  });
}
