// The public check page: a photo of a scroll in, the registry's answer out.
// The facts shown are those of the API's public check result (spec §2.2,
// presentPublicCheckResult: a private owner's coordinates rounded), plus
// whether the examination is verified and, once it is, the scroll's QR code,
// which anyone standing before the scroll can read off its sticker anyway.
import { createQrMatrix, qrPathData, qrQuietZone } from '../../certificates/qr-matrix.ts';
import type { IdentifiedScroll } from '../../domain/identify-scroll.ts';
import type { SharedCheckResult } from '../../domain/share-check-result.ts';
import { errorBody, type ErrorCode } from '../../errors.ts';
import { describePlace } from '../place.ts';
import { presentPublicCheckResult } from '../public-check-result.ts';
import { data, fact, field, problem, timestamp } from './components.ts';
import { html, type Html } from './html.ts';
import { say, type Language, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { checkWords as words } from './words/check-scroll.ts';

/** Words the compare page shares with this one. */
/** The answers a check gives on its own page, with no link: the photo could not be checked. */
export type CheckFailureCode = 'invalid_request' | 'invalid_photo' | 'busy' | 'too_large';

/** The tips that make a photo readable; shown with the form and after an unreadable photo. */
export function photoTips(lang: Language): Html {
  return html`<h2>${say(lang, words.tipsTitle)}</h2>
<ul><li>${say(lang, words.tipFlat)}</li><li>${say(lang, words.tipLight)}</li><li>${say(lang, words.tipGlare)}</li></ul>`;
}

/** A photo input for phones: opens the back camera, also takes HEIC (iPhone photos); previewed by portal.js. */
export function photoField(lang: Language, name: string, label: Words): Html {
  const preview = `${name}-preview`;
  return html`${field(lang, {
    label,
    name,
    type: 'file',
    hint: words.photoHint,
    attributes: html` accept="image/*,.heic,.heif" data-preview="${preview}"`,
  })}
<div id="${preview}" class="thumbs" aria-label="${words.chosen[lang]}"></div>`;
}

/**
 * One photo, two checks: the registry's (is it registered, and whose) by the
 * form's own button, or its text letter by letter (`/check/text`) by the other.
 */
export function checkForm(ctx: ViewContext): Html {
  const { lang } = ctx;
  return html`<form method="post" action="/check" enctype="multipart/form-data" data-busy="${words.checking[lang]}">
${csrfField(ctx)}
${photoField(lang, 'image', words.photo)}
<p><small>${say(lang, words.notKept)}</small></p>
<div class="actions">
<button type="submit">${say(lang, words.submit)}</button>
<button type="submit" class="secondary" formaction="/check/text">${say(lang, words.submitText)}</button>
</div>
<p class="hint">${say(lang, words.textCheckHint)}</p>
</form>`;
}

/** The API's `status` for the same answer, so a result page can be matched against the API's. */
function apiStatusOf(code: ErrorCode): string {
  return errorBody(code).status ?? code;
}

export function renderCheckForm(ctx: ViewContext): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: words.title,
    body: html`<p>${say(lang, words.intro)}</p>
<div class="card">${checkForm(ctx)}</div>
${photoTips(lang)}`,
  });
}

/** The QR symbol as inline SVG (no image request, no script), quiet zone included. */
function qrSymbol(url: string, label: string): Html {
  const matrix = createQrMatrix(url);
  const side = matrix.size + 2 * qrQuietZone;
  return html`<svg class="sticker" role="img" aria-label="${label}" viewBox="0 0 ${side} ${side}" xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${qrPathData(matrix, qrQuietZone, qrQuietZone, matrix.size)}"/></svg>`;
}

/** The verdict a buyer must not miss: its colour, symbol, title and what it means. */
function verdictOf(identified: IdentifiedScroll): { readonly kind: 'ok' | 'warn' | 'error'; readonly symbol: string; readonly title: Words; readonly text: Words } {
  const { scroll, owner } = identified;
  if (scroll.rejection !== null) return { kind: 'error', symbol: '✗', title: words.rejectedTitle, text: words.rejected };
  if (owner.role === 'user') return { kind: 'warn', symbol: '!', title: words.soldTitle, text: words.sold };
  if (!scroll.isVerified) return { kind: 'warn', symbol: '!', title: words.unverifiedTitle, text: words.unverified };
  return { kind: 'ok', symbol: '✓', title: words.verifiedTitle, text: words.verified };
}

/** The link to this answer, to copy or send; `url` is absolute. */
function shareBlock(lang: Language, share: { readonly url: string; readonly checkedAt: string; readonly expiresAt: string }): Html {
  return html`<div class="card share"><h2>${say(lang, words.shareTitle)}</h2>
<p>${say(lang, words.checkedAt, { when: timestamp(share.checkedAt) })}. ${say(lang, words.shareHint, { until: timestamp(share.expiresAt) })}</p>
<p><a class="code" id="share-link" href="${share.url}" aria-label="${words.shareLink[lang]}">${share.url}</a></p>
<p class="actions"><button type="button" class="secondary" data-copy="share-link" data-copied="${words.copied[lang]}">${say(lang, words.copy)}</button></p></div>`;
}

