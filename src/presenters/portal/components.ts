// Pieces several portal views share: labelled form fields, a pager, notices.
import { html, type Html } from './html.ts';
import { say, type Language, type Words } from './language.ts';
import { componentWords as words } from './words/components.ts';

export type FieldOptions = {
  readonly label: Words;
  readonly name: string;
  readonly type?: string;
  readonly value?: string;
  readonly required?: boolean;
  readonly autocomplete?: string;
  readonly hint?: Words;
  readonly attributes?: Html;
};

/** A labelled input; the label is a real <label for>, the hint is tied by aria-describedby. */
export function field(lang: Language, options: FieldOptions): Html {
  const id = `f-${options.name}`;
  const hint = options.hint === undefined ? '' : html`<small id="${id}-hint">${say(lang, options.hint)}</small>`;
  return html`<div class="field">
<label for="${id}">${say(lang, options.label)}${options.required === false ? html` <span class="optional">${say(lang, words.optional)}</span>` : ''}</label>
<input id="${id}" name="${options.name}" type="${options.type ?? 'text'}"${options.value === undefined ? '' : html` value="${options.value}"`}${
    options.required === false ? '' : html` required`
  }${options.autocomplete === undefined ? '' : html` autocomplete="${options.autocomplete}"`}${
    options.hint === undefined ? '' : html` aria-describedby="${id}-hint"`
  }${options.attributes ?? ''}>
${hint}
</div>`;
}

export function notice(lang: Language, kind: 'ok' | 'error' | 'info', text: Words | Html): Html {
  const content = 'en' in text ? say(lang, text) : text;
  return html`<p class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${content}</p>`;
}

/** An error the domain returned (English only: its messages are the API's). */
export function problem(message: string): Html {
  return html`<p class="notice error" role="alert" lang="en" dir="ltr">${message}</p>`;
}

/** Stored timestamps are UTC `YYYY-MM-DD HH:MM:SS`; shown to the minute, marked as UTC. */
export function timestamp(value: string | null): Html {
  if (value === null) return html`—`;
  return html`<time datetime="${value.replace(' ', 'T')}Z" dir="ltr">${value.slice(0, 16)} UTC</time>`;
}

/** One labelled fact of a `<dl class="facts">`. */
export function fact(lang: Language, label: Words, value: Html | string): Html {
  return html`<div><dt>${say(lang, label)}</dt><dd>${value}</dd></div>`;
}

/** Data in any script, isolated from the text around it. */
export function data(value: string, className = 'data'): Html {
  return html`<bdi class="${className}">${value}</bdi>`;
}

export type PagerState = { readonly page: number; readonly perPage: number; readonly total: number };

/** Previous/next links that keep the other query parameters; pages are 0-based in the URL, 1-based on screen. */
export function pager(lang: Language, state: PagerState, hrefFor: (page: number) => string): Html {
  const pages = Math.max(1, Math.ceil(state.total / state.perPage));
  if (pages <= 1) return html``;
  const previous = state.page > 0 ? html`<a rel="prev" href="${hrefFor(state.page - 1)}">${say(lang, words.previous)}</a>` : '';
  const next = state.page + 1 < pages ? html`<a rel="next" href="${hrefFor(state.page + 1)}">${say(lang, words.next)}</a>` : '';
  return html`<nav class="pager" aria-label="${words.pages[lang]}">${previous}<span>${say(lang, words.pageOf, {
    page: state.page + 1,
    pages,
    total: state.total,
  })}</span>${next}</nav>`;
}

/** A query string from the non-empty values, for links that keep filters. */
export function queryString(values: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A form's refusal: our own wording in the page's language, or the domain's (English) message. */
export function errorNotice(lang: Language, error: string | Words | undefined): Html {
  if (error === undefined) return html``;
  return typeof error === 'string' ? problem(error) : notice(lang, 'error', error);
}
