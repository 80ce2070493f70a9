import type { FastifyInstance } from 'fastify';
import { readCreditBalance } from '../../../../domain/read-credit-balance.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';

/** Spec §2.8. */
export const creditBalanceSchema = {
  $id: 'CreditBalance',
  type: 'object',
  required: ['credits'],
  properties: { credits: { type: 'integer', minimum: 0, description: 'Credits left.' } },
  examples: [{ credits: 42 }],
} as const;

export function creditsRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: 'GET',
    url: '/api/v1/store/credits',
    schema: {
      tags: ['store'],
      operationId: 'getCredits',
      summary: 'The credit balance',
      description:
        'Each sale and each registration with owner_uuid consumes one credit; the balance never goes below 0. Read it before a sale to avoid `no_credits`. Rate limit: 60 per minute per key.',
      security: storeSecurity,
      response: {
        200: refTo(creditBalanceSchema, 'The balance.'),
        ...errorResponses(['unauthorized', 'forbidden']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request) => ({ credits: await readCreditBalance(deps, storeOf(request)) }),
  });
}