function renderFound(ctx: ViewContext, identified: IdentifiedScroll, links: ResultLinks): string {
  const { lang } = ctx;
  const { scroll, owner } = identified;
  const result = presentPublicCheckResult(identified);
  const privateOwner = owner.role === 'user';
  const place = describePlace(owner, lang);
  const verdict = verdictOf(identified);
  const qr = scroll.isVerified && scroll.rejection === null
    ? html`<p>${say(lang, words.qrHint)}</p>
${qrSymbol(links.qrUrlOf(scroll.qrCode), words.qrTitle[lang])}
<p><bdi class="code">${scroll.qrCode}</bdi></p>
<p><a href="/q/${scroll.qrCode}">${say(lang, words.qrOpen)}</a></p>`
    : html`<p>${say(lang, words.qrPending)}</p>`;
  return renderPage(ctx, {
    title: words.foundTitle,
    body: html`<section class="result" data-status="${result.status}" data-verdict="${verdict.kind}">
<div class="verdict ${verdict.kind}" role="status"><span class="verdict-mark" aria-hidden="true">${verdict.symbol}</span>
<div><h2>${say(lang, verdict.title)}</h2><p>${say(lang, verdict.text)}</p></div></div>
<div class="grid two">
<figure class="card"><img class="preview" src="/${result.preview_url}" alt="${words.registeredPhoto[lang]}">
<figcaption>${say(lang, words.registeredPhoto)}. ${say(lang, words.compareByEye)}</figcaption></figure>
<div class="card"><dl class="facts">
${fact(lang, words.status, say(lang, privateOwner ? words.soldStatus : words.inStore))}
${fact(lang, words.sofer, data(result.sofer, ''))}
${fact(lang, words.megiah, data(result.megiah, ''))}
${fact(lang, words.examined, html`<time datetime="${scroll.examinedDate}" dir="ltr">${scroll.examinedDate}</time>`)}
${fact(lang, words.font, data(result.font, ''))}
${fact(lang, privateOwner ? words.ownedBy : words.offeredBy, data(result.owner.username, ''))}
${place === null ? '' : fact(lang, words.place, data(place, ''))}
${fact(lang, words.registered, timestamp(result.create_time))}
${fact(lang, words.number, html`<bdi class="code">${result.uuid}</bdi>`)}
</dl></div>
</div>
<div class="card"><h2>${say(lang, words.qrTitle)}</h2>
${qr}</div>
</section>
${links.share === undefined ? '' : shareBlock(lang, links.share)}
<p class="actions"><a class="button secondary" href="/check">${say(lang, words.another)}</a></p>`,
  });
}

function renderNotFound(ctx: ViewContext, links: ResultLinks): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: words.notFoundTitle,
    body: html`<section class="result" data-status="not_found" data-verdict="none">
<div class="verdict none" role="status"><span class="verdict-mark" aria-hidden="true">?</span>
<div><h2>${say(lang, words.notFoundTitle)}</h2><p>${say(lang, words.notFound)}</p></div></div>
<h2>${say(lang, words.nextSteps)}</h2>
<p>${say(lang, words.notFoundAdvice)}</p>
${photoTips(lang)}
</section>
${links.share === undefined ? '' : shareBlock(lang, links.share)}
<div class="card"><h2>${say(lang, words.another)}</h2>${checkForm(ctx)}</div>`,
  });
}

/** Where a result page links: the QR page of a scroll's code, and this answer's own link once it is kept. */
export type ResultLinks = {
  readonly qrUrlOf: (code: string) => string;
  readonly share?: { readonly url: string; readonly checkedAt: string; readonly expiresAt: string };
};

/** A kept answer, opened by its link (the check form redirects there). */
export function renderSharedCheckResult(ctx: ViewContext, result: SharedCheckResult, links: ResultLinks): string {
  return result.outcome === 'found' ? renderFound(ctx, result.identified, links) : renderNotFound(ctx, links);
}

/** A result link that has expired or never existed. */
export function renderCheckResultGone(ctx: ViewContext): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: words.goneTitle,
    body: html`<p class="notice info" role="status">${say(lang, words.gone)}</p>
<div class="card">${checkForm(ctx)}</div>`,
  });
}

/** A photo that could not be checked: what went wrong, then the form again so the next photo is one tap away. */
export function renderCheckRefused(ctx: ViewContext, code: CheckFailureCode, message: string): string {
  const { lang } = ctx;
  const explanation: Record<CheckFailureCode, { readonly title: Words; readonly body: Html }> = {
    invalid_photo: {
      title: words.invalidTitle,
      body: html`<p class="notice error" role="alert">${say(lang, words.invalid)}</p>${photoTips(lang)}`,
    },
    invalid_request: {
      title: words.title,
      body: html`<p class="notice error" role="alert">${say(lang, words.unusable)}</p>${problem(message)}`,
    },
    busy: { title: words.title, body: html`<p class="notice error" role="alert">${say(lang, words.busy)}</p>` },
    too_large: { title: words.title, body: html`<p class="notice error" role="alert">${say(lang, words.tooLarge)}</p>` },
  };
  const { title, body } = explanation[code];
  return renderPage(ctx, {
    title,
    body: html`<section class="result" data-status="${apiStatusOf(code)}">${body}</section>
<div class="card"><h2>${say(lang, words.another)}</h2>${checkForm(ctx)}</div>`,
  });
}
