// The sale form (on a scroll's page and on its own page, GET/POST
// /store/scrolls/{uuid}/sale): the buyer with an account by email or
// username, or a buyer without one by their details, as the API's
// sell-mezuzah takes them; the credits left beside it. Works without script:
// both kinds of buyer are shown, and the style sheet hides the one not chosen
// where the browser can.
import type { ScrollDetails } from '../../db/records.ts';
import { data, errorNotice, fact, field, notice } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Language, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';

const words = {
  title: { en: 'Sell scroll {code}', he: 'מכירת המזוזה {code}' },
  heading: { en: 'Record a sale', he: 'רישום מכירה' },
  credits: { en: 'Credits left: {credits}. A sale uses one.', he: 'קרדיטים שנותרו: {credits}. מכירה צורכת אחד.' },
  noCredits: {
    en: 'No credits left: a sale uses one credit, so none can be recorded now. Ask the registry for credits.',
    he: 'לא נותרו קרדיטים: מכירה צורכת קרדיט אחד, ולכן אי אפשר לרשום מכירה כעת. בקשו קרדיטים מהמרשם.',
  },
  buyer: { en: 'The buyer', he: 'הקונה' },
  hasAccount: { en: 'has an account in the registry', he: 'יש לו חשבון במרשם' },
  hasNoAccount: { en: 'has no account yet', he: 'עדיין אין לו חשבון' },
  account: { en: 'Buyer’s email or username', he: 'האימייל או שם המשתמש של הקונה' },
  accountHint: { en: 'As in the buyer’s account.', he: 'כפי שהם בחשבון של הקונה.' },
  newBuyer: { en: 'A buyer without an account', he: 'קונה ללא חשבון' },
  newBuyerHint: {
    en: 'The registry records the buyer under this email. If a buyer already has an account with it, the sale goes to that account.',
    he: 'המרשם רושם את הקונה תחת האימייל הזה. אם כבר יש לקונה חשבון עם האימייל הזה, המכירה נרשמת לחשבון ההוא.',
  },
  username: { en: 'Buyer’s name', he: 'שם הקונה' },
  email: { en: 'Buyer’s email', he: 'האימייל של הקונה' },
  country: { en: 'Country', he: 'מדינה' },
  city: { en: 'City', he: 'עיר' },
  note: { en: 'Note', he: 'הערה' },
  optional: { en: '(optional)', he: '(לא חובה)' },
  submit: { en: 'Record the sale (uses 1 credit)', he: 'רישום המכירה (צורך קרדיט אחד)' },
  busyLabel: { en: 'Recording…', he: 'נרשם…' },
  unverified: {
    en: 'The megiah has not yet confirmed this scroll’s examination. It may be sold now; until he confirms, a scan of its sticker shows “registered, awaiting the examiner’s confirmation”.',
    he: 'המגיה עדיין לא אישר את בדיקת המזוזה. אפשר למכור אותה כבר עכשיו; עד שיאשר, סריקת המדבקה מציגה „רשומה, ממתינה לאישור הבודק”.',
  },
  rejected: {
    en: 'The megiah refused to confirm this scroll’s examination. A buyer who checks it is told so, and a scan of its sticker finds no verified mezuzah. Sell it only as what it is, or have it repaired and examined again first.',
    he: 'המגיה סירב לאשר את בדיקת המזוזה. קונה שיבדוק אותה יקבל על כך הודעה, וסריקת המדבקה לא תמצא מזוזה מאומתת. מכרו אותה רק כפי שהיא, או תקנו אותה ומסרו אותה לבדיקה חוזרת קודם.',
  },
  noSuchBuyer: {
    en: 'No buyer can be found or recorded by these details. Check the email or username; a buyer who has no account is recorded by their details. Nothing was sold.',
    he: 'לא ניתן למצוא או לרשום קונה לפי הפרטים האלה. בדקו את האימייל או את שם המשתמש; קונה שאין לו חשבון נרשם לפי פרטיו. דבר לא נמכר.',
  },
  noCreditsRefusal: {
    en: 'No credits left: a sale uses one credit. Nothing was sold. Ask the registry for credits, then record the sale again.',
    he: 'לא נותרו קרדיטים: מכירה צורכת קרדיט אחד. דבר לא נמכר. בקשו קרדיטים מהמרשם, ואז רשמו את המכירה שוב.',
  },
  invalid: { en: 'Some details are missing or not valid (nothing was sold):', he: 'חלק מהפרטים חסרים או אינם תקינים (דבר לא נמכר):' },
  qrCode: { en: 'QR code', he: 'קוד QR' },
  font: { en: 'Script', he: 'כתב' },
  size: { en: 'Size', he: 'גודל' },
  sofer: { en: 'Sofer (scribe)', he: 'סופר' },
  back: { en: 'Back to the scroll', he: 'חזרה למזוזה' },
  soldFlash: {
    en: 'Sale recorded. The scroll belongs to its buyer now and has left your inventory; one credit was used.',
    he: 'המכירה נרשמה. המזוזה שייכת כעת לקונה ויצאה מהמלאי שלכם; נצרך קרדיט אחד.',
  },
  alreadySoldFlash: {
    en: 'This scroll was already sold (see below): the sale was not recorded again and no further credit was used.',
    he: 'המזוזה הזו כבר נמכרה (ראו למטה): המכירה לא נרשמה שוב ולא נצרך קרדיט נוסף.',
  },
} as const satisfies Record<string, Words>;

