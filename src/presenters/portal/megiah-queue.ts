// The scrolls awaiting confirmation of their examination: a megiah's own
// (GET /megiah), or every one for an admin (GET /admin/scrolls, which reuses
// this list with its own wording and form action). On the megiah's list each
// scroll can also be rejected with a reason, and several confirmed at once:
// their checkboxes belong to one form through the `form` attribute, since
// forms cannot nest; all of it works without script.
import type { Page, ScrollDetails } from '../../db/records.ts';
import type { QueuedScroll } from '../../domain/list-verification-queue.ts';
import { MAX_REJECTION_NOTE } from '../../domain/reject-scroll.ts';
import { publicUrlOf } from '../../files/file-storage.ts';
import { rejectionReasons, rejectionReasonWords } from '../../text/rejection-reasons.ts';
import { data, errorNotice, fact, pager, queryString, timestamp, type PagerState } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import { textCheckBadge } from './text-check.ts';
import type { ViewContext } from './view-context.ts';
import { megiahQueueWords as words } from './words/megiah-queue.ts';
import { textCheckWords } from './words/text-check.ts';

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
  /** The page where the megiah reviews one scroll (its text check's places enlarged) before deciding; none: no link. */
  readonly reviewPath?: (uuid: string) => string;
};

/** What was typed into a refused rejection form, shown again with its error. */
export type RejectionDraft = { readonly uuid: string; readonly reason: string; readonly note: string };

const BULK_FORM_ID = 'confirm-chosen';

/** The name of the i-th checkbox: the portal's form parser keeps one value per name. */
export const chosenScrollField = (index: number) => `scroll-${index}`;

/** A scroll's rejection form, folded: a reason from the list and a note for the store. Shared with the review page. */
export function rejectionForm(ctx: ViewContext, action: string, scroll: ScrollDetails, page: number, draft: RejectionDraft | undefined): Html {
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

/** A scroll's confirmation form: one button, asked about first. Shared with the review page. */
export function confirmForm(ctx: ViewContext, action: string, scroll: ScrollDetails, page: number): Html {
  const { lang } = ctx;
  return html`<form method="post" action="${action}" class="actions" data-confirm="${words.confirmQuestion[lang]}">
${csrfField(ctx)}
<input type="hidden" name="page" value="${page}">
<button type="submit" aria-label="${`${words.confirm[lang]}: ${scroll.uuid}`}">${say(lang, words.confirm)}</button>
</form>`;
}

function scrollCard(ctx: ViewContext, view: QueueView, queued: QueuedScroll, index: number, page: number, draft: RejectionDraft | undefined): Html {
  const { lang } = ctx;
  const { scroll } = queued;
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
${queued.textCheck === null ? '' : row(textCheckWords.heading, textCheckBadge(lang, queued.textCheck))}
</dl>
${
  view.reviewPath === undefined
    ? ''
    : html`<p><a class="button secondary" href="${view.reviewPath(scroll.uuid)}" aria-label="${`${words.review[lang]}: ${scroll.uuid}`}">${say(lang, words.review)}</a></p>`
}
${confirmForm(ctx, view.verifyAction(scroll.uuid), scroll, page)}
${view.rejectAction === undefined ? '' : rejectionForm(ctx, view.rejectAction(scroll.uuid), scroll, page, draft)}
</li>`;
}

export function renderVerificationQueue(
  ctx: ViewContext,
  view: QueueView,
  queue: Page<QueuedScroll>,
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
<ul class="queue">${queue.items.map((queued, index) => scrollCard(ctx, bulk ? view : { ...view, bulkVerifyAction: undefined }, queued, index, state.page, draft))}</ul>
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
  reviewPath: (uuid) => `/megiah/scrolls/${encodeURIComponent(uuid)}`,
};
