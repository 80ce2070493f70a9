import type { FastifyInstance } from 'fastify';
import { checkScrollText } from '../../../../domain/check-scroll-text.ts';
import { PHOTO_RULES } from '../../../../domain/photo.ts';
import { presentTextCheck } from '../../../../presenters/text-check.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { fileProperty, multipartDoc, readMultipart } from '../../../multipart.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { errorResponses, publicSecurity, refTo } from '../../../schemas.ts';
import { UPLOAD_LIMITS_DOC } from '../../../upload-guard.ts';
import { TEXT_CHECK_AID_DOC, textFindingSchema, textReadSchema, textVerdictSchema } from '../text-check-schema.ts';

export const textCheckResultSchema = {
  $id: 'TextCheckResult',
  type: 'object',
  description: 'The text of the scroll in the photo, checked letter by letter against the text of the mezuzah.',
  required: ['status', 'verdict', 'findings', 'read'],
  properties: {
    status: { type: 'string', enum: ['success'] },
    verdict: textVerdictSchema,
    findings: { type: 'array', items: refTo(textFindingSchema), description: 'Each place where the text as written differs from the correct text, or may.' },
    read: refTo(textReadSchema),
  },
  examples: [{ status: 'success', verdict: 'errors_found', findings: textFindingSchema.examples, read: textReadSchema.examples[0] }],
} as const;

export function textCheckRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: 'POST',
    url: '/api/v1/public/text-check',
    schema: {
      tags: ['public'],
      operationId: 'checkMezuzahText',
      security: publicSecurity,
      summary: "Check a photographed scroll's text, letter by letter (beyond the spec)",
      description: `${TEXT_CHECK_AID_DOC} Each missing, extra, wrong, swapped, touching or broken letter, and each missing or extra word, is a finding with its place in the text and its box in the photo. \`read\` says how much of the text the photo let the check read; \`no_errors_found\` needs all 713 letters read, so a photo of part of the scroll can at most show errors in that part. A photo in which no scroll text can be read, or whose letters are too blurred or too small to be told one by one, is 400 \`invalid\` (\`msg\` says which). Photo: ${PHOTO_RULES}; the same photo policy as check-mezuzah. ${UPLOAD_LIMITS_DOC} The check runs in the identification engine, queued per client as check-mezuzah is. Rate limit: 10 per minute per IP.`,
      consumes: ['multipart/form-data'],
      ...multipartDoc({ image: fileProperty('Photo of the scroll, the whole text in view.') }, ['image']),
      response: {
        200: refTo(textCheckResultSchema, 'The text of the scroll in the photo, checked.'),
        ...errorResponses(['invalid_request', 'invalid_photo', 'too_large', 'busy']),
      },
    },
    onRequest: [rateLimit(deps, { perMinute: 10, per: 'ip' }), deps.uploads.admit(1)],
    handler: async (request, reply) => {
      const form = await readMultipart(request, { files: ['image'], fields: [] });
      if (!form.ok) return replyFailure(reply, form);
      const outcome = await checkScrollText(deps, form.value.files.image, { ip: request.ip });
      if (!outcome.ok) return replyFailure(reply, outcome);
      return presentTextCheck(outcome.value);
    },
  });
}
