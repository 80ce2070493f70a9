// GET /store/scrolls/{uuid}: one scroll the store owns, with the text check of
// its registration photo, its sticker, its certificate's downloads and the
// sale form.
import type { FastifyInstance } from 'fastify';
import { readScrollOverview } from '../../../../domain/read-scroll-overview.ts';
import { renderStoreScroll } from '../../../../presenters/portal/store-scroll.ts';
import { storeScrollWords } from '../../../../presenters/portal/words/store-scroll.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { storePage, type ScrollParams } from './access.ts';

const flashes = { registered: { kind: 'ok', words: storeScrollWords.registeredFlash } } as const;

export function storeScrollPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<ScrollParams>('/store/scrolls/:uuid', storePage(deps, 120), async (request, reply) => {
    // Another store's scroll is 404 here, not the API's 403: a page does not confirm that a uuid exists.
    const overview = await readScrollOverview(deps, signedInOf(request).account, request.params.uuid);
    if (!overview.ok) return sendErrorPage(request, reply, 404);
    const { scroll, credits, textCheck } = overview.value;
    return sendHtml(reply, 200, renderStoreScroll(viewContext(request, reply, flashes), scroll, credits, textCheck));
  });
}
