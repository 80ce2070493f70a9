import type { FastifyInstance } from 'fastify';
import { deleteWebhookEndpoint } from '../../../../domain/manage-webhook-endpoints.ts';
import { presentWebhookEndpoint } from '../../../../presenters/webhook.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { endpointIdParams, webhookEndpointSchema } from './webhook-schemas.ts';

export function webhookEndpointDeleteRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { id: string } }>({
    method: 'DELETE',
    url: '/api/v1/store/webhook-endpoints/:id',
    schema: {
      tags: ['store'],
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint (beyond the spec)',
      description:
        'Nothing more is sent to it, including deliveries still being retried (they end `failed`). Deleting it again is 404. Rate limit: 30 per minute per key.',
      security: storeSecurity,
      params: endpointIdParams,
      response: {
        200: refTo(webhookEndpointSchema, 'The endpoint deleted.'),
        ...errorResponses(['unauthorized', 'forbidden', 'webhook_endpoint_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 30, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const deleted = await deleteWebhookEndpoint(deps, storeOf(request), request.params.id);
      if (!deleted.ok) return replyFailure(reply, deleted);
      return presentWebhookEndpoint(deleted.value);
    },
  });
}
