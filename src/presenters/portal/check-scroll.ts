// The public check page: a photo of a scroll in, the registry's answer out.
// The facts shown are those of the API's public check result (spec §2.2,
// presentPublicCheckResult: a private owner's coordinates rounded), plus
// whether the examination is verified and, once it is, the scroll's QR code,
// which anyone standing before the scroll can read off its sticker anyway.
import { createQrMatrix, qrPathData, qrQuietZone } from '../../certificates/qr-matrix.ts';
import type { IdentifiedScroll } from '../../domain/identify-scroll.ts';
import { errorBody, type ErrorCode, type Outcome } from '../../errors.ts';
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
  verified: {
    en: 'Verified: the megiah has confirmed the examination.',
    he: 'מאומתת: המגיה אישר את הבדיקה.',
  },
  unverified: {
    en: 'Not yet verified: the megiah has not yet confirmed the examination.',
    he: 'טרם אומתה: המגיה טרם אישר את הבדיקה.',
  },
  registeredPhoto: { en: 'The registered photo', he: 'התמונה הרשומה' },
  compareByEye: {
    en: 'Compare it with the scroll in front of you, letter by letter.',
    he: 'השוו אותה לקלף שלפניכם, אות באות.',
  },
  status: { en: 'Status', he: 'מצב' },
  inStore: { en: 'In a store’s inventory', he: 'במלאי של חנות' },
  sold: { en: 'Sold to a private owner', he: 'נמכרה לבעלים פרטיים' },
  sofer: { en: 'Written by (sofer)', he: 'נכתבה על ידי (סופר)' },
  megiah: { en: 'Examined by (megiah)', he: 'נבדקה על ידי (מגיה)' },
  examined: { en: 'Examined on', he: 'תאריך הבדיקה' },
  font: { en: 'Script', he: 'כתב' },
  offeredBy: { en: 'Offered by', he: 'מוצעת על ידי' },
  ownedBy: { en: 'Owned by', he: 'בבעלות' },
  country: { en: 'Country', he: 'ארץ' },
  location: { en: 'Location', he: 'מיקום' },
  approximateLocation: { en: 'Approximate location (about 1 km)', he: 'מיקום משוער (כקילומטר)' },
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

export type CheckFailureCode = 'invalid_request' | 'invalid_photo' | 'no_match' | 'busy' | 'too_large';
export type CheckOutcome = Outcome<IdentifiedScroll, CheckFailureCode>;

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

function renderFound(ctx: ViewContext, identified: IdentifiedScroll, qrUrlOf: (code: string) => string): string {
  const { lang } = ctx;
  const { scroll } = identified;
  const result = presentPublicCheckResult(identified);
  const privateOwner = result.owner.role === 'user';
  const located = result.owner.lat !== 0 || result.owner.lng !== 0;
  const qr = scroll.isVerified
    ? html`<p>${say(lang, words.qrHint)}</p>
${qrSymbol(qrUrlOf(scroll.qrCode), words.qrTitle[lang])}
<p><bdi class="code">${scroll.qrCode}</bdi></p>
<p><a href="/q/${scroll.qrCode}">${say(lang, words.qrOpen)}</a></p>`
    : html`<p>${say(lang, words.qrPending)}</p>`;
  return renderPage(ctx, {
    title: words.foundTitle,
    body: html`<section class="result" data-status="${result.status}">
${
  scroll.isVerified
    ? html`<p class="notice ok" role="status"><span class="status ok" aria-hidden="true">✓</span> ${say(lang, words.verified)}</p>`
    : html`<p class="notice info" role="status"><span class="status warn" aria-hidden="true">!</span> ${say(lang, words.unverified)}</p>`
}
<div class="grid two">
<figure class="card"><img class="preview" src="/${result.preview_url}" alt="${words.registeredPhoto[lang]}">
<figcaption>${say(lang, words.registeredPhoto)}. ${say(lang, words.compareByEye)}</figcaption></figure>
<div class="card"><dl class="facts">
${fact(lang, words.status, say(lang, privateOwner ? words.sold : words.inStore))}
${fact(lang, words.sofer, data(result.sofer, ''))}
${fact(lang, words.megiah, data(result.megiah, ''))}
${fact(lang, words.examined, html`<time datetime="${scroll.examinedDate}" dir="ltr">${scroll.examinedDate}</time>`)}
${fact(lang, words.font, data(result.font, ''))}
${fact(lang, privateOwner ? words.ownedBy : words.offeredBy, data(result.owner.username, ''))}
${result.owner.country === '' ? '' : fact(lang, words.country, data(result.owner.country, ''))}
${located ? fact(lang, privateOwner ? words.approximateLocation : words.location, html`<bdi dir="ltr">${result.owner.lat}, ${result.owner.lng}</bdi>`) : ''}
${fact(lang, words.registered, timestamp(result.create_time))}
${fact(lang, words.number, html`<bdi class="code">${result.uuid}</bdi>`)}
</dl></div>
</div>
<div class="card"><h2>${say(lang, words.qrTitle)}</h2>
${qr}</div>
</section>
<p class="actions"><a class="button secondary" href="/check">${say(lang, words.another)}</a></p>`,
  });
}

/** A refusal: what went wrong, then the form again so the next photo is one tap away. */
function renderRefused(ctx: ViewContext, code: CheckFailureCode, message: string): string {
  const { lang } = ctx;
  const explanation: Record<CheckFailureCode, { readonly title: Words; readonly body: Html }> = {
    no_match: {
      title: words.notFoundTitle,
      body: html`<p class="notice info" role="status">${say(lang, words.notFound)}</p><p>${say(lang, words.notFoundAdvice)}</p>`,
    },
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

/** The answer to a submitted photo; `qrUrlOf` gives the absolute URL a scroll's QR sticker encodes. */
export function renderCheckResult(ctx: ViewContext, outcome: CheckOutcome, qrUrlOf: (code: string) => string): string {
  return outcome.ok ? renderFound(ctx, outcome.value, qrUrlOf) : renderRefused(ctx, outcome.code, outcome.msg);
}
