import type { FastifyInstance } from 'fastify';
import { readStoreScroll } from '../../../../domain/read-store-scroll.ts';
import { presentScrollRecord } from '../../../../presenters/scroll-record.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, scrollUuidParams, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { scrollRecordSchema } from './scroll-record-schema.ts';

export function mezuzahRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { uuid: string } }>({
    method: 'GET',
    url: '/api/v1/store/mezuzah/:uuid',
    schema: {
      tags: ['store'],
      operationId: 'getMezuzah',
      summary: 'Read one scroll the store owns',
      description:
        'Only for a scroll the store currently owns: 403 when it belongs to someone else (including after the store sold it), 404 when no such scroll exists. Rate limit: 60 per minute per key.',
      security: storeSecurity,
      params: scrollUuidParams,
      response: {
        200: refTo(scrollRecordSchema, 'The scroll.'),
        ...errorResponses(['unauthorized', 'forbidden', 'scroll_not_owned', 'scroll_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const outcome = await readStoreScroll(deps, storeOf(request), request.params.uuid);
      if (!outcome.ok) return replyFailure(reply, outcome);
      return presentScrollRecord(outcome.value);
    },
  });
}
