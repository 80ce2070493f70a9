import type { FastifyInstance } from 'fastify';
import { renderStickerPng, renderStickerSvg } from '../../../../certificates/render-sticker.ts';
import { stickerSizeMm } from '../../../../certificates/sticker-layout.ts';
import { gatherStickers } from '../../../../domain/gather-stickers.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { binaryResponse, errorResponses, scrollUuidParams, storeSecurity } from '../../../schemas.ts';
import { contentTypes, sendFile } from '../../../send-file.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';

const formats = ['png', 'svg'] as const;
type Format = (typeof formats)[number];

export function mezuzahStickerRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { uuid: string }; Querystring: { format?: Format } }>({
    method: 'GET',
    url: '/api/v1/store/mezuzah-sticker/:uuid',
    schema: {
      tags: ['store'],
      operationId: 'getMezuzahSticker',
      summary: "A scroll's print-ready QR sticker (beyond the spec)",
      description: `The QR sticker for the scroll's case: a ${stickerSizeMm.width} × ${stickerSizeMm.height} mm label whose QR code encodes \`{base_url}/q/{code}\`, with the code printed under it. \`format=png\` (default; 600 dpi) or \`format=svg\` (vector, text as outlines, physical size in mm). Errors as for the single-scroll read: 403 another owner's scroll, 404 unknown. Rate limit: 60 per minute per key.`,
      security: storeSecurity,
      params: scrollUuidParams,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { format: { type: 'string', enum: [...formats], default: 'png', examples: ['png'] } },
      },
      response: {
        200: binaryResponse('The sticker.', formats.map((format) => contentTypes[format])),
        ...errorResponses(['invalid_request', 'unauthorized', 'forbidden', 'scroll_not_owned', 'scroll_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 60, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const outcome = await gatherStickers(deps, storeOf(request), [request.params.uuid]);
      if (!outcome.ok) return replyFailure(reply, outcome);
      const [sticker] = outcome.value;
      const format = request.query.format ?? 'png';
      const body = format === 'svg' ? await renderStickerSvg(sticker) : Buffer.from(await renderStickerPng(sticker));
      // Keyed responses are the store's own; the sticker may still be reissued under another base URL.
      return sendFile(reply, { format, body, cache: 'private', disposition: { as: 'inline', name: `mezuzah-sticker-${sticker.code}` } });
    },
  });
}
