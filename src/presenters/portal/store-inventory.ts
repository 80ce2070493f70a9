// GET /store/inventory: the scrolls the store owns and has not sold, searchable.
import type { Page, ScrollDetails } from '../../db/records.ts';
import { data, pager, queryString, timestamp } from './components.ts';
import { html } from './html.ts';
import { fillWords, say, type Words } from './language.ts';
import { renderPage } from './layout.ts';
import type { ListingState } from './store-overview.ts';
import { verifiedStatus } from './store-scroll.ts';
import type { ViewContext } from './view-context.ts';

const words = {
  title: { en: 'Inventory', he: 'מלאי' },
  search: { en: 'Search the inventory', he: 'חיפוש במלאי' },
  searchHint: {
    en: 'Part of a uuid, QR code, script, size, note, sofer or megiah.',
    he: 'חלק ממזהה, קוד QR, כתב, גודל, הערה, סופר או מגיה.',
  },
  searchButton: { en: 'Search', he: 'חיפוש' },
  clear: { en: 'Show all', he: 'הצגת הכול' },
  none: { en: 'No scrolls in your inventory yet.', he: 'אין עדיין מזוזות במלאי שלכם.' },
  noMatch: { en: 'No scroll matches “{search}”.', he: 'אין מזוזה התואמת ל„{search}”.' },
  matching: { en: 'Scrolls matching “{search}”', he: 'מזוזות התואמות ל„{search}”' },
  scroll: { en: 'Scroll', he: 'מזוזה' },
  qrCode: { en: 'QR code', he: 'קוד QR' },
  font: { en: 'Script', he: 'כתב' },
  size: { en: 'Size', he: 'גודל' },
  sofer: { en: 'Sofer', he: 'סופר' },
  megiah: { en: 'Megiah', he: 'מגיה' },
  status: { en: 'Status', he: 'מצב' },
  registered: { en: 'Registered', he: 'נרשמה' },
  open: { en: 'Open scroll {uuid}', he: 'פתיחת המזוזה {uuid}' },
} as const satisfies Record<string, Words>;

/** Enough of a uuid to tell scrolls apart at a glance; the full one is on the scroll's page. */
const shortUuid = (uuid: string) => `${uuid.slice(0, 8)}…`;

export function renderInventory(ctx: ViewContext, scrolls: Page<ScrollDetails>, state: ListingState & { readonly search: string }): string {
  const { lang } = ctx;
  const rows = scrolls.items.map(
    (scroll) => html`<tr>
<td data-label="${words.scroll[lang]}"><a href="/store/scrolls/${encodeURIComponent(scroll.uuid)}" aria-label="${fillWords(words.open, { uuid: scroll.uuid })[lang]}"><bdi class="code">${shortUuid(scroll.uuid)}</bdi></a></td>
<td data-label="${words.qrCode[lang]}">${data(scroll.qrCode, 'code')}</td>
<td data-label="${words.font[lang]}">${data(scroll.font, '')}</td>
<td data-label="${words.size[lang]}">${data(scroll.size, '')}</td>
<td data-label="${words.sofer[lang]}">${data(scroll.sofer.username, '')}</td>
<td data-label="${words.megiah[lang]}">${data(scroll.megiah.username, '')}</td>
<td data-label="${words.status[lang]}">${verifiedStatus(lang, scroll)}</td>
<td data-label="${words.registered[lang]}">${timestamp(scroll.createdAt)}</td>
</tr>`,
  );
  const searching = state.search !== '';
  const empty = searching ? say(lang, words.noMatch, { search: state.search }) : say(lang, words.none);
  const href = (page: number) => `/store/inventory${queryString({ q: state.search, page, per_page: state.perPageParam })}`;
  return renderPage(ctx, {
    title: words.title,
    body: html`<form method="get" action="/store/inventory" class="search" role="search">
<label for="f-q" class="label">${say(lang, words.search)}</label>
<input id="f-q" name="q" type="search" value="${state.search}" maxlength="100" aria-describedby="f-q-hint">
<button type="submit">${say(lang, words.searchButton)}</button>
${searching ? html`<a class="button secondary" href="/store/inventory">${say(lang, words.clear)}</a>` : ''}
<small id="f-q-hint">${say(lang, words.searchHint)}</small>
</form>
${searching ? html`<h2>${say(lang, words.matching, { search: state.search })}</h2>` : ''}
${
  scrolls.total === 0
    ? html`<p>${empty}</p>`
    : html`<table class="stack"><thead><tr>${[words.scroll, words.qrCode, words.font, words.size, words.sofer, words.megiah, words.status, words.registered].map(
        (heading) => html`<th scope="col">${say(lang, heading)}</th>`,
      )}</tr></thead><tbody>${rows}</tbody></table>
${pager(lang, state, href)}`
}`,
  });
}
