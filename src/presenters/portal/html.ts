// HTML built with one tagged template that escapes every interpolated value,
// so a name from the database can never become markup. Trusted fragments are
// themselves `Html` (made by this tag), and arrays of them are joined.
import { replaceUnsafeCharacters } from '../../text/unsafe-characters.ts';

export type Html = { readonly __html: string };

type Interpolation = Html | string | number | null | undefined | false | readonly Interpolation[];

/**
 * Text as HTML: markup characters escaped, and characters no stored text may
 * hold (controls, bidi overrides...; text/unsafe-characters.ts) shown as
 * U+FFFD, so a value stored before that rule can neither reorder the page
 * around it nor carry invisible controls into it.
 */
export function escapeHtml(text: string): string {
  return replaceUnsafeCharacters(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function isHtml(value: unknown): value is Html {
  return typeof value === 'object' && value !== null && '__html' in value;
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (isHtml(value)) return value.__html;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return { __html: out };
}

/** Markup this module did not build; only for constant text owned by the code (never data). */
export function trustedHtml(markup: string): Html {
  return { __html: markup };
}

export function toHtmlString(fragment: Html): string {
  return fragment.__html;
}
