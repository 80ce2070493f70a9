import type { FastifyInstance } from 'fastify';
import { PREVIOUS_SECRET_VALID_MS, rotateWebhookSecret } from '../../../../domain/manage-webhook-endpoints.ts';
import { presentEndpointWithSecret } from '../../../../presenters/webhook.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { beginIdempotent, IDEMPOTENCY_DOC, idempotencyHeaderSchema } from '../../../idempotency.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { endpointIdParams, webhookEndpointWithSecretSchema } from './webhook-schemas.ts';

export function webhookEndpointRotateSecretRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { id: string } }>({
    method: 'POST',
    url: '/api/v1/store/webhook-endpoints/:id/rotate-secret',
    schema: {
      tags: ['store'],
      operationId: 'rotateWebhookSecret',
      summary: "Replace a webhook endpoint's secret (beyond the spec)",
      description: [
        `A new secret, shown this once. For ${PREVIOUS_SECRET_VALID_MS / 3600_000} hours the previous one signs too (two \`v1\` in \`Mezuzah-Signature\`), so the receiver can switch without losing an event; a rotation within them ends the older secret at once. No body.`,
        IDEMPOTENCY_DOC,
        'Rate limit: 10 per minute per key.',
      ].join('\n\n'),
      security: storeSecurity,
      headers: idempotencyHeaderSchema,
      params: endpointIdParams,
      response: {
        200: refTo(webhookEndpointWithSecretSchema, 'The endpoint, its new secret, and until when the previous one signs.'),
        ...errorResponses(['unauthorized', 'forbidden', 'webhook_endpoint_not_found', 'idempotency_key_in_use', 'idempotency_key_reused', 'invalid_request']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 10, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      if (!(await beginIdempotent(deps, request, reply, { id: request.params.id }))) return reply;
      const rotated = await rotateWebhookSecret(deps, storeOf(request), request.params.id);
      if (!rotated.ok) return replyFailure(reply, rotated);
      return presentEndpointWithSecret(rotated.value.endpoint, rotated.value.secret);
    },
  });
}
