// GET /store/inventory: the scrolls the store owns and has not sold,
// searchable and filtered by verification, each with a link to sell it, and
// checkboxes that print the chosen scrolls' stickers on an A4 sheet. On a
// phone each scroll is a compact two-line row; on a desktop a table.
import type { Page, ScrollDetails } from '../../db/records.ts';
import type { InventoryStatus } from '../../domain/list-inventory.ts';
import { data, pager, queryString } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Language } from './language.ts';
import { renderPage } from './layout.ts';
import type { ListingState } from './store-overview.ts';
import { verifiedStatus } from './store-scroll.ts';
import type { ViewContext } from './view-context.ts';
import { inventoryWords as words, inventoryStatusWords as statusWords } from './words/store-inventory.ts';

export type InventoryState = ListingState & { readonly search: string; readonly status: InventoryStatus };

/** The query that lists these scrolls again (search and filter, no page), for the pager and the export. */
const filterQuery = (state: InventoryState) => ({ q: state.search, status: state.status === 'all' ? undefined : state.status });

function row(lang: Language, scroll: ScrollDetails): Html {
  const page = `/store/scrolls/${encodeURIComponent(scroll.uuid)}`;
  // On a phone the separate cells give way to one summary line (the style sheet shows one or the other).
  const summary = [scroll.font, scroll.size, scroll.sofer.username].filter((part) => part !== '');
  return html`<tr>
<td class="pick"><input type="checkbox" name="scroll" value="${scroll.uuid}" aria-label="${fillWords(words.pickOne, { code: scroll.qrCode })[lang]}"></td>
<td class="qr" data-label="${words.qrCode[lang]}"><a href="${page}"><bdi class="code">${scroll.qrCode}</bdi></a></td>
<td class="font" data-label="${words.font[lang]}">${data(scroll.font, '')}</td>
<td class="size" data-label="${words.size[lang]}">${data(scroll.size, '')}</td>
<td class="sofer" data-label="${words.sofer[lang]}">${data(scroll.sofer.username, '')}</td>
<td class="megiah" data-label="${words.megiah[lang]}">${data(scroll.megiah.username, '')}</td>
<td class="summary">${summary.map((part, index) => html`${index > 0 ? ' · ' : ''}<bdi>${part}</bdi>`)}</td>
<td class="state" data-label="${words.status[lang]}">${verifiedStatus(lang, scroll)}</td>
<td class="registered" data-label="${words.registered[lang]}"><time datetime="${scroll.createdAt.replace(' ', 'T')}Z" dir="ltr">${scroll.createdAt.slice(0, 10)}</time></td>
<td class="sell"><a href="${page}/sale" aria-label="${fillWords(words.sellOne, { code: scroll.qrCode })[lang]}">${say(lang, words.sell)}</a></td>
</tr>`;
}

function filters(lang: Language, state: InventoryState): Html {
  const filtered = state.search !== '' || state.status !== 'all';
  const options = (Object.keys(statusWords) as InventoryStatus[]).map(
    (status) => html`<option value="${status}"${status === state.status ? html` selected` : ''}>${say(lang, statusWords[status])}</option>`,
  );
  return html`<form method="get" action="/store/inventory" class="search filters" role="search">
<div class="field"><label for="f-q">${say(lang, words.search)}</label>
<input id="f-q" name="q" type="search" value="${state.search}" maxlength="100" autocapitalize="off" spellcheck="false" aria-describedby="f-q-hint"></div>
<div class="field narrow"><label for="f-status">${say(lang, words.show)}</label>
<select id="f-status" name="status">${options}</select></div>
<button type="submit">${say(lang, words.searchButton)}</button>
${filtered ? html`<a class="button secondary" href="/store/inventory">${say(lang, words.clear)}</a>` : ''}
<small id="f-q-hint">${say(lang, words.searchHint)}</small>
</form>`;
}

export function renderInventory(ctx: ViewContext, scrolls: Page<ScrollDetails>, state: InventoryState): string {
  const { lang } = ctx;
  const filtered = state.search !== '' || state.status !== 'all';
  const href = (page: number) => `/store/inventory${queryString({ ...filterQuery(state), page, per_page: state.perPageParam })}`;
  const headings = [words.qrCode, words.font, words.size, words.sofer, words.megiah, words.details, words.status, words.registered, words.sale];
  const classes = ['qr', 'font', 'size', 'sofer', 'megiah', 'summary', 'state', 'registered', 'sell'];
  const list =
    scrolls.total === 0
      ? html`<p>${say(lang, filtered ? words.noMatch : words.none)}</p>`
      : html`<form method="get" action="/store/sticker-sheet.pdf" class="stickers">
<table class="inventory"><thead><tr><th scope="col" class="pick">${say(lang, words.pick)}</th>${headings.map(
          (heading, index) => html`<th scope="col" class="${classes[index]}">${say(lang, heading)}</th>`,
        )}</tr></thead>
<tbody>${scrolls.items.map((scroll) => row(lang, scroll))}</tbody></table>
${pager(lang, state, href)}
<div class="card print">
<p id="print-hint">${say(lang, words.printHint)}</p>
<button type="submit" aria-describedby="print-hint">${say(lang, words.printSheet)}</button>
</div>
</form>`;
  return renderPage(ctx, {
    title: words.title,
    body: html`${filters(lang, state)}
${state.search !== '' ? html`<h2>${say(lang, words.matching, { search: state.search })}</h2>` : ''}
${
  scrolls.total === 0
    ? ''
    : html`<p class="actions"><a class="button secondary" href="/store/inventory.csv${queryString(filterQuery(state))}" download>${say(
        lang,
        filtered ? words.export : words.exportAll,
      )}</a></p>`
}
${list}`,
  });
}
