import type { Account } from '../../db/records.ts';
import { PASSWORD_MIN_LENGTH } from '../../domain/passwords.ts';
import { errorNotice, field, notice } from './components.ts';
import { html } from './html.ts';
import { fillWords, say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { signInWords as words } from './words/sign-in.ts';

/** Shown when the sign-in throttle refuses an attempt (http/portal/sign-in-throttle.ts). */
export function tooManyAttempts(minutes: number): Words {
  return fillWords(words.tooMany, { minutes });
}

export function renderSignIn(ctx: ViewContext, state: { readonly email?: string; readonly next: string; readonly error?: string | Words }): string {
  const { lang } = ctx;
  const error = errorNotice(lang, state.error);
  return renderPage(ctx, {
    title: words.title,
    body: html`<div class="card">
${error}
<form method="post" action="/sign-in" novalidate>
${csrfField(ctx)}
<input type="hidden" name="next" value="${state.next}">
${field(lang, { label: words.email, name: 'email', type: 'email', value: state.email ?? '', autocomplete: 'username', attributes: html` inputmode="email" autocapitalize="off" spellcheck="false" dir="ltr"` })}
${field(lang, { label: words.password, name: 'password', type: 'password', autocomplete: 'current-password', attributes: html` dir="ltr"` })}
<button type="submit">${say(lang, words.submit)}</button>
</form>
</div>
<p>${say(lang, words.noPassword)}</p>`,
  });
}

export function renderInvitation(
  ctx: ViewContext,
  state: { readonly account: Account; readonly token: string; readonly error?: string | Words },
): string {
  const { lang } = ctx;
  const error = errorNotice(lang, state.error);
  const rules = fillWords(words.rules, { min: PASSWORD_MIN_LENGTH });
  return renderPage(ctx, {
    title: words.inviteTitle,
    body: html`<div class="card">
<p>${say(lang, words.inviteFor, { name: state.account.username, email: state.account.email })}</p>
${error}
<form method="post" action="/invitation/${state.token}">
${csrfField(ctx)}
<input type="text" name="username" value="${state.account.email}" autocomplete="username" hidden>
${field(lang, { label: words.newPassword, name: 'password', type: 'password', autocomplete: 'new-password', hint: rules, attributes: html` minlength="${PASSWORD_MIN_LENGTH}" dir="ltr"` })}
${field(lang, { label: words.repeat, name: 'repeat', type: 'password', autocomplete: 'new-password', attributes: html` minlength="${PASSWORD_MIN_LENGTH}" dir="ltr"` })}
<button type="submit">${say(lang, words.save)}</button>
</form>
</div>`,
  });
}

/** A used, replaced or expired link: one answer for all, so a link reveals nothing about its account. */
export function renderInvitationUnusable(ctx: ViewContext): string {
  return renderPage(ctx, { title: words.invalidInvite, body: notice(ctx.lang, 'error', words.unusable) });
}
