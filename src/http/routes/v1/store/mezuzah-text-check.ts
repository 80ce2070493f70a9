import type { FastifyInstance } from 'fastify';
import { readScrollTextCheck } from '../../../../domain/read-scroll-text-check.ts';
import { presentStoredTextCheck } from '../../../../presenters/text-check.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { errorResponses, refTo, scrollUuidParams, storeSecurity, timestamp, unnamed } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';
import { TEXT_CHECK_AID_DOC, textFindingSchema, textReadSchema, textVerdictSchema } from '../text-check-schema.ts';

const whileNotDone = 'null until the check is `done` (while `pending`, and when it `failed`).';

export const storedTextCheckSchema = {
  $id: 'StoredTextCheck',
  type: 'object',
  description: "The text check of the scroll's registration photo, as far as it has run.",
  required: ['status', 'state', 'checked_time', 'verdict', 'findings', 'read', 'failure'],
  properties: {
    status: { type: 'string', enum: ['success'] },
    state: {
      type: 'string',
      enum: ['pending', 'done', 'failed'],
      description:
        '`pending`: not yet run (it runs after the registration has answered, usually within seconds). `done`: `verdict`, `findings` and `read` hold its result. `failed`: no check could be made of the registration photo; `failure` says why.',
    },
    checked_time: { ...timestamp, nullable: true, description: 'When the check was done or given up; null while `pending`.' },
    verdict: { ...textVerdictSchema, enum: [...textVerdictSchema.enum, null], nullable: true, description: `${textVerdictSchema.description} ${whileNotDone}` },
    findings: { type: 'array', items: refTo(textFindingSchema), nullable: true, description: `Each place where the text as written differs from the correct text, or may; ${whileNotDone}` },
    read: { ...unnamed(textReadSchema), nullable: true, description: `${textReadSchema.description} ${whileNotDone}` },
    failure: { type: 'string', nullable: true, description: 'Why no check could be made (the photo unreadable letter by letter, say), when `failed`; null otherwise.' },
  },
  examples: [
    {
      status: 'success',
      state: 'done',
      checked_time: example.createTime,
      verdict: 'errors_found',
      findings: textFindingSchema.examples,
      read: textReadSchema.examples[0],
      failure: null,
    },
  ],
} as const;

export function mezuzahTextCheckRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { uuid: string } }>({
    method: 'GET',
    url: '/api/v1/store/mezuzah-text-check/:uuid',
    schema: {
      tags: ['store'],
      operationId: 'getMezuzahTextCheck',
      summary: "The text check of a scroll's registration photo (beyond the spec)",
      description: `Every registration photo is text-checked after the registration has answered, and the result kept with the scroll; this reads it. ${TEXT_CHECK_AID_DOC} The fields are those of public/text-check. Only for a scroll the store currently owns: 403 when it belongs to someone else (including after the store sold it), 404 when no such scroll exists, as mezuzah/{uuid}. Rate limit: 60 per minute per key.`,
      security: storeSecurity,
      params: scrollUuidParams,
      response: {
        200: refTo(storedTextCheckSchema, "The scroll's text check, as far as it has run."),
        ...errorResponses(['unauthorized', 'forbidden', 'scroll_not_owned', 'scroll_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const outcome = await readScrollTextCheck(deps, storeOf(request), request.params.uuid);
      if (!outcome.ok) return replyFailure(reply, outcome);
      return presentStoredTextCheck(outcome.value);
    },
  });
}
