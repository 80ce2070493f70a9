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
import { saleWords as words } from './words/store-sale.ts';

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
