import { html } from './html.ts';
import { say, type Words } from './language.ts';
import { renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';

const words = {
  title: { en: 'Is this the scroll it claims to be?', he: 'האם זו המזוזה שהיא מתיימרת להיות?' },
  intro: {
    en: 'Every registered mezuzah scroll was photographed when it was registered. A photo of the scroll in your hands tells whether it is that registered scroll, who wrote it, who examined it and who owns it.',
    he: 'כל מזוזה רשומה צולמה בעת רישומה. תמונה של המזוזה שבידכם מראה אם זו המזוזה הרשומה, מי כתב אותה, מי בדק אותה ולמי היא שייכת.',
  },
  check: { en: 'Check a mezuzah', he: 'בדיקת מזוזה' },
  compare: { en: 'Compare two photos', he: 'השוואת שתי תמונות' },
  partners: { en: 'Stores, scribes and examiners', he: 'חנויות, סופרים ומגיהים' },
  partnersText: {
    en: 'Sign in to manage your inventory, credits, certificates, examinations and API keys.',
    he: 'היכנסו לניהול המלאי, הקרדיטים, התעודות, הבדיקות ומפתחות ה-API.',
  },
  signIn: { en: 'Sign in', he: 'כניסה' },
} as const satisfies Record<string, Words>;

export function renderHome(ctx: ViewContext): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: words.title,
    body: html`<div class="card"><p>${say(lang, words.intro)}</p>
<p class="actions"><a class="button" href="/check">${say(lang, words.check)}</a><a class="button secondary" href="/check/compare">${say(lang, words.compare)}</a></p></div>
${ctx.account === null ? html`<div class="card"><h2>${say(lang, words.partners)}</h2><p>${say(lang, words.partnersText)}</p><p><a class="button secondary" href="/sign-in">${say(lang, words.signIn)}</a></p></div>` : ''}`,
  });
}
