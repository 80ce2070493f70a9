// The portal speaks English or Hebrew, one at a time, chosen by the visitor
// (a cookie set from the header's switch) or else by the browser's
// Accept-Language. Every piece of our own wording is written in both, in a
// table of words/ named after the view that shows it, so a translator reads
// the wording without the markup and a view reads as markup.
import { html, type Html } from './html.ts';

export const languages = ['en', 'he'] as const;
export type Language = (typeof languages)[number];

export type Words = { readonly en: string; readonly he: string };

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'he';
}

export function languageOf(chosen: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(chosen)) return chosen;
  // The first listed language the portal speaks; "iw" is Hebrew's old code, still sent by some phones.
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().split(';')[0].toLowerCase();
    if (tag.startsWith('he') || tag.startsWith('iw')) return 'he';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export function directionOf(lang: Language): 'rtl' | 'ltr' {
  return lang === 'he' ? 'rtl' : 'ltr';
}

/**
 * The wording in `lang`, with `{name}` placeholders replaced by values that
 * are escaped and isolated (<bdi>), so a Latin name inside a Hebrew sentence
 * (or the reverse) neither injects markup nor reorders the sentence.
 */
export function say(lang: Language, words: Words, values: Readonly<Record<string, string | number | Html>> = {}): Html {
  const text = words[lang];
  const parts: Html[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    parts.push(html`${text.slice(last, match.index)}`);
    const value = values[match[1]];
    parts.push(typeof value === 'object' ? value : html`<bdi>${value === undefined ? match[0] : String(value)}</bdi>`);
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
}

/**
 * The wording with `{name}` placeholders replaced by plain text, for places
 * that take text rather than markup (a page title, an attribute); the `html`
 * tag escapes it where it is used.
 */
export function fillWords(words: Words, values: Readonly<Record<string, string | number>>): Words {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
  return { en: fill(words.en), he: fill(words.he) };
}
