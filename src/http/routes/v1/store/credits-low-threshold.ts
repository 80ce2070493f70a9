// GET and POST /api/v1/store/credits-low-threshold: the balance at which
// credits.low is sent (one resource, read and set).
import type { FastifyInstance } from 'fastify';
import { readLowCreditsThreshold, setLowCreditsThreshold } from '../../../../domain/manage-webhook-endpoints.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { lowCreditsThresholdSchema } from './webhook-schemas.ts';

const URL = '/api/v1/store/credits-low-threshold';

export function creditsLowThresholdRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: 'GET',
    url: URL,
    schema: {
      tags: ['store'],
      operationId: 'getLowCreditsThreshold',
      summary: 'The balance at which credits.low is sent (beyond the spec)',
      description: 'Rate limit: 60 per minute per key.',
      security: storeSecurity,
      response: { 200: refTo(lowCreditsThresholdSchema, 'The threshold.'), ...errorResponses(['unauthorized', 'forbidden']) },
    },
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request) => ({ threshold: await readLowCreditsThreshold(deps, storeOf(request)) }),
  });

  app.route<{ Body: { threshold: number } }>({
    method: 'POST',
    url: URL,
    schema: {
      tags: ['store'],
      operationId: 'setLowCreditsThreshold',
      summary: 'Set the balance at which credits.low is sent (beyond the spec)',
      description: 'Setting it again to the same value changes nothing, so a retry is safe. Rate limit: 30 per minute per key.',
      security: storeSecurity,
      body: refTo(lowCreditsThresholdSchema),
      response: { 200: refTo(lowCreditsThresholdSchema, 'The threshold now.'), ...errorResponses(['invalid_request', 'unauthorized', 'forbidden', 'too_large']) },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 30, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const set = await setLowCreditsThreshold(deps, storeOf(request), request.body.threshold);
      if (!set.ok) return replyFailure(reply, set);
      return { threshold: set.value };
    },
  });
}
