import type { FastifyInstance } from 'fastify';
import { createWebhookEndpoint, MAX_WEBHOOK_ENDPOINTS } from '../../../../domain/manage-webhook-endpoints.ts';
import { presentEndpointWithSecret } from '../../../../presenters/webhook.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { beginIdempotent, IDEMPOTENCY_DOC, idempotencyHeaderSchema } from '../../../idempotency.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { WEBHOOKS_DOC, webhookEndpointRequestSchema, webhookEndpointWithSecretSchema, webhookEventSchema } from './webhook-schemas.ts';

type Body = { url: string; events: string[]; description?: string };

export function webhookEndpointsCreateRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Body: Body }>({
    method: 'POST',
    url: '/api/v1/store/webhook-endpoints',
    schema: {
      tags: ['store'],
      operationId: 'createWebhookEndpoint',
      summary: 'Add a webhook endpoint (beyond the spec)',
      description: [
        WEBHOOKS_DOC,
        `At most ${MAX_WEBHOOK_ENDPOINTS} endpoints an account: one more is 400 \`webhook_endpoint_limit\`. A URL that is not https, or whose host is not a public address, is 400 \`invalid_request\` saying why. The answer holds the endpoint's secret, shown this once.`,
        IDEMPOTENCY_DOC,
        'Rate limit: 10 per minute per key.',
      ].join('\n\n'),
      security: storeSecurity,
      headers: idempotencyHeaderSchema,
      body: refTo(webhookEndpointRequestSchema),
      // What the endpoint then receives (OpenAPI 3.0's way to document webhooks); a key @fastify/swagger reads that Fastify's types do not list.
      ...{
        callbacks: {
        event: {
          '{$request.body#/url}': {
            post: {
              requestBody: {
                description: 'One event, signed in `Mezuzah-Signature`.',
                required: true,
                content: { 'application/json': { schema: refTo(webhookEventSchema) } },
              },
              responses: {
                '2XX': { description: 'Taken.' },
                '4XX': { description: "Refused: retried, as any answer but a 2XX, or none within the registry's timeout, is." },
              },
            },
          },
        },
      },
      },
      response: {
        200: refTo(webhookEndpointWithSecretSchema, 'The endpoint, and its secret.'),
        ...errorResponses(['invalid_request', 'webhook_endpoint_limit', 'unauthorized', 'forbidden', 'idempotency_key_in_use', 'idempotency_key_reused', 'too_large']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 10, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      if (!(await beginIdempotent(deps, request, reply, { body: request.body }))) return reply;
      const created = await createWebhookEndpoint(deps, storeOf(request), request.body);
      if (!created.ok) return replyFailure(reply, created);
      return presentEndpointWithSecret(created.value.endpoint, created.value.secret);
    },
  });
}
