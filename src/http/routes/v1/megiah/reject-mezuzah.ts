import type { FastifyInstance } from 'fastify';
import { MAX_REJECTION_NOTE, rejectScroll } from '../../../../domain/reject-scroll.ts';
import { MULTI_LINE_TEXT_RULES } from '../../../../domain/text-fields.ts';
import { presentRejection } from '../../../../presenters/rejection.ts';
import { rejectionReasons, rejectionReasonWords } from '../../../../text/rejection-reasons.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { megiahOf, requireMegiah } from '../../../megiah-auth.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { deciderRef, errorResponses, megiahSecurity, refTo, scrollUuidParams, timestamp } from '../../../schemas.ts';

type RejectBody = { reason: string; note?: string };

const reasonList = rejectionReasons.map((reason) => `\`${reason}\` (${rejectionReasonWords[reason].en})`).join(', ');

export const rejectionRequestSchema = {
  $id: 'RejectionRequest',
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: {
    reason: { type: 'string', enum: [...rejectionReasons], description: 'Why the examination is not confirmed.' },
    note: { type: 'string', description: `For the store: which letters, where, what to do. Up to ${MAX_REJECTION_NOTE} characters; required when \`reason\` is \`other\`.` },
  },
  examples: [{ reason: 'other', note: 'The he in line 3 touches its neighbour; please repair and send again.' }],
} as const;

export const rejectionSchema = {
  $id: 'Rejection',
  type: 'object',
  required: ['msg', 'uuid', 'is_verified', 'reason', 'note', 'rejected_time', 'rejected_by', 'already_rejected'],
  properties: {
    msg: { type: 'string' },
    uuid: { type: 'string' },
    is_verified: { type: 'boolean', enum: [false] },
    reason: { type: 'string', enum: [...rejectionReasons] },
    note: { type: 'string', description: 'Empty string when none.' },
    rejected_time: { ...timestamp, description: 'When the current rejection was recorded, UTC.' },
    rejected_by: deciderRef('Who rejected it: this megiah, or an admin.'),
    already_rejected: { type: 'boolean', description: 'True when the scroll stood rejected with this very reason and note before this request, which changed nothing.' },
  },
  examples: [
    {
      msg: 'Examination rejected.',
      uuid: example.scrollUuid,
      is_verified: false,
      reason: 'other',
      note: 'The he in line 3 touches its neighbour; please repair and send again.',
      rejected_time: example.createTime,
      rejected_by: { uuid: example.megiahUuid, username: example.megiah, role: 'megiah' },
      already_rejected: false,
    },
  ],
} as const;

export function rejectMezuzahRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { uuid: string }; Body: RejectBody }>({
    method: 'POST',
    url: '/api/v1/megiah/reject-mezuzah/:uuid',
    schema: {
      tags: ['megiah'],
      operationId: 'rejectMezuzah',
      summary: 'Reject the examination of a scroll, with a reason (beyond the spec)',
      description: [
        "The megiah named on the scroll refuses to confirm its examination, with a reason from a short list and an optional note for the store. The scroll stays `is_verified: false` and leaves the megiah's queue; its QR code keeps answering 404 `not_found` (scan-qrcode and the `/q/` page alike); the store's portal shows the reason and the note on the scroll's page and marks it in the inventory; a stored certificate is reissued to say it was rejected, with the reason (not the note). Every decision is kept in the megiah's history.",
        "Only that megiah's own key is accepted, as for verify-mezuzah: 401 without a valid key, 403 `{msg}` for a key of another role or of a megiah not named on this scroll (`not_scroll_megiah`), 404 for an unknown scroll.",
        "- Rejecting a verified scroll: 409 `already_verified`, and nothing changes. A buyer may already hold the scroll by its confirmation, which a rejection must not silently revoke.\n- Rejecting again with the same reason and note (a retry): 200 with `already_rejected: true` and the first rejection's time and author; nothing is recorded.\n- Rejecting again with another reason or note: a new decision that replaces the current one (200, `already_rejected: false`); both stay in the history.\n- Verifying a rejected scroll (verify-mezuzah, once it has been repaired or examined again) is allowed: it ends the rejection and the QR code starts to resolve.",
        `JSON body. \`reason\`: one of ${reasonList}. \`note\`: optional (required with \`other\`), up to ${MAX_REJECTION_NOTE} characters. ${MULTI_LINE_TEXT_RULES}`,
        'Rate limit: 30 per minute per key.',
      ].join('\n\n'),
      security: megiahSecurity,
      params: scrollUuidParams,
      body: refTo(rejectionRequestSchema),
      response: {
        200: refTo(rejectionSchema, 'Rejected (or rejected before with this reason and note).'),
        ...errorResponses(['invalid_request', 'unauthorized', 'forbidden', 'not_scroll_megiah', 'scroll_not_found', 'already_verified', 'too_large']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 30, per: 'key' }), requireMegiah(deps)],
    handler: async (request, reply) => {
      const outcome = await rejectScroll(deps, request.params.uuid, { reason: request.body.reason, note: request.body.note }, { account: megiahOf(request) });
      if (!outcome.ok) return replyFailure(reply, outcome);
      const msg = outcome.value.alreadyRejected ? 'The examination was already rejected for this reason.' : 'Examination rejected.';
      return { msg, ...presentRejection(outcome.value) };
    },
  });
}
