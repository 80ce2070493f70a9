import type { FastifyInstance } from 'fastify';
import { renderStickerSheetPdf, stickerSheet, stickersPerSheet } from '../../../../certificates/render-sticker.ts';
import { stickerSizeMm } from '../../../../certificates/sticker-layout.ts';
import { gatherStickers, MAX_STICKERS_PER_SHEET_REQUEST } from '../../../../domain/gather-stickers.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { beginIdempotent, IDEMPOTENCY_DOC, idempotencyHeaderSchema } from '../../../idempotency.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { binaryResponse, errorResponses, refTo, storeSecurity } from '../../../schemas.ts';
import { contentTypes, sendFile } from '../../../send-file.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';

export const stickerSheetRequestSchema = {
  $id: 'StickerSheetRequest',
  type: 'object',
  required: ['uuids'],
  additionalProperties: false,
  properties: {
    uuids: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_STICKERS_PER_SHEET_REQUEST,
      items: { type: 'string' },
      description: `Scrolls to print, 1 to ${MAX_STICKERS_PER_SHEET_REQUEST}.`,
    },
  },
  examples: [{ uuids: [example.scrollUuid, example.scrollUuid] }],
} as const;

export function mezuzahStickerSheetRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Body: { uuids: string[] } }>({
    method: 'POST',
    url: '/api/v1/store/mezuzah-sticker-sheet',
    schema: {
      tags: ['store'],
      operationId: 'printStickerSheet',
      summary: 'QR stickers of many scrolls on A4 label sheets (beyond the spec)',
      description: `A PDF of A4 label sheets, ${stickerSheet.columns} × ${stickerSheet.rows} labels of ${stickerSizeMm.width} × ${stickerSizeMm.height} mm each (${stickersPerSheet} per page), filled row by row in the order given; print at actual size. Each sticker is the one \`mezuzah-sticker/{uuid}\` returns. A uuid listed twice prints twice. Every scroll must be in the store's inventory: the first that is not answers 403 (another owner's) or 404 (unknown), naming its uuid. Rate limit: 10 per minute per key.\n\n${IDEMPOTENCY_DOC}`,
      security: storeSecurity,
      headers: idempotencyHeaderSchema,
      body: refTo(stickerSheetRequestSchema),
      response: {
        200: binaryResponse('The label sheets.', [contentTypes.pdf]),
        ...errorResponses(['invalid_request', 'unauthorized', 'forbidden', 'scroll_not_owned', 'scroll_not_found', 'idempotency_key_in_use', 'idempotency_key_reused', 'too_large']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before the body is read.
    onRequest: [rateLimit(deps, { perMinute: 10, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      if (!(await beginIdempotent(deps, request, reply, request.body))) return reply;
      const outcome = await gatherStickers(deps, storeOf(request), request.body.uuids);
      if (!outcome.ok) return replyFailure(reply, outcome);
      const pdf = await renderStickerSheetPdf(outcome.value);
      return sendFile(reply, { format: 'pdf', body: Buffer.from(pdf), cache: 'private', disposition: { as: 'attachment', name: 'mezuzah-stickers' } });
    },
  });
}
