import type { FastifyInstance } from 'fastify';
import { listSales } from '../../../../domain/list-sales.ts';
import { presentSaleRecord } from '../../../../presenters/sale-record.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { pageBody, pageSchema, paginationQuerySchema, parsePagination } from '../../../pagination.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, personRef, storeSecurity, timestamp } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';

const saleRecord = {
  type: 'object',
  description: 'Spec §2.6',
  required: ['mezuzah_uuid', 'create_time', 'note', 'to'],
  properties: {
    mezuzah_uuid: { type: 'string' },
    create_time: timestamp,
    note: { type: 'string' },
    to: { ...personRef, description: 'The buyer.' },
  },
} as const;

export function salesHistoryRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Querystring: { page?: string; per_page?: string } }>({
    method: 'GET',
    url: '/api/v1/store/sales-history',
    schema: {
      tags: ['store'],
      summary: "The store's past sales",
      description: 'Sales recorded through sell-mezuzah by this store, newest first. Rate limit: 60 per minute per key.',
      security: storeSecurity,
      querystring: { type: 'object', properties: paginationQuerySchema },
      response: {
        200: pageSchema('sales', saleRecord),
        ...errorResponses(['invalid_request', 'unauthorized', 'forbidden']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const pagination = parsePagination(request.query);
      if (!pagination.ok) return replyFailure(reply, pagination);
      const page = await listSales(deps, storeOf(request), pagination.value);
      return pageBody('sales', pagination.value, page, presentSaleRecord);
    },
  });
}
