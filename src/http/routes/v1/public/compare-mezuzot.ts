import type { FastifyInstance } from 'fastify';
import { compareScrolls } from '../../../../domain/compare-scrolls.ts';
import { PHOTO_RULES } from '../../../../domain/photo.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { fileProperty, multipartDoc, readMultipart } from '../../../multipart.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { UPLOAD_LIMITS_DOC } from '../../../upload-guard.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, publicSecurity, refTo } from '../../../schemas.ts';

export const comparisonSchema = {
  $id: 'Comparison',
  type: 'object',
  description:
    'Either the comparison (spec §2.3: similarity, is_matched, status `success`) or, when one or both photos hold no readable scroll, `{status: "invalid", msg}`, still with HTTP 200 as the spec prescribes.',
  required: ['status'],
  properties: {
    similarity: { type: 'number', description: 'Calibrated similarity in [0, 1].' },
    is_matched: { type: 'boolean', description: 'Whether both photos show the same physical scroll.' },
    status: { type: 'string', enum: ['success', 'invalid'] },
    msg: { type: 'string', description: 'Present with status `invalid`: which photo is unreadable.' },
  },
  examples: [
    { similarity: 0.93, is_matched: true, status: 'success' },
    { status: 'invalid', msg: 'image2 holds no readable scroll text.' },
  ],
} as const;

export function compareMezuzotRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: 'POST',
    url: '/api/v1/public/compare-mezuzot',
    schema: {
      tags: ['public'],
      operationId: 'compareMezuzot',
      security: publicSecurity,
      summary: 'Compare two photos of scrolls',
      description: `Tells whether two photos show the same physical scroll. Photos: ${PHOTO_RULES} each. ${UPLOAD_LIMITS_DOC} Rate limit: 10 per minute per IP.`,
      consumes: ['multipart/form-data'],
      ...multipartDoc(
        { image1: fileProperty('First photo.'), image2: fileProperty('Second photo.') },
        ['image1', 'image2'],
      ),
      response: { 200: refTo(comparisonSchema, 'The comparison, or which photo holds no readable scroll.'), ...errorResponses(['invalid_request', 'too_large', 'busy']) },
    },
    onRequest: [rateLimit(deps, { perMinute: 10, per: 'ip' }), deps.uploads.admit(2)],
    handler: async (request, reply) => {
      const form = await readMultipart(request, { files: ['image1', 'image2'], fields: [] });
      if (!form.ok) return replyFailure(reply, form);
      const outcome = await compareScrolls(deps, form.value.files.image1, form.value.files.image2, { ip: request.ip });
      if (!outcome.ok) return replyFailure(reply, outcome);
      const result = outcome.value;
      if (result.kind === 'unreadable') return { status: 'invalid', msg: result.msg };
      return { similarity: result.similarity, is_matched: result.isMatched, status: 'success' };
    },
  });
}
