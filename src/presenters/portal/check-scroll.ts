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

const words = {
  title: { en: 'Check a mezuzah', he: 'בדיקת מזוזה' },
  intro: {
    en: 'Photograph the scroll itself, the parchment unrolled, and the registry tells you whether it is registered: who wrote it, who examined it, and who offers or owns it.',
    he: 'צלמו את הקלף עצמו, כשהוא פתוח, והמרשם יגיד לכם אם הוא רשום: מי כתב אותו, מי בדק אותו, ומי מציע אותו או מחזיק בו.',
  },
  photo: { en: 'Photo of the scroll', he: 'תמונה של הקלף' },
  photoHint: {
    en: 'Take a photo with your phone, or choose one you already have.',
    he: 'צלמו תמונה בטלפון, או בחרו תמונה קיימת.',
  },
  notKept: {
    en: 'The photo is used for this check only and is not stored.',
    he: 'התמונה משמשת לבדיקה זו בלבד ואינה נשמרת.',
  },
  chosen: { en: 'Chosen photo', he: 'התמונה שנבחרה' },
  submit: { en: 'Check', he: 'בדיקה' },
  checking: { en: 'Checking…', he: 'בודק…' },
  tipsTitle: { en: 'For a readable photo', he: 'לתמונה קריאה' },
  tipFlat: {
    en: 'Lay the whole scroll flat, unrolled, with every line inside the picture.',
    he: 'הניחו את כל הקלף שטוח ופתוח, כשכל השורות בתוך התמונה.',
  },
  tipLight: { en: 'Use good, even light.', he: 'השתמשו בתאורה טובה ואחידה.' },
  tipGlare: {
    en: 'Avoid glare and shadows: no flash straight on, no plastic cover.',
    he: 'הימנעו מהשתקפויות וצללים: בלי מבזק ישיר ובלי כיסוי ניילון.',
  },
  another: { en: 'Check another photo', he: 'בדיקת תמונה נוספת' },
  foundTitle: { en: 'Registered mezuzah', he: 'מזוזה רשומה' },
  verifiedTitle: { en: 'Verified and registered', he: 'מאומתת ורשומה' },
  verified: {
    en: 'This is the registered scroll, and the megiah named below has confirmed its examination.',
    he: 'זהו הקלף הרשום, והמגיה ששמו מופיע למטה אישר את בדיקתו.',
  },
  unverifiedTitle: { en: 'Registered, not yet examined', he: 'רשומה, טרם נבדקה' },
  unverified: {
    en: 'A store registered this scroll, but the megiah named on it has not yet confirmed the examination. Until then the registry vouches only that this is the registered scroll, not for its text. Ask the seller when it will be examined, or check again later.',
    he: 'חנות רשמה את הקלף הזה, אך המגיה ששמו מופיע עליו טרם אישר את הבדיקה. עד אז המרשם מעיד רק שזהו הקלף הרשום, ולא על הכתב שבו. שאלו את המוכר מתי ייבדק, או בדקו שוב מאוחר יותר.',
  },
  rejectedTitle: { en: 'Not confirmed by the examiner', he: 'לא אושרה על ידי המגיה' },
  rejected: {
    en: 'This is a registered scroll, but the megiah who examined it did not confirm it. Do not buy it as an examined mezuzah; ask the seller, or have it examined again.',
    he: 'זהו קלף רשום, אך המגיה שבדק אותו לא אישר אותו. אל תקנו אותו כמזוזה בדוקה; שאלו את המוכר, או מסרו אותו לבדיקה חוזרת.',
  },
  soldTitle: { en: 'Already sold to a private owner', he: 'כבר נמכרה לבעלים פרטיים' },
  sold: {
    en: 'The registry records this scroll as sold by a store to an end customer. If it is offered to you as new, ask the seller how it came to them before you buy.',
    he: 'לפי המרשם הקלף הזה נמכר על ידי חנות ללקוח פרטי. אם מציעים לכם אותו כחדש, שאלו את המוכר כיצד הגיע אליו לפני שתקנו.',
  },
  registeredPhoto: { en: 'The registered photo', he: 'התמונה הרשומה' },
  compareByEye: {
    en: 'Compare it with the scroll in front of you, letter by letter.',
    he: 'השוו אותה לקלף שלפניכם, אות באות.',
  },
  status: { en: 'Status', he: 'מצב' },
  inStore: { en: 'In a store’s inventory', he: 'במלאי של חנות' },
  soldStatus: { en: 'Sold to a private owner', he: 'נמכרה לבעלים פרטיים' },
  sofer: { en: 'Written by (sofer)', he: 'נכתבה על ידי (סופר)' },
  megiah: { en: 'Examined by (megiah)', he: 'נבדקה על ידי (מגיה)' },
  examined: { en: 'Examined on', he: 'תאריך הבדיקה' },
  font: { en: 'Script', he: 'כתב' },
  offeredBy: { en: 'Offered by', he: 'מוצעת על ידי' },
  ownedBy: { en: 'Owned by', he: 'בבעלות' },
  place: { en: 'Where', he: 'היכן' },
  registered: { en: 'Registered', he: 'נרשמה' },
  number: { en: 'Registry number', he: 'מספר רישום' },
  qrTitle: { en: 'QR code', he: 'קוד QR' },
  qrHint: {
    en: 'The sticker on this scroll’s case should carry this code.',
    he: 'המדבקה על בית המזוזה אמורה לשאת קוד זה.',
  },
  qrOpen: { en: 'Open its QR page', he: 'פתיחת דף ה-QR שלה' },
  qrPending: {
    en: 'Its QR code works once the examination is verified.',
    he: 'קוד ה-QR שלה יפעל לאחר אימות הבדיקה.',
  },
  notFoundTitle: { en: 'Not found in the registry', he: 'לא נמצאה במרשם' },
  notFound: { en: 'No registered scroll matches this photo.', he: 'אף מזוזה רשומה אינה תואמת לתמונה זו.' },
  shareTitle: { en: 'Share this result', he: 'שיתוף התוצאה' },
  shareHint: {
    en: 'Send this link to the seller or to a rabbi: it opens this answer, as the registry holds it then, until {until}. It holds no photo of yours.',
    he: 'שלחו את הקישור למוכר או לרב: הוא פותח את התשובה הזו, כפי שהיא רשומה במרשם באותה עת, עד {until}. אין בו תמונה שלכם.',
  },
  checkedAt: { en: 'Checked {when}', he: 'נבדק {when}' },
  shareLink: { en: 'Link to this result', he: 'קישור לתוצאה' },
  copy: { en: 'Copy the link', he: 'העתקת הקישור' },
  copied: { en: 'Copied', he: 'הועתק' },
  goneTitle: { en: 'This result link has expired', he: 'תוקף הקישור לתוצאה פג' },
  gone: {
    en: 'A check result can be opened for 30 days. Check the scroll again with a new photo.',
    he: 'ניתן לפתוח תוצאת בדיקה במשך 30 ימים. בדקו את הקלף שוב בתמונה חדשה.',
  },
  nextSteps: { en: 'What to do next', he: 'מה עושים עכשיו' },
  notFoundAdvice: {
    en: 'A clearer photo of the whole scroll may still find it. Otherwise ask the store that sold it whether it was registered.',
    he: 'ייתכן שתמונה ברורה יותר של כל הקלף תמצא אותה. אחרת, שאלו את החנות שמכרה אותה אם נרשמה.',
  },
  invalidTitle: { en: 'The photo cannot be read', he: 'לא ניתן לקרוא את התמונה' },
  invalid: { en: 'No readable scroll text in this photo.', he: 'לא נמצא בתמונה זו כתב קריא של מזוזה.' },
  unusable: { en: 'This upload cannot be checked.', he: 'לא ניתן לבדוק את הקובץ שהועלה.' },
  busy: { en: 'The registry is busy right now. Try again in a moment.', he: 'המרשם עמוס כרגע. נסו שוב בעוד רגע.' },
  tooLarge: { en: 'The photo is too large. Choose a smaller one and try again.', he: 'התמונה גדולה מדי. בחרו תמונה קטנה יותר ונסו שוב.' },
} as const satisfies Record<string, Words>;

/** Words the compare page shares with this one. */
export const checkWords = words;

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

function checkForm(ctx: ViewContext): Html {
  const { lang } = ctx;
  return html`<form method="post" action="/check" enctype="multipart/form-data" data-busy="${words.checking[lang]}">
${csrfField(ctx)}
${photoField(lang, 'image', words.photo)}
<p><small>${say(lang, words.notKept)}</small></p>
<button type="submit">${say(lang, words.submit)}</button>
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
