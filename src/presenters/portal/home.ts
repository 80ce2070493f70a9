import { html } from './html.ts';
import { say } from './language.ts';
import { renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { homeWords as words } from './words/home.ts';

export function renderHome(ctx: ViewContext): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: words.title,
    body: html`<div class="card"><p>${say(lang, words.intro)}</p>
<p class="actions"><a class="button" href="/check">${say(lang, words.check)}</a><a class="button secondary" href="/check/compare">${say(lang, words.compare)}</a></p></div>
${ctx.account === null ? html`<div class="card"><h2>${say(lang, words.partners)}</h2><p>${say(lang, words.partnersText)}</p><p><a class="button secondary" href="/sign-in">${say(lang, words.signIn)}</a></p></div>` : ''}`,
  });
}
