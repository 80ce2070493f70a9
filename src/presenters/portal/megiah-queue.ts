// The scrolls awaiting confirmation of their examination: a megiah's own
// (GET /megiah), or every one for an admin (GET /admin/scrolls, which reuses
// this list with its own wording and form action).
import type { Page, ScrollDetails } from '../../db/records.ts';
import { publicUrlOf } from '../../files/file-storage.ts';
import { data, fact, pager, problem, queryString, timestamp, type PagerState } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';

const words = {
  title: { en: 'Scrolls awaiting your examination', he: 'מזוזות הממתינות לאישור הבדיקה שלך' },
  intro: {
    en: 'Each scroll below names you as its megiah. Confirm only a scroll you have examined yourself: once confirmed it counts as verified, and its QR code starts to answer scans.',
    he: 'כל מזוזה ברשימה רשומה עם שמך כמגיה. אשרו רק מזוזה שבדקתם בעצמכם: לאחר האישור היא נחשבת מאומתת, וקוד ה-QR שלה מתחיל לענות לסריקות.',
  },
  none: { en: 'Nothing awaits your confirmation.', he: 'אין מזוזות הממתינות לאישורך.' },
  preview: { en: 'Photo of scroll {uuid}', he: 'תמונת המזוזה {uuid}' },
  registered: { en: 'Registered', he: 'נרשמה' },
  sofer: { en: 'Sofer', he: 'סופר' },
  megiah: { en: 'Megiah', he: 'מגיה' },
  written: { en: 'Written', he: 'נכתבה' },
  examined: { en: 'Examined', he: 'נבדקה' },
  font: { en: 'Script', he: 'כתב' },
  size: { en: 'Size', he: 'גודל' },
  uuid: { en: 'Scroll id', he: 'מזהה המזוזה' },
  confirm: { en: 'Confirm examination', he: 'אישור הבדיקה' },
  confirmQuestion: {
    en: 'Confirm that you examined this scroll? It will be shown as verified to anyone who scans it.',
    he: 'לאשר שבדקתם מזוזה זו? היא תוצג כמאומתת לכל מי שיסרוק אותה.',
  },
  verifiedFlash: { en: 'Examination confirmed. The scroll is now verified.', he: 'הבדיקה אושרה. המזוזה מאומתת כעת.' },
  alreadyFlash: { en: 'This scroll had already been confirmed.', he: 'מזוזה זו כבר אושרה קודם לכן.' },
  notYoursFlash: { en: 'This scroll names another megiah; only that megiah can confirm it.', he: 'מזוזה זו רשומה על שם מגיה אחר; רק הוא יכול לאשר אותה.' },
  notFoundFlash: { en: 'No such scroll.', he: 'אין מזוזה כזו.' },
} as const satisfies Record<string, Words>;

export const megiahQueueWords = words;

export type QueueView = {
  readonly title: Words;
  readonly intro: Words;
  readonly none: Words;
  /** Where the list lives (its pager links keep to it). */
  readonly path: string;
  /** The POST that confirms one scroll. */
  readonly verifyAction: (uuid: string) => string;
  /** The admin's list names each scroll's megiah; the megiah's own does not. */
  readonly showMegiah: boolean;
};

function scrollCard(ctx: ViewContext, view: QueueView, scroll: ScrollDetails, page: number): Html {
  const { lang } = ctx;
  const preview = publicUrlOf(scroll.previewKey);
  const row = (label: Words, value: Html | string) => fact(lang, label, value);
  return html`<li class="card">
${preview === '' ? '' : html`<img class="preview" src="/${preview}" alt="${fillWords(words.preview, { uuid: scroll.uuid })[lang]}" loading="lazy" width="320">`}
<dl class="facts">
${row(words.sofer, data(scroll.sofer.username, ''))}
${view.showMegiah ? row(words.megiah, data(scroll.megiah.username, '')) : ''}
${row(words.written, html`<bdi dir="ltr">${scroll.writtenDate}</bdi>`)}
${row(words.examined, html`<bdi dir="ltr">${scroll.examinedDate}</bdi>`)}
${row(words.font, data(scroll.font, ''))}
${row(words.size, data(scroll.size, ''))}
${row(words.registered, timestamp(scroll.createdAt))}
${row(words.uuid, html`<bdi class="code">${scroll.uuid}</bdi>`)}
</dl>
<form method="post" action="${view.verifyAction(scroll.uuid)}" class="actions" data-confirm="${words.confirmQuestion[lang]}">
${csrfField(ctx)}
<input type="hidden" name="page" value="${page}">
<button type="submit" aria-label="${`${words.confirm[lang]}: ${scroll.uuid}`}">${say(lang, words.confirm)}</button>
</form>
</li>`;
}

export function renderVerificationQueue(
  ctx: ViewContext,
  view: QueueView,
  queue: Page<ScrollDetails>,
  state: PagerState,
  error?: string,
): string {
  const { lang } = ctx;
  const list =
    queue.items.length === 0
      ? html`<p class="notice info" role="status">${say(lang, view.none)}</p>`
      : html`<ul class="queue">${queue.items.map((scroll) => scrollCard(ctx, view, scroll, state.page))}</ul>`;
  return renderPage(ctx, {
    title: view.title,
    body: html`${error === undefined ? '' : problem(error)}<p>${say(lang, view.intro)}</p>
${list}
${pager(lang, { ...state, total: queue.total }, (page) => `${view.path}${queryString({ page })}`)}`,
  });
}

export const megiahQueueView: QueueView = {
  title: words.title,
  intro: words.intro,
  none: words.none,
  path: '/megiah',
  verifyAction: (uuid) => `/megiah/scrolls/${encodeURIComponent(uuid)}/verify`,
  showMegiah: false,
};
