import { PASSWORD_MIN_LENGTH } from '../../domain/passwords.ts';
import { errorNotice, field } from './components.ts';
import { html } from './html.ts';
import { fillWords, say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { passwordWords as words } from './words/password.ts';

export function renderPasswordPage(ctx: ViewContext, error?: string | Words): string {
  const { lang } = ctx;
  const shown = errorNotice(lang, error);
  return renderPage(ctx, {
    title: words.title,
    body: html`<div class="card">${shown}
<form method="post" action="/settings/password">
${csrfField(ctx)}
<input type="text" name="username" value="${ctx.account?.email ?? ''}" autocomplete="username" hidden>
${field(lang, { label: words.current, name: 'current', type: 'password', autocomplete: 'current-password', attributes: html` dir="ltr"` })}
${field(lang, { label: words.next, name: 'password', type: 'password', autocomplete: 'new-password', hint: fillWords(words.rules, { min: PASSWORD_MIN_LENGTH }), attributes: html` minlength="${PASSWORD_MIN_LENGTH}" dir="ltr"` })}
${field(lang, { label: words.repeat, name: 'repeat', type: 'password', autocomplete: 'new-password', attributes: html` minlength="${PASSWORD_MIN_LENGTH}" dir="ltr"` })}
<p>${say(lang, words.effect)}</p>
<button type="submit">${say(lang, words.save)}</button>
</form></div>`,
  });
}
