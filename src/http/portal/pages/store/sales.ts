// GET /store/sales: the store's sales, newest first.
import type { FastifyInstance } from 'fastify';
import { listSales } from '../../../../domain/list-sales.ts';
import { renderSales } from '../../../../presenters/portal/store-sales.ts';
import { saleWords } from '../../../../presenters/portal/words/store-sale.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { listingOf, storePage, type ListingQuery } from './access.ts';

/** Where a sale from the form lands (scroll-sale.ts): the scroll has left the inventory, and its sale is listed here. */
const flashes = {
  sold: { kind: 'ok', words: saleWords.soldFlash },
  alreadySold: { kind: 'ok', words: saleWords.alreadySoldFlash },
} as const;

export function salesPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<ListingQuery>('/store/sales', storePage(deps, 120), async (request, reply) => {
    const pagination = listingOf(request);
    if (pagination === null) return sendErrorPage(request, reply, 400);
    const sales = await listSales(deps, signedInOf(request).account, pagination);
    return sendHtml(reply, 200, renderSales(viewContext(request, reply, flashes), sales, { ...pagination, total: sales.total, perPageParam: request.query.per_page }));
  });
}
