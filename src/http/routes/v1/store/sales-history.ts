import type { FastifyInstance } from 'fastify';
import { listSales } from '../../../../domain/list-sales.ts';
import { presentSaleRecord } from '../../../../presenters/sale-record.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { pageAnswer, pageSchema, paginationQuerySchema, parsePagination } from '../../../pagination.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { errorResponses, personRef, refTo, storeSecurity, timestamp } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';

export const saleRecordSchema = {
  $id: 'SaleRecord',
  type: 'object',
  description: 'Spec §2.6',
  required: ['mezuzah_uuid', 'create_time', 'note', 'to'],
  properties: {
    mezuzah_uuid: { type: 'string' },
    create_time: timestamp,
    note: { type: 'string' },
    to: { ...personRef, description: 'The buyer.' },
  },
  examples: [
    { mezuzah_uuid: example.scrollUuid, create_time: example.saleTime, note: 'Paid in store.', to: { uuid: example.buyerUuid, username: example.buyer } },
  ],
} as const;

export const salePageSchema = pageSchema('SalePage', 'sales', saleRecordSchema);

export function salesHistoryRoute(app: FastifyInstance, deps: AppDeps): void {
  const answer = pageAnswer('sales', presentSaleRecord);
  app.route<{ Querystring: { page: number; per_page: number } }>({
    method: 'GET',
    url: '/api/v1/store/sales-history',
    schema: {
      tags: ['store'],
      operationId: 'listSales',
      summary: "The store's past sales",
      description: 'Sales recorded through sell-mezuzah by this store, newest first. Rate limit: 60 per minute per key.',
      security: storeSecurity,
      querystring: { type: 'object', properties: paginationQuerySchema },
      response: {
        200: refTo(salePageSchema, 'One page of the sales history.'),
        ...errorResponses(['invalid_request', 'unauthorized', 'forbidden']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const pagination = parsePagination(request.query);
      if (!pagination.ok) return replyFailure(reply, pagination);
      const page = await listSales(deps, storeOf(request), pagination.value);
      return answer(reply, pagination.value, page);
    },
  });
}
