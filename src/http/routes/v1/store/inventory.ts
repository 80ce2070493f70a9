import type { FastifyInstance } from 'fastify';
import { listInventory } from '../../../../domain/list-inventory.ts';
import { presentScrollRecord } from '../../../../presenters/scroll-record.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { pageAnswer, pageSchema, paginationQuerySchema, parsePagination } from '../../../pagination.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { scrollRecordSchema } from './scroll-record-schema.ts';

export const mezuzahPageSchema = pageSchema('MezuzahPage', 'mezuzot', scrollRecordSchema);

export function inventoryRoute(app: FastifyInstance, deps: AppDeps): void {
  const answer = pageAnswer('mezuzot', presentScrollRecord);
  app.route<{ Querystring: { page: number; per_page: number } }>({
    method: 'GET',
    url: '/api/v1/store/inventory',
    schema: {
      tags: ['store'],
      operationId: 'listInventory',
      summary: "List the store's inventory",
      description: 'Scrolls the store owns and has not sold, newest first. Rate limit: 60 per minute per key.',
      security: storeSecurity,
      querystring: { type: 'object', properties: paginationQuerySchema },
      response: {
        200: refTo(mezuzahPageSchema, 'One page of the inventory.'),
        ...errorResponses(['invalid_request', 'unauthorized', 'forbidden']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const pagination = parsePagination(request.query);
      if (!pagination.ok) return replyFailure(reply, pagination);
      const page = await listInventory(deps, storeOf(request), pagination.value);
      return answer(reply, pagination.value, page);
    },
  });
}
