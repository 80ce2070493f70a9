import type { FastifyInstance } from 'fastify';
import { lookUpDirectoryEntry } from '../../../../domain/look-up-directory-entry.ts';
import { presentDirectoryEntry } from '../../../../presenters/directory-entry.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore } from '../../../store-auth.ts';
import { directoryEntrySchema } from './directory-entry-schema.ts';

export function sofersMegiahsLookupRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Querystring: { email?: string; username?: string } }>({
    method: 'GET',
    url: '/api/v1/store/sofers-megiahs/lookup',
    schema: {
      tags: ['store'],
      operationId: 'lookupSoferMegiah',
      summary: 'Find one confirmed sofer or megiah',
      description:
        'Exact, case-insensitive match on `email`, or on `username` when email is omitted. Provide one: neither is 400 `{msg}` (as the spec shows); with both, `username` is ignored and the entry is looked up by `email`, as the spec says username is used only when email is omitted. 404 when nothing matches. Rate limit: 60 per minute per key.',
      security: storeSecurity,
      querystring: {
        type: 'object',
        properties: {
          email: { type: 'string', description: 'Exact, case-insensitive.', examples: ['yosef.katz@example.org'] },
          username: { type: 'string', description: 'Exact, case-insensitive; used only when `email` is omitted.', examples: [example.megiah] },
        },
      },
      response: {
        200: refTo(directoryEntrySchema, 'The sofer or megiah.'),
        ...errorResponses(['lookup_criteria_missing', 'invalid_request', 'unauthorized', 'forbidden', 'directory_entry_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const outcome = await lookUpDirectoryEntry(deps, request.query);
      if (!outcome.ok) return replyFailure(reply, outcome);
      return presentDirectoryEntry(outcome.value);
    },
  });
}
