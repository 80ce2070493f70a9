import type { FastifyInstance } from 'fastify';
import { listWebhookDeliveries } from '../../../../domain/manage-webhook-endpoints.ts';
import { presentWebhookDelivery } from '../../../../presenters/webhook.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { pageBody, paginationQuerySchema, parsePagination } from '../../../pagination.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { endpointIdParams, webhookDeliveryPageSchema } from './webhook-schemas.ts';

export function webhookEndpointDeliveriesRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { id: string }; Querystring: { page: number; per_page: number } }>({
    method: 'GET',
    url: '/api/v1/store/webhook-endpoints/:id/deliveries',
    schema: {
      tags: ['store'],
      operationId: 'listWebhookDeliveries',
      summary: "A webhook endpoint's delivery log (beyond the spec)",
      description: 'Each event sent to this endpoint, newest first: its state, attempts, the last answer or error, and when it is tried next. Rate limit: 60 per minute per key.',
      security: storeSecurity,
      params: endpointIdParams,
      querystring: { type: 'object', properties: paginationQuerySchema },
      response: {
        200: refTo(webhookDeliveryPageSchema, 'One page of the log.'),
        ...errorResponses(['invalid_request', 'unauthorized', 'forbidden', 'webhook_endpoint_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const pagination = parsePagination(request.query);
      if (!pagination.ok) return replyFailure(reply, pagination);
      const log = await listWebhookDeliveries(deps, storeOf(request), request.params.id, pagination.value);
      if (!log.ok) return replyFailure(reply, log);
      return pageBody('deliveries', pagination.value, log.value.deliveries, presentWebhookDelivery);
    },
  });
}
