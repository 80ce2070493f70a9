import type { FastifyInstance } from 'fastify';
import { identifyScroll } from '../../../../domain/identify-scroll.ts';
import { PHOTO_RULES } from '../../../../domain/photo.ts';
import { presentPublicCheckResult } from '../../../../presenters/public-check-result.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { fileProperty, multipartDoc, readMultipart } from '../../../multipart.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { UPLOAD_LIMITS_DOC } from '../../../upload-guard.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { errorResponses, publicSecurity, refTo, relativeUrl, timestamp } from '../../../schemas.ts';

export const publicCheckResultSchema = {
  $id: 'PublicCheckResult',
  type: 'object',
  description: 'The registered scroll in the photo (spec §2.2).',
  required: ['status', 'uuid', 'preview_url', 'create_time', 'examinated_time', 'font', 'owner', 'sofer', 'megiah'],
  properties: {
    status: { type: 'string', enum: ['success'] },
    uuid: { type: 'string' },
    preview_url: relativeUrl('Downsized copy of the registration photo (at most 640 px, metadata stripped).'),
    create_time: timestamp,
    examinated_time: { ...timestamp, description: 'Examination date; the time part is 00:00:00.' },
    font: { type: 'string' },
    owner: {
      type: 'object',
      description:
        'Current owner: the store while in inventory, the buyer once sold. For a private owner (role `user`) lat/lng are rounded to 2 decimals (about 1 km); an owner without a known location reports 0, 0.',
      required: ['username', 'lat', 'lng', 'country', 'role', 'uuid'],
      properties: {
        username: { type: 'string' },
        lat: { type: 'number' },
        lng: { type: 'number' },
        country: { type: 'string' },
        role: { type: 'string', enum: ['user', 'store', 'agent'], description: '`user` is a private buyer; `store` and `agent` are stores.' },
        uuid: { type: 'string' },
      },
    },
    sofer: { type: 'string', description: "The scribe's username." },
    megiah: { type: 'string', description: "The examiner's username." },
  },
  examples: [
    {
      status: 'success',
      uuid: example.scrollUuid,
      preview_url: `static/previews/${example.scrollUuid}.jpg`,
      create_time: example.createTime,
      examinated_time: example.examinatedTime,
      font: example.font,
      owner: { username: example.buyer, lat: 31.78, lng: 35.22, country: 'Israel', role: 'user', uuid: example.buyerUuid },
      sofer: example.sofer,
      megiah: example.megiah,
    },
  ],
} as const;

export function checkMezuzahRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: 'POST',
    url: '/api/v1/public/check-mezuzah',
    schema: {
      tags: ['public'],
      operationId: 'checkMezuzah',
      security: publicSecurity,
      summary: 'Identify a photographed scroll',
      description: `Looks the photographed scroll up among all registered scrolls. The answer states registration, not examination: a scroll awaiting its megiah's confirmation, and one its megiah rejected, answer 200 \`success\` like a verified one (spec §2.2 has no field for it, and a rejected scroll is still registered: answering \`not_found\` would tell a buyer it is unknown). Whether it is verified is what scan-qrcode answers: only verified scrolls resolve. Photo: ${PHOTO_RULES}. ${UPLOAD_LIMITS_DOC} Rate limit: 10 per minute per IP.`,
      consumes: ['multipart/form-data'],
      ...multipartDoc({ image: fileProperty('Photo of the scroll.') }, ['image']),
      response: {
        200: refTo(publicCheckResultSchema, 'The registered scroll in the photo.'),
        ...errorResponses(['invalid_request', 'invalid_photo', 'no_match', 'too_large', 'busy']),
      },
    },
    onRequest: [rateLimit(deps, { perMinute: 10, per: 'ip' }), deps.uploads.admit(1)],
    handler: async (request, reply) => {
      const form = await readMultipart(request, { files: ['image'], fields: [] });
      if (!form.ok) return replyFailure(reply, form);
      const outcome = await identifyScroll(deps, form.value.files.image, { ip: request.ip });
      if (!outcome.ok) return replyFailure(reply, outcome);
      return presentPublicCheckResult(outcome.value);
    },
  });
}
