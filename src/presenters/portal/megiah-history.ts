// GET /megiah/history: what this megiah has decided, newest first, with where
// each scroll stands now. A rejection that still stands can be withdrawn from
// here by confirming the scroll, once it has been repaired or examined again.
import type { MegiahDecisionDetails, Page } from '../../db/records.ts';
import { rejectionReasonWords } from '../../text/rejection-reasons.ts';
import { data, pager, queryString, timestamp, type PagerState } from './components.ts';
import { html, type Html } from './html.ts';
import { say, type Language } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { megiahHistoryWords as words } from './words/megiah-history.ts';

/** Where the scroll stands now, beside the decision that was taken on it then. */
function standing(lang: Language, decision: MegiahDecisionDetails): Html {
  const { scroll } = decision;
  if (scroll.isVerified) return html`<span class="status ok">${say(lang, words.nowVerified)}</span>`;
  if (scroll.stillRejected) return html`<span class="status bad">${say(lang, words.nowRejected)}</span>`;
  // Unverified and not rejected by this decision: rejected by a later one, or (a confirmation never
  // undone) nothing else; a rejection is only ended by a confirmation.
  return decision.decision === 'reject'
    ? html`<span class="status bad">${say(lang, words.nowSuperseded)}</span>`
    : html`<span class="status warn">${say(lang, words.nowAwaiting)}</span>`;
}

function row(ctx: ViewContext, decision: MegiahDecisionDetails, page: number): Html {
  const { lang } = ctx;
  const what =
    decision.decision === 'verify'
      ? html`<span class="status ok">${say(lang, words.confirmed)}</span>`
      : html`<span class="status bad">${say(lang, words.rejected)}</span> ${decision.reason === null ? '' : rejectionReasonWords[decision.reason][lang]}`;
  const confirm = decision.scroll.stillRejected
    ? html`<form method="post" action="/megiah/scrolls/${encodeURIComponent(decision.scroll.uuid)}/verify" class="inline" data-confirm="${words.confirmNowQuestion[lang]}">
${csrfField(ctx)}<input type="hidden" name="from" value="history"><input type="hidden" name="page" value="${page}">
<button type="submit" class="secondary" aria-label="${`${words.confirmNow[lang]}: ${decision.scroll.qrCode}`}">${say(lang, words.confirmNow)}</button>
</form>`
    : '';
  return html`<tr>
<td data-label="${words.when[lang]}">${timestamp(decision.createdAt)}</td>
<td data-label="${words.scroll[lang]}">${data(decision.scroll.qrCode, 'code')}<br><small>${data(decision.scroll.font, '')} · ${data(decision.scroll.size, '')}</small></td>
<td data-label="${words.decision[lang]}">${what}</td>
<td data-label="${words.note[lang]}">${decision.note === '' ? '—' : html`<bdi class="note">${decision.note}</bdi>`}</td>
<td data-label="${words.now[lang]}">${standing(lang, decision)} ${confirm}</td>
</tr>`;
}

export function renderMegiahHistory(ctx: ViewContext, decisions: Page<MegiahDecisionDetails>, state: PagerState): string {
  const { lang } = ctx;
  const headings = [words.when, words.scroll, words.decision, words.note, words.now].map((heading) => html`<th scope="col">${say(lang, heading)}</th>`);
  return renderPage(ctx, {
    title: words.title,
    body: html`<p>${say(lang, words.intro)}</p>
<p><a href="/megiah">${say(lang, words.queueLink)}</a></p>
${
  decisions.total === 0
    ? html`<p class="notice info" role="status">${say(lang, words.none)}</p>`
    : html`<table class="stack history"><thead><tr>${headings}</tr></thead><tbody>${decisions.items.map((decision) => row(ctx, decision, state.page))}</tbody></table>
${pager(lang, { ...state, total: decisions.total }, (page) => `/megiah/history${queryString({ page })}`)}`
}`,
  });
}
