import type { FastifyInstance } from 'fastify';
import { PHOTO_RULES } from '../../../../domain/photo.ts';
import { registerScroll, registrationFields, requiredRegistrationFields } from '../../../../domain/register-scroll.ts';
import { MULTI_LINE_TEXT_RULES, ONE_LINE_TEXT_RULES } from '../../../../domain/text-fields.ts';
import { fail } from '../../../../errors.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { beginIdempotent, IDEMPOTENCY_DOC, idempotencyHeaderSchema } from '../../../idempotency.ts';
import { fileProperty, multipartDoc, readMultipart } from '../../../multipart.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { UPLOAD_LIMITS_DOC } from '../../../upload-guard.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';

export const registrationSchema = {
  $id: 'Registration',
  type: 'object',
  required: ['msg', 'uuid', 'qr_code'],
  properties: {
    msg: { type: 'string' },
    uuid: { type: 'string', description: 'The new scroll.' },
    qr_code: { type: 'string', description: 'Its QR short code.' },
  },
  examples: [{ msg: 'Mezuzah registered successfully.', uuid: example.scrollUuid, qr_code: example.qrCode }],
} as const;

export function registerMezuzahRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: 'POST',
    url: '/api/v1/store/register-mezuzah',
    schema: {
      tags: ['store'],
      operationId: 'registerMezuzah',
      summary: 'Register a new scroll (agent accounts only)',
      description: [
        'Registers the photographed scroll into the calling store\'s inventory, or, with `owner_uuid`, straight to that buyer (one credit consumed; a failed registration consumes nothing).',
        `The photo (${PHOTO_RULES}) is kept privately; a downsized JPEG preview, turned upright, becomes public.`,
        'Every scroll receives a QR short code, returned as `qr_code`; it resolves through scan-qrcode once the scroll is verified.',
        'Checks, in order: 403 not an agent; 400 `invalid_request` for a missing or malformed field (bad date, future date, examined before written, a `sofer`, `megiah` or `owner_uuid` that does not name a confirmed sofer, a confirmed megiah or a buyer account, an upload that is not an accepted photo); a uuid field gets one message whether its uuid names no account or another kind, so the answer shows no uuid to have an account; 400 `invalid` when the photo holds no readable scroll text; 400 `duplicate` when the scroll is already registered; 400 `no_credits` when `owner_uuid` is set and no credit is left.',
        IDEMPOTENCY_DOC,
        UPLOAD_LIMITS_DOC,
        'Rate limit: 30 per minute per key.',
      ].join('\n\n'),
      consumes: ['multipart/form-data'],
      security: storeSecurity,
      headers: idempotencyHeaderSchema,
      ...multipartDoc(
        {
          mezuzah: fileProperty('Photo of the scroll.'),
          sofer: { type: 'string', description: "The scribe's account uuid (a confirmed sofer).", examples: [example.soferUuid] },
          megiah: { type: 'string', description: "The examiner's account uuid (a confirmed megiah).", examples: [example.megiahUuid] },
          writtendate: { type: 'string', format: 'date', description: 'YYYY-MM-DD, not in the future.', examples: [example.writtenTime.slice(0, 10)] },
          examinateddate: {
            type: 'string',
            format: 'date',
            description: 'YYYY-MM-DD, not before writtendate, not in the future.',
            examples: [example.examinatedTime.slice(0, 10)],
          },
          font: { type: 'string', description: `Script font, up to 100 characters. ${ONE_LINE_TEXT_RULES}`, examples: [example.font] },
          size: { type: 'string', description: `Scroll size, up to 100 characters. ${ONE_LINE_TEXT_RULES}`, examples: [example.size] },
          note: { type: 'string', description: `Optional, up to 2000 characters. ${MULTI_LINE_TEXT_RULES}`, examples: ['Kosher lemehadrin; case not included.'] },
          owner_uuid: {
            type: 'string',
            description: 'Optional: a buyer (`user`) account that owns the scroll at once; consumes one credit.',
            examples: [example.buyerUuid],
          },
        },
        ['mezuzah', ...requiredRegistrationFields],
      ),
      response: {
        200: refTo(registrationSchema, 'Registered.'),
        ...errorResponses([
          'invalid_request', 'unusable_buyer', 'invalid_photo', 'duplicate', 'no_credits', 'unauthorized', 'forbidden', 'not_agent',
          'idempotency_key_in_use', 'idempotency_key_reused', 'too_large', 'busy',
        ]),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 30, per: 'key' }), requireStore(deps), deps.uploads.admit(1)],
    handler: async (request, reply) => {
      const store = storeOf(request);
      // The role is checked before the upload is read: a store must not make us buffer 25 MB to learn it is refused.
      if (store.role !== 'agent') return replyFailure(reply, fail('not_agent'));
      const form = await readMultipart(request, { files: ['mezuzah'], fields: registrationFields });
      if (!form.ok) return replyFailure(reply, form);
      if (!(await beginIdempotent(deps, request, reply, form.value))) return reply;
      const outcome = await registerScroll(deps, store, { ...form.value.fields, photo: form.value.files.mezuzah });
      if (!outcome.ok) return replyFailure(reply, outcome);
      return { msg: 'Mezuzah registered successfully.', uuid: outcome.value.uuid, qr_code: outcome.value.qrCode };
    },
  });
}