export const saleWords = words;

/** The form's fields as the browser sends them. */
export const saleFields = ['buyer', 'account', 'username', 'email', 'country', 'city', 'note'] as const;
export type SaleValues = Readonly<Partial<Record<(typeof saleFields)[number], string>>>;

export type SaleProblem = { readonly code: 'no_credits' | 'unusable_buyer' | 'invalid_request'; readonly msg: string };

export type SaleState = { readonly values?: SaleValues; readonly problem?: SaleProblem };

function problemNotice(lang: Language, problem: SaleProblem): Html {
  switch (problem.code) {
    case 'no_credits':
      return notice(lang, 'error', words.noCreditsRefusal);
    case 'unusable_buyer':
      return notice(lang, 'error', words.noSuchBuyer);
    case 'invalid_request':
      return html`${notice(lang, 'error', words.invalid)}${errorNotice(lang, problem.msg)}`;
  }
}

/**
 * A field the chosen kind of buyer needs: neither `required` (the browser
 * would refuse to send a form whose hidden field of the other kind is empty)
 * nor marked optional; the domain checks it.
 */
function buyerField(lang: Language, name: string, label: Words, value: string, attributes: Html, hint?: Words): Html {
  const id = `f-${name}`;
  return html`<div class="field">
<label for="${id}">${say(lang, label)}</label>
<input id="${id}" name="${name}" value="${value}"${attributes}${hint === undefined ? '' : html` aria-describedby="${id}-hint"`}>
${hint === undefined ? '' : html`<small id="${id}-hint">${say(lang, hint)}</small>`}
</div>`;
}

function radio(lang: Language, value: 'account' | 'new', label: Words, chosen: boolean): Html {
  return html`<div class="choice"><input type="radio" id="f-buyer-${value}" name="buyer" value="${value}"${chosen ? html` checked` : ''}><label for="f-buyer-${value}">${say(lang, label)}</label></div>`;
}

/** The sale form with the credits left; `state` keeps what was typed when a sale was refused. */
export function saleForm(ctx: ViewContext, scroll: ScrollDetails, credits: number, state: SaleState = {}): Html {
  const { lang } = ctx;
  const values = state.values ?? {};
  const isNew = values.buyer === 'new';
  const optional = { required: false, autocomplete: 'off', attributes: html` maxlength="100"` } as const;
  return html`<form method="post" action="/store/scrolls/${encodeURIComponent(scroll.uuid)}/sale" class="sale" data-busy="${words.busyLabel[lang]}" novalidate>
${csrfField(ctx)}
${state.problem === undefined ? '' : problemNotice(lang, state.problem)}
${credits > 0 ? html`<p class="credits">${say(lang, words.credits, { credits })}</p>` : state.problem?.code === 'no_credits' ? '' : notice(lang, 'error', words.noCredits)}
<fieldset class="buyer-kind"><legend>${say(lang, words.buyer)}</legend>
${radio(lang, 'account', words.hasAccount, !isNew)}
${radio(lang, 'new', words.hasNoAccount, isNew)}
</fieldset>
<div class="buyer-account">
${buyerField(lang, 'account', words.account, values.account ?? '', html` type="text" maxlength="254" autocapitalize="off" spellcheck="false" autocomplete="off"`, words.accountHint)}
</div>
<fieldset class="buyer-new"><legend>${say(lang, words.newBuyer)}</legend>
<p class="hint">${say(lang, words.newBuyerHint)}</p>
${buyerField(lang, 'username', words.username, values.username ?? '', html` type="text" maxlength="100" autocomplete="off"`)}
${buyerField(lang, 'email', words.email, values.email ?? '', html` type="email" maxlength="254" autocapitalize="off" spellcheck="false" autocomplete="off" dir="ltr"`)}
<div class="grid two">
${field(lang, { ...optional, label: words.country, name: 'country', value: values.country ?? '' })}
${field(lang, { ...optional, label: words.city, name: 'city', value: values.city ?? '' })}
</div>
</fieldset>
<div class="field">
<label for="f-note">${say(lang, words.note)} <span class="optional">${say(lang, words.optional)}</span></label>
<textarea id="f-note" name="note" rows="2" maxlength="2000">${values.note ?? ''}</textarea>
</div>
<button type="submit">${say(lang, words.submit)}</button>
</form>`;
}

/** GET /store/scrolls/{uuid}/sale, and the form again after a refused sale. */
export function renderSalePage(ctx: ViewContext, scroll: ScrollDetails, credits: number, state: SaleState = {}): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: fillWords(words.title, { code: scroll.qrCode }),
    body: html`<div class="grid two">
<div class="card"><dl class="facts">
${fact(lang, words.qrCode, data(scroll.qrCode, 'code'))}
${fact(lang, words.font, data(scroll.font, ''))}
${fact(lang, words.size, data(scroll.size, ''))}
${fact(lang, words.sofer, data(scroll.sofer.username, ''))}
</dl>
${scroll.isVerified ? '' : scroll.rejection !== null ? html`<p class="notice error" role="alert">${say(lang, words.rejected)}</p>` : html`<p>${say(lang, words.unverified)}</p>`}
</div>
<div class="card"><h2>${say(lang, words.heading)}</h2>
${saleForm(ctx, scroll, credits, state)}
</div>
</div>
<p><a href="/store/scrolls/${encodeURIComponent(scroll.uuid)}">${say(lang, words.back)}</a></p>`,
  });
}
