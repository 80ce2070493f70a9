import type { FastifyInstance } from 'fastify';
import { listDirectory } from '../../../../domain/list-directory.ts';
import { presentDirectoryEntry } from '../../../../presenters/directory-entry.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { pageAnswer, pageSchema, paginationQuerySchema, parsePagination } from '../../../pagination.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore } from '../../../store-auth.ts';
import { directoryEntrySchema } from './directory-entry-schema.ts';

export const directoryPageSchema = pageSchema('DirectoryPage', 'sofers_megiahs', directoryEntrySchema);

export function sofersMegiahsRoute(app: FastifyInstance, deps: AppDeps): void {
  const answer = pageAnswer('sofers_megiahs', presentDirectoryEntry);
  app.route<{ Querystring: { page: number; per_page: number; role?: 'sofer' | 'megiah' } }>({
    method: 'GET',
    url: '/api/v1/store/sofers-megiahs',
    schema: {
      tags: ['store'],
      operationId: 'listSofersMegiahs',
      summary: 'Directory of confirmed sofers and megiahs',
      description: 'Only confirmed sofers and megiahs are listed, oldest first. Rate limit: 60 per minute per key.',
      security: storeSecurity,
      querystring: {
        type: 'object',
        properties: {
          ...paginationQuerySchema,
          role: { type: 'string', enum: ['sofer', 'megiah'], description: 'Omit for both.' },
        },
      },
      response: {
        200: refTo(directoryPageSchema, 'One page of the directory.'),
        ...errorResponses(['invalid_request', 'unauthorized', 'forbidden']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const pagination = parsePagination(request.query);
      if (!pagination.ok) return replyFailure(reply, pagination);
      const page = await listDirectory(deps, request.query.role, pagination.value);
      return answer(reply, pagination.value, page);
    },
  });
}
