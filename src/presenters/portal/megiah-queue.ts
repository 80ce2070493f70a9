// The scrolls awaiting confirmation of their examination: a megiah's own
// (GET /megiah), or every one for an admin (GET /admin/scrolls, which reuses
// this list with its own wording and form action). On the megiah's list each
// scroll can also be rejected with a reason, and several confirmed at once:
// their checkboxes belong to one form through the `form` attribute, since
// forms cannot nest; all of it works without script.
import type { Page, ScrollDetails } from '../../db/records.ts';
import { MAX_REJECTION_NOTE } from '../../domain/reject-scroll.ts';
import { publicUrlOf } from '../../files/file-storage.ts';
import { rejectionReasons, rejectionReasonWords } from '../../text/rejection-reasons.ts';
import { data, errorNotice, fact, pager, queryString, timestamp, type PagerState } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';

const words = {
  title: { en: 'Scrolls awaiting your examination', he: 'מזוזות הממתינות לאישור הבדיקה שלך' },
  intro: {
    en: 'Each scroll below names you as its megiah. Confirm only a scroll you have examined yourself: once confirmed it counts as verified, and its QR code starts to answer scans. If it is not fit, reject it with a reason: the store sees your reason and note on the scroll’s page.',
    he: 'כל מזוזה ברשימה רשומה עם שמך כמגיה. אשרו רק מזוזה שבדקתם בעצמכם: לאחר האישור היא נחשבת מאומתת, וקוד ה-QR שלה מתחיל לענות לסריקות. אם אינה כשרה, דחו אותה עם סיבה: החנות רואה את הסיבה וההערה בדף המזוזה.',
  },
  none: { en: 'Nothing awaits your confirmation.', he: 'אין מזוזות הממתינות לאישורך.' },
  historyLink: { en: 'Your decisions so far', he: 'ההחלטות שלך עד כה' },
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
  pick: { en: 'Choose for confirming together', he: 'בחירה לאישור יחד' },
  bulkHint: {
    en: 'Examined several? Tick “Choose for confirming together” on each, then confirm them with one button.',
    he: 'בדקתם כמה? סמנו „בחירה לאישור יחד” בכל אחת, ואשרו את כולן בלחיצה אחת.',
  },
  bulkConfirm: { en: 'Confirm the chosen scrolls', he: 'אישור המזוזות שנבחרו' },
  bulkQuestion: {
    en: 'Confirm that you examined every chosen scroll? Each will be shown as verified to anyone who scans it.',
    he: 'לאשר שבדקתם כל מזוזה שנבחרה? כל אחת תוצג כמאומתת לכל מי שיסרוק אותה.',
  },
  reject: { en: 'Reject, with a reason', he: 'דחייה, עם סיבה' },
  reason: { en: 'Reason', he: 'סיבה' },
  chooseReason: { en: 'Choose a reason', he: 'בחרו סיבה' },
  note: { en: 'Note for the store', he: 'הערה לחנות' },
  optional: { en: '(optional)', he: '(לא חובה)' },
  noteHint: {
    en: 'Which letters, where, what to do. Required with “Other”. The store sees it; the certificate states the reason only.',
    he: 'אילו אותיות, היכן, ומה לעשות. חובה עם „אחר”. החנות רואה אותה; בתעודה מופיעה הסיבה בלבד.',
  },
  rejectButton: { en: 'Reject examination', he: 'דחיית הבדיקה' },
  rejectQuestion: {
    en: 'Reject this scroll? Its QR code will keep answering “not found”, and its certificate will say it was rejected.',
    he: 'לדחות מזוזה זו? קוד ה-QR שלה ימשיך לענות „לא נמצאה”, והתעודה שלה תציין שנדחתה.',
  },
  verifiedFlash: { en: 'Examination confirmed. The scroll is now verified.', he: 'הבדיקה אושרה. המזוזה מאומתת כעת.' },
  alreadyFlash: { en: 'This scroll had already been confirmed.', he: 'מזוזה זו כבר אושרה קודם לכן.' },
  notYoursFlash: { en: 'This scroll names another megiah; only that megiah can confirm it.', he: 'מזוזה זו רשומה על שם מגיה אחר; רק הוא יכול לאשר אותה.' },
  notFoundFlash: { en: 'No such scroll.', he: 'אין מזוזה כזו.' },
  bulkVerifiedFlash: { en: 'The chosen scrolls are confirmed and now verified.', he: 'המזוזות שנבחרו אושרו ומאומתות כעת.' },
  noneChosenFlash: { en: 'Choose at least one scroll to confirm.', he: 'בחרו לפחות מזוזה אחת לאישור.' },
  bulkRefusedFlash: {
    en: 'Nothing was confirmed: one of the chosen scrolls is unknown or names another megiah.',
    he: 'דבר לא אושר: אחת המזוזות שנבחרו אינה מוכרת או רשומה על שם מגיה אחר.',
  },
  rejectedFlash: {
    en: 'Rejected. The store sees your reason on the scroll’s page, and its QR code stays “not found”.',
    he: 'נדחתה. החנות רואה את הסיבה בדף המזוזה, וקוד ה-QR שלה ממשיך לענות „לא נמצאה”.',
  },
  alreadyRejectedFlash: { en: 'This scroll had already been rejected for this reason.', he: 'מזוזה זו כבר נדחתה מסיבה זו.' },
  verifiedNotRejectedFlash: {
    en: 'This scroll’s examination is already confirmed; a confirmation cannot be rejected.',
    he: 'בדיקת מזוזה זו כבר אושרה; אי אפשר לדחות אישור.',
  },
  notYoursToRejectFlash: { en: 'This scroll names another megiah; only that megiah can reject it.', he: 'מזוזה זו רשומה על שם מגיה אחר; רק הוא יכול לדחות אותה.' },
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
  /** The POST that confirms the ticked scrolls together; none: no checkboxes. */
  readonly bulkVerifyAction?: string;
  /** The POST that rejects one scroll with a reason; none: no rejection form. */
  readonly rejectAction?: (uuid: string) => string;
  /** A link to the decisions made so far. */
  readonly historyPath?: string;
  /** The admin's list names each scroll's megiah; the megiah's own does not. */
  readonly showMegiah: boolean;
};

