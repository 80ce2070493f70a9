import type { FastifyInstance } from 'fastify';
import { listWebhookEndpoints } from '../../../../domain/manage-webhook-endpoints.ts';
import { presentWebhookEndpoint } from '../../../../presenters/webhook.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { WEBHOOKS_DOC, webhookEndpointListSchema } from './webhook-schemas.ts';

export function webhookEndpointsRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: 'GET',
    url: '/api/v1/store/webhook-endpoints',
    schema: {
      tags: ['store'],
      operationId: 'listWebhookEndpoints',
      summary: "The store's webhook endpoints (beyond the spec)",
      description: `${WEBHOOKS_DOC} Secrets are not shown (only at creation and rotation). Rate limit: 60 per minute per key.`,
      security: storeSecurity,
      response: {
        200: refTo(webhookEndpointListSchema, 'The endpoints, oldest first.'),
        ...errorResponses(['unauthorized', 'forbidden']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request) => ({ webhook_endpoints: (await listWebhookEndpoints(deps, storeOf(request))).map(presentWebhookEndpoint) }),
  });
}
