// GET /store: the credit balance, and the ledger that explains it.
import type { CreditEntry } from '../../db/records.ts';
import type { CreditLedger } from '../../domain/read-credit-ledger.ts';
import { data, pager, queryString, timestamp, type PagerState } from './components.ts';
import { html, type Html } from './html.ts';
import { say, type Language } from './language.ts';
import { renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { storeOverviewWords as words } from './words/store-overview.ts';

/** One page of a listing; `perPageParam` is the page size as asked for, kept in the pager's links. */
export type ListingState = PagerState & { readonly perPageParam?: string };

/** Shown with a true minus sign, so the column reads as numbers in either direction. */
function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : `\u2212${Math.abs(delta)}`;
}

function reasonOf(lang: Language, entry: CreditEntry): Html {
  if (entry.reason === 'grant') {
    return html`${say(lang, words.grant)}${entry.note === '' ? '' : html`<br><q>${data(entry.note, '')}</q>`}`;
  }
  // The scroll belongs to the buyer now, so it is named, not linked (its store page would be refused).
  const scroll = entry.scrollUuid === null ? null : data(entry.scrollUuid, 'code');
  if (entry.reason === 'sale') return scroll === null ? say(lang, words.saleNoScroll) : say(lang, words.sale, { uuid: scroll });
  return scroll === null ? say(lang, words.ownerRegistrationNoScroll) : say(lang, words.ownerRegistration, { uuid: scroll });
}

export function renderStoreOverview(ctx: ViewContext, ledger: CreditLedger, state: ListingState): string {
  const { lang } = ctx;
  const rows = ledger.entries.items.map(
    (entry) => html`<tr>
<td data-label="${words.date[lang]}">${timestamp(entry.createdAt)}</td>
<td data-label="${words.change[lang]}" class="num"><span class="status ${entry.delta > 0 ? 'ok' : 'warn'}" dir="ltr">${signed(entry.delta)}</span></td>
<td data-label="${words.reason[lang]}">${reasonOf(lang, entry)}</td>
<td data-label="${words.balanceAfter[lang]}" class="num">${entry.balanceAfter}</td>
</tr>`,
  );
  const table =
    ledger.entries.total === 0
      ? html`<p>${say(lang, words.none)}</p>`
      : html`<table class="stack"><thead><tr><th scope="col">${say(lang, words.date)}</th><th scope="col" class="num">${say(lang, words.change)}</th><th scope="col">${say(lang, words.reason)}</th><th scope="col" class="num">${say(lang, words.balanceAfter)}</th></tr></thead><tbody>${rows}</tbody></table>
${pager(lang, state, (page) => `/store${queryString({ page, per_page: state.perPageParam })}`)}`;
  return renderPage(ctx, {
    title: words.title,
    body: html`<div class="card">
<p class="label">${say(lang, words.balance)}</p>
<p class="balance">${ledger.balance}</p>
<p>${say(lang, words.explain)}</p>
</div>
<h2>${say(lang, words.ledger)}</h2>
${ledger.entries.total === 0 ? '' : html`<p class="actions"><a class="button secondary" href="/store/credit-ledger.csv" download>${say(lang, words.export)}</a></p>`}
${table}`,
  });
}
