// GET /store/scrolls/{uuid}/sticker.svg|png: the scroll's QR sticker, as the
// API's mezuzah-sticker makes it, with its limit.
import type { FastifyInstance } from 'fastify';
import { renderStickerPng, renderStickerSvg } from '../../../../certificates/render-sticker.ts';
import { gatherStickers } from '../../../../domain/gather-stickers.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendFile } from '../../../send-file.ts';
import { sendErrorPage } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { storePage, type ScrollParams } from './access.ts';

export function scrollStickerPage(app: FastifyInstance, deps: AppDeps): void {
  for (const format of ['svg', 'png'] as const) {
    app.get<ScrollParams>(`/store/scrolls/:uuid/sticker.${format}`, storePage(deps, 60), async (request, reply) => {
      const outcome = await gatherStickers(deps, signedInOf(request).account, [request.params.uuid]);
      if (!outcome.ok) return sendErrorPage(request, reply, 404);
      const [payload] = outcome.value;
      const body = format === 'svg' ? await renderStickerSvg(payload) : Buffer.from(await renderStickerPng(payload));
      // The SVG is shown on the scroll's page; the PNG is the one downloaded for printing.
      const disposition = { as: format === 'svg' ? 'inline' : 'attachment', name: `mezuzah-sticker-${payload.code}` } as const;
      return sendFile(reply, { format, body, cache: 'private', disposition });
    });
  }
}
