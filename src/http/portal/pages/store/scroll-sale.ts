// GET/POST /store/scrolls/{uuid}/sale: the sale form, and the sale itself
// through the API's use case (sellScroll), then see-other to the sales with a
// one-time message. A form sent twice (a double click without script, a
// retry) meets the sale already recorded: the scroll is no longer the
// store's, nothing is sold or spent again, and the store is told so.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findOwnSale } from '../../../../domain/find-own-sale.ts';
import { readScrollForSale } from '../../../../domain/read-scroll-for-sale.ts';
import { sellScroll, type BuyerInput } from '../../../../domain/sell-scroll.ts';
import { renderSalePage, saleFields, type SaleState, type SaleValues } from '../../../../presenters/portal/store-sale.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { redirectWithFlash, sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { storeForm, storePage, type ScrollParams } from './access.ts';

type SaleForm = ScrollParams & { Body: Record<string, string | undefined> };

/** The buyer as the form names it: by an account's email or username, or by the details of a buyer without one. */
function buyerOf(values: SaleValues): BuyerInput {
  if (values.buyer === 'new') {
    return { kind: 'new', username: values.username ?? '', email: values.email ?? '', country: values.country, city: values.city };
  }
  const named = (values.account ?? '').trim();
  return { kind: 'account', by: named.includes('@') ? 'email' : 'username', value: named };
}

export function scrollSalePage(app: FastifyInstance, deps: AppDeps): void {
  app.get<ScrollParams>('/store/scrolls/:uuid/sale', storePage(deps, 120), async (request, reply) => {
    const forSale = await readScrollForSale(deps, signedInOf(request).account, request.params.uuid);
    if (!forSale.ok) return sendErrorPage(request, reply, 404);
    return sendHtml(reply, 200, renderSalePage(viewContext(request, reply), forSale.value.scroll, forSale.value.credits));
  });

  // The API's limit for sell-mezuzah.
  app.post<SaleForm>('/store/scrolls/:uuid/sale', storeForm(deps, 30), async (request, reply) => {
    const store = signedInOf(request).account;
    const values: SaleValues = Object.fromEntries(saleFields.map((name) => [name, request.body[name]]));
    const outcome = await sellScroll(deps, store, { scrollUuid: request.params.uuid, buyer: buyerOf(values), note: values.note ?? '' });
    if (outcome.ok) return redirectWithFlash(request, reply, '/store/sales', 'sold');
    if (outcome.code === 'scroll_not_owned' || outcome.code === 'scroll_not_found') {
      // Another store's scroll is 404, as on its page; one this store sold is the retried form.
      const sold = await findOwnSale(deps, store, request.params.uuid);
      return sold === undefined ? sendErrorPage(request, reply, 404) : redirectWithFlash(request, reply, '/store/sales', 'alreadySold');
    }
    return sendSalePage(request, reply, { values, problem: { code: outcome.code, msg: outcome.msg } });
  });

  async function sendSalePage(request: FastifyRequest<ScrollParams>, reply: FastifyReply, state: SaleState) {
    const forSale = await readScrollForSale(deps, signedInOf(request).account, request.params.uuid);
    if (!forSale.ok) return sendErrorPage(request, reply, 404);
    return sendHtml(reply, 400, renderSalePage(viewContext(request, reply), forSale.value.scroll, forSale.value.credits, state));
  }
}