/** What was typed into a refused rejection form, shown again with its error. */
export type RejectionDraft = { readonly uuid: string; readonly reason: string; readonly note: string };

const BULK_FORM_ID = 'confirm-chosen';

/** The name of the i-th checkbox: the portal's form parser keeps one value per name. */
export const chosenScrollField = (index: number) => `scroll-${index}`;

function rejectionForm(ctx: ViewContext, action: string, scroll: ScrollDetails, page: number, draft: RejectionDraft | undefined): Html {
  const { lang } = ctx;
  const id = (name: string) => `${name}-${scroll.uuid}`;
  const mine = draft?.uuid === scroll.uuid ? draft : undefined;
  const options = rejectionReasons.map(
    (reason) => html`<option value="${reason}"${mine?.reason === reason ? html` selected` : ''}>${rejectionReasonWords[reason][lang]}</option>`,
  );
  return html`<details class="reject"${mine === undefined ? '' : html` open`}>
<summary>${say(lang, words.reject)}</summary>
<form method="post" action="${action}" data-confirm="${words.rejectQuestion[lang]}">
${csrfField(ctx)}
<input type="hidden" name="page" value="${page}">
<div class="field">
<label for="${id('reason')}">${say(lang, words.reason)}</label>
<select id="${id('reason')}" name="reason" required><option value="">${say(lang, words.chooseReason)}</option>${options}</select>
</div>
<div class="field">
<label for="${id('note')}">${say(lang, words.note)} <span class="optional">${say(lang, words.optional)}</span></label>
<textarea id="${id('note')}" name="note" dir="auto" rows="3" maxlength="${MAX_REJECTION_NOTE}" aria-describedby="${id('note')}-hint">${mine?.note ?? ''}</textarea>
<small id="${id('note')}-hint">${say(lang, words.noteHint)}</small>
</div>
<button class="danger" type="submit" aria-label="${`${words.rejectButton[lang]}: ${scroll.uuid}`}">${say(lang, words.rejectButton)}</button>
</form>
</details>`;
}

function scrollCard(ctx: ViewContext, view: QueueView, scroll: ScrollDetails, index: number, page: number, draft: RejectionDraft | undefined): Html {
  const { lang } = ctx;
  const preview = publicUrlOf(scroll.previewKey);
  const row = (label: Words, value: Html | string) => fact(lang, label, value);
  const pick =
    view.bulkVerifyAction === undefined
      ? ''
      : html`<label class="pick-scroll"><input type="checkbox" form="${BULK_FORM_ID}" name="${chosenScrollField(index)}" value="${scroll.uuid}"> ${say(lang, words.pick)}</label>`;
  return html`<li class="card" id="scroll-${scroll.uuid}">
${pick}
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
${view.rejectAction === undefined ? '' : rejectionForm(ctx, view.rejectAction(scroll.uuid), scroll, page, draft)}
</li>`;
}

export function renderVerificationQueue(
  ctx: ViewContext,
  view: QueueView,
  queue: Page<ScrollDetails>,
  state: PagerState,
  error?: string,
  draft?: RejectionDraft,
): string {
  const { lang } = ctx;
  const bulk = view.bulkVerifyAction !== undefined && queue.items.length > 1;
  const bulkButton = (attributes: Html | string) =>
    html`<button type="submit"${attributes}>${say(lang, words.bulkConfirm)}</button>`;
  const list =
    queue.items.length === 0
      ? html`<p class="notice info" role="status">${say(lang, view.none)}</p>`
      : html`${
          bulk
            ? html`<form id="${BULK_FORM_ID}" method="post" action="${view.bulkVerifyAction ?? ''}" class="card bulk" data-confirm="${words.bulkQuestion[lang]}">
${csrfField(ctx)}
<input type="hidden" name="page" value="${state.page}">
<p>${say(lang, words.bulkHint)}</p>
${bulkButton('')}
</form>`
            : ''
        }
<ul class="queue">${queue.items.map((scroll, index) => scrollCard(ctx, bulk ? view : { ...view, bulkVerifyAction: undefined }, scroll, index, state.page, draft))}</ul>
${bulk ? html`<p class="actions">${bulkButton(html` form="${BULK_FORM_ID}"`)}</p>` : ''}`;
  const history = view.historyPath === undefined ? '' : html`<p><a href="${view.historyPath}">${say(lang, words.historyLink)}</a></p>`;
  return renderPage(ctx, {
    title: view.title,
    body: html`${errorNotice(lang, error)}<p>${say(lang, view.intro)}</p>
${history}
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
  bulkVerifyAction: '/megiah/scrolls/verify',
  rejectAction: (uuid) => `/megiah/scrolls/${encodeURIComponent(uuid)}/reject`,
  historyPath: '/megiah/history',
  showMegiah: false,
};
