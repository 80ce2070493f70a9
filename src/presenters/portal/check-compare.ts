// The public compare page: two photos in, whether they show the same physical
// scroll out (the API's compare-mezuzot). Neither photo is stored, so neither
// can be shown back: the answer is words only.
import type { ScrollComparison } from '../../domain/compare-scrolls.ts';
import { errorBody, type Outcome } from '../../errors.ts';
import { problem } from './components.ts';
import { photoField, photoTips } from './check-scroll.ts';
import { html, type Html } from './html.ts';
import { say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { compareWords as words } from './words/check-compare.ts';
import { checkWords } from './words/check-scroll.ts';

export type CompareFailureCode = 'invalid_request' | 'busy' | 'too_large';
export type CompareOutcome = Outcome<ScrollComparison, CompareFailureCode>;

function compareForm(ctx: ViewContext): Html {
  const { lang } = ctx;
  return html`<form method="post" action="/check/compare" enctype="multipart/form-data" data-busy="${words.comparing[lang]}">
${csrfField(ctx)}
<div class="grid two">
<div>${photoField(lang, 'image1', words.first)}</div>
<div>${photoField(lang, 'image2', words.second)}</div>
</div>
<p><small>${say(lang, words.notKept)}</small></p>
<button type="submit">${say(lang, words.submit)}</button>
</form>`;
}

export function renderCompareForm(ctx: ViewContext): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: words.title,
    body: html`<p>${say(lang, words.intro)}</p>
<div class="card">${compareForm(ctx)}</div>
${photoTips(lang)}`,
  });
}

function unreadableWords(photos: readonly ('image1' | 'image2')[]): Words {
  if (photos.length !== 1) return words.unreadableBoth;
  return photos[0] === 'image1' ? words.unreadableFirst : words.unreadableSecond;
}

/**
 * The answer to two submitted photos. `data-status` is the API's `status`
 * for the same photos (`success`, `invalid`, or the refusal's).
 */
export function renderCompareResult(ctx: ViewContext, outcome: CompareOutcome): string {
  const { lang } = ctx;
  let title: Words;
  let status: string;
  let body: Html;
  if (!outcome.ok) {
    title = words.title;
    status = errorBody(outcome.code).status ?? outcome.code;
    const message =
      outcome.code === 'busy' ? checkWords.busy : outcome.code === 'too_large' ? checkWords.tooLarge : words.unusable;
    body = html`<p class="notice error" role="alert">${say(lang, message)}</p>${outcome.code === 'invalid_request' ? problem(outcome.msg) : ''}`;
  } else if (outcome.value.kind === 'unreadable') {
    title = words.unreadableTitle;
    status = 'invalid';
    body = html`<p class="notice error" role="alert">${say(lang, unreadableWords(outcome.value.photos))}</p>${photoTips(lang)}`;
  } else {
    const { isMatched, similarity } = outcome.value;
    title = isMatched ? words.sameTitle : words.differentTitle;
    status = 'success';
    body = html`<p class="notice ${isMatched ? 'ok' : 'info'}" role="status" data-matched="${String(isMatched)}">${say(lang, isMatched ? words.same : words.different)}</p>
<p>${say(lang, words.similarity, { percent: `${Math.round(similarity * 100)}%` })}</p>`;
  }
  return renderPage(ctx, {
    title,
    body: html`<section class="result" data-status="${status}">${body}</section>
<div class="card"><h2>${say(lang, words.another)}</h2>${compareForm(ctx)}</div>`,
  });
}
