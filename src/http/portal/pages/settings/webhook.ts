// GET /settings/webhooks/{id}: one address: its secret (behind a disclosure),
// a test event, rotation and deletion, and its delivery log, newest first.
import type { FastifyInstance } from 'fastify';
import { STORE_ROLES } from '../../../../domain/accounts.ts';
import { listWebhookDeliveries } from '../../../../domain/manage-webhook-endpoints.ts';
import { renderWebhook } from '../../../../presenters/portal/webhooks.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { parsePagination } from '../../../pagination.ts';
import { signedInPage } from '../../page-options.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { webhookFlashes } from './webhooks.ts';

export function webhookPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { id: string }; Querystring: { page?: string } }>('/settings/webhooks/:id', signedInPage(deps, 120, STORE_ROLES), async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const log = await listWebhookDeliveries(deps, signedInOf(request).account, request.params.id, pagination.value);
    if (!log.ok) return sendErrorPage(request, reply, 404);
    // The page shows the signing secret: no cache keeps it, and no link takes the URL elsewhere.
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const { page, perPage } = pagination.value;
    return sendHtml(reply, 200, renderWebhook(viewContext(request, reply, webhookFlashes), log.value.endpoint, log.value.deliveries, { page, perPage, total: log.value.deliveries.total }));
  });
}
