// The page shell every portal page shares: header with the registry's name,
// navigation for the signed-in role, the language switch and sign-out; then
// the page's own content.
import type { Role } from '../../db/records.ts';
import { html, toHtmlString, type Html } from './html.ts';
import { directionOf, say, type Language, type Words } from './language.ts';
import type { ViewContext } from './view-context.ts';
import { layoutWords as words } from './words/layout.ts';

type NavItem = { readonly href: string; readonly words: Words };

function navigationFor(role: Role | null): NavItem[] {
  const check: NavItem[] = [
    { href: '/check', words: words.check },
    { href: '/check/compare', words: words.compare },
  ];
  const keys: NavItem = { href: '/settings/api-keys', words: words.apiKeys };
  const password: NavItem = { href: '/settings/password', words: words.password };
  switch (role) {
    case null:
      return check;
    case 'store':
    case 'agent':
      return [
        { href: '/store', words: words.storeOverview },
        { href: '/store/inventory', words: words.inventory },
        { href: '/store/sales', words: words.sales },
        ...(role === 'agent' ? [{ href: '/store/register', words: words.register }] : []),
        keys,
        { href: '/settings/webhooks', words: words.webhooks },
        password,
        ...check,
      ];
    case 'megiah':
      return [{ href: '/megiah', words: words.megiahQueue }, { href: '/megiah/history', words: words.megiahHistory }, keys, password, ...check];
    case 'admin':
      return [{ href: '/admin/accounts', words: words.adminAccounts }, { href: '/admin/scrolls', words: words.adminScrolls }, password, ...check];
    default:
      return [password, ...check];
  }
}

/** Where a role lands after sign-in. */
export function homeOf(role: Role): string {
  return navigationFor(role)[0].href;
}

export function csrfField(ctx: ViewContext): Html {
  return html`<input type="hidden" name="_csrf" value="${ctx.csrfToken}">`;
}

export function renderPage(ctx: ViewContext, page: { readonly title: Words; readonly body: Html }): string {
  const { lang } = ctx;
  const current = ctx.path.split('?')[0];
  const nav = navigationFor(ctx.account?.role ?? null).map(
    (item) =>
      html`<li><a href="${item.href}"${current === item.href ? html` aria-current="page"` : ''}>${say(lang, item.words)}</a></li>`,
  );
  const other: Language = lang === 'he' ? 'en' : 'he';
  const session =
    ctx.account === null
      ? html`<a class="button secondary" href="/sign-in">${say(lang, words.signIn)}</a>`
      : html`<span class="who">${say(lang, words.signedInAs, { name: ctx.account.username })}</span>
<form method="post" action="/sign-out" class="inline">${csrfField(ctx)}<button class="secondary" type="submit">${say(lang, words.signOut)}</button></form>`;
  const flash =
    ctx.flash === null ? '' : html`<p class="notice ${ctx.flash.kind}" role="${ctx.flash.kind === 'error' ? 'alert' : 'status'}">${say(lang, ctx.flash.words)}</p>`;
  const title = `${page.title[lang]} · ${words.registry[lang]}`;
  return `<!doctype html>\n${toHtmlString(html`<html lang="${lang}" dir="${directionOf(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="icon" href="${ctx.assets.mark}" type="image/svg+xml">
<link rel="stylesheet" href="${ctx.assets.css}">
<script src="${ctx.assets.js}" defer></script>
</head>
<body>
<a class="skip" href="#content">${say(lang, words.skip)}</a>
<header class="top">
<a class="brand" href="/"><img class="mark" src="${ctx.assets.mark}" alt="" width="22" height="36">${say(lang, words.registry)}</a>
<div class="session">${session}
<a class="lang" href="/language/${other}?back=${encodeURIComponent(ctx.path)}" lang="${other}" hreflang="${other}">${words.otherLanguage[lang]}</a>
</div>
</header>
<nav aria-label="${words.nav[lang]}"><ul>${nav}</ul></nav>
<main id="content">
${flash}
<h1>${say(lang, page.title)}</h1>
${page.body}
</main>
</body>
</html>
`)}`;
}
