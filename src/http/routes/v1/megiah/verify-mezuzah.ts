import type { FastifyInstance } from 'fastify';
import { verifyScroll } from '../../../../domain/verify-scroll.ts';
import { presentVerification } from '../../../../presenters/verification.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { megiahOf, requireMegiah } from '../../../megiah-auth.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { deciderRef, errorResponses, megiahSecurity, refTo, scrollUuidParams, timestamp } from '../../../schemas.ts';

export const verificationSchema = {
  $id: 'Verification',
  type: 'object',
  required: ['msg', 'uuid', 'is_verified', 'verified_time', 'verified_by', 'already_verified'],
  properties: {
    msg: { type: 'string' },
    uuid: { type: 'string' },
    is_verified: { type: 'boolean', enum: [true] },
    verified_time: { ...timestamp, description: 'When the examination was confirmed, UTC.' },
    verified_by: deciderRef('Who confirmed it: this megiah, or an admin who confirmed it earlier.'),
    already_verified: { type: 'boolean', description: 'True when the scroll was verified before this request, which changed nothing.' },
  },
  examples: [
    {
      msg: 'Examination confirmed.',
      uuid: example.scrollUuid,
      is_verified: true,
      verified_time: example.createTime,
      verified_by: { uuid: example.megiahUuid, username: example.megiah, role: 'megiah' },
      already_verified: false,
    },
  ],
} as const;

export function verifyMezuzahRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { uuid: string } }>({
    method: 'POST',
    url: '/api/v1/megiah/verify-mezuzah/:uuid',
    schema: {
      tags: ['megiah'],
      operationId: 'verifyMezuzah',
      summary: "Confirm the examination of a scroll (beyond the spec)",
      description:
        "The megiah named on the scroll confirms its examination: `is_verified` becomes true, the QR code starts to resolve, the confirmation records who and when, and a stored certificate is reissued. Only that megiah's own key is accepted: 401 without a valid key, 403 `{msg}` for a key of another role or of a megiah not named on this scroll, 404 for an unknown scroll. Idempotent: confirming a verified scroll again answers 200 with `already_verified: true` and the first confirmation's time and megiah. A scroll rejected earlier (reject-mezuzah) may be confirmed once it has been examined again: the confirmation ends the rejection, and both stay in the megiah's history. No body. Rate limit: 30 per minute per key.",
      security: megiahSecurity,
      params: scrollUuidParams,
      response: {
        200: refTo(verificationSchema, 'Confirmed (or confirmed before).'),
        ...errorResponses(['unauthorized', 'forbidden', 'not_scroll_megiah', 'scroll_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too.
    onRequest: [rateLimit(deps, { perMinute: 30, per: 'key' }), requireMegiah(deps)],
    handler: async (request, reply) => {
      const outcome = await verifyScroll(deps, request.params.uuid, { account: megiahOf(request) });
      if (!outcome.ok) return replyFailure(reply, outcome);
      const msg = outcome.value.alreadyVerified ? 'The examination was already confirmed.' : 'Examination confirmed.';
      return { msg, ...presentVerification(outcome.value) };
    },
  });
}
