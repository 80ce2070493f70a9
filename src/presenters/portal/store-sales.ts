// GET /store/sales: the store's sales, newest first.
import type { Page, SaleDetails } from '../../db/records.ts';
import { data, pager, queryString, timestamp } from './components.ts';
import { html } from './html.ts';
import { say } from './language.ts';
import { renderPage } from './layout.ts';
import type { ListingState } from './store-overview.ts';
import type { ViewContext } from './view-context.ts';
import { salesWords as words } from './words/store-sales.ts';

export function renderSales(ctx: ViewContext, sales: Page<SaleDetails>, state: ListingState): string {
  const { lang } = ctx;
  // The scroll is the buyer's now: its uuid is shown as text, since the store's scroll page would refuse it.
  const rows = sales.items.map(
    (sale) => html`<tr>
<td data-label="${words.date[lang]}">${timestamp(sale.createdAt)}</td>
<td data-label="${words.scroll[lang]}">${data(sale.scrollUuid, 'code')}</td>
<td data-label="${words.buyer[lang]}">${data(sale.buyer.username, '')}</td>
<td data-label="${words.note[lang]}">${sale.note === '' ? '—' : data(sale.note, '')}</td>
</tr>`,
  );
  return renderPage(ctx, {
    title: words.title,
    body: html`<p>${say(lang, words.intro)}</p>
${sales.total === 0 ? '' : html`<p class="actions"><a class="button secondary" href="/store/sales.csv" download>${say(lang, words.export)}</a></p>`}
${
  sales.total === 0
    ? html`<p>${say(lang, words.none)}</p>`
    : html`<table class="stack"><thead><tr>${[words.date, words.scroll, words.buyer, words.note].map(
        (heading) => html`<th scope="col">${say(lang, heading)}</th>`,
      )}</tr></thead><tbody>${rows}</tbody></table>
${pager(lang, state, (page) => `/store/sales${queryString({ page, per_page: state.perPageParam })}`)}`
}`,
  });
}
