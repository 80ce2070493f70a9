// GET /store/sticker-sheet.pdf?scroll=…: the QR stickers of the scrolls ticked
// on the inventory (or the one scroll of a scroll's page) on A4 label sheets,
// made as the API's mezuzah-sticker-sheet makes them. A GET, since it changes
// nothing: the inventory's checkboxes are a plain form, working without script.
import type { FastifyInstance } from 'fastify';
import { renderStickerSheetPdf } from '../../../../certificates/render-sticker.ts';
import { gatherStickers } from '../../../../domain/gather-stickers.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendFile } from '../../../send-file.ts';
import { redirectWithFlash, sendErrorPage } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { storePage } from './access.ts';

type SheetQuery = { Querystring: { scroll?: string | string[] } };

export function stickerSheetPage(app: FastifyInstance, deps: AppDeps): void {
  // The API's limit for the sheet: rendering many stickers is the costly part.
  app.get<SheetQuery>('/store/sticker-sheet.pdf', storePage(deps, 10), async (request, reply) => {
    const chosen = request.query.scroll;
    const uuids = chosen === undefined ? [] : Array.isArray(chosen) ? chosen : [chosen];
    if (uuids.length === 0) return redirectWithFlash(request, reply, '/store/inventory', 'noneChosen');
    const outcome = await gatherStickers(deps, signedInOf(request).account, uuids);
    if (!outcome.ok) return sendErrorPage(request, reply, outcome.code === 'invalid_request' ? 400 : 404);
    const pdf = await renderStickerSheetPdf(outcome.value);
    return sendFile(reply, { format: 'pdf', body: Buffer.from(pdf), cache: 'private', disposition: { as: 'attachment', name: 'mezuzah-stickers' } });
  });
}
