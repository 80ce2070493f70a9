import type { FastifyInstance } from 'fastify';
import { sendTestWebhookEvent } from '../../../../domain/manage-webhook-endpoints.ts';
import { TEST_EVENT_TYPE } from '../../../../domain/webhook-events.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { endpointIdParams } from './webhook-schemas.ts';

export const testEventSentSchema = {
  $id: 'TestEventSent',
  type: 'object',
  required: ['msg', 'event_id'],
  properties: { msg: { type: 'string' }, event_id: { type: 'string', description: 'The test event, `evt_...`: its delivery is in the endpoint\'s log.' } },
  examples: [{ msg: 'Test event queued.', event_id: 'evt_3x7q1m9k2t5v8w4z6b0c' }],
} as const;

export function webhookEndpointTestEventRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { id: string } }>({
    method: 'POST',
    url: '/api/v1/store/webhook-endpoints/:id/test-event',
    schema: {
      tags: ['store'],
      operationId: 'sendTestWebhookEvent',
      summary: 'Send a test event to a webhook endpoint (beyond the spec)',
      description: `Queues a \`${TEST_EVENT_TYPE}\` event for this endpoint alone, delivered, signed and retried as every event is (within a second or two); its delivery shows in the endpoint's log. Each call is a new event, and gives up this endpoint's earlier test event if it is still waiting. No body. Rate limit: 10 per minute per key.`,
      security: storeSecurity,
      params: endpointIdParams,
      response: {
        200: refTo(testEventSentSchema, 'Queued.'),
        ...errorResponses(['unauthorized', 'forbidden', 'webhook_endpoint_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 10, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const sent = await sendTestWebhookEvent(deps, storeOf(request), request.params.id);
      if (!sent.ok) return replyFailure(reply, sent);
      return { msg: 'Test event queued.', event_id: sent.value };
    },
  });
}
