import { html } from './html.ts';
import { say, type Words } from './language.ts';
import { renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { errorPageWords, errorReasonWords } from './words/error-page.ts';

export type ErrorPageReason = 400 | 403 | 404 | 413 | 429 | 500 | 503 | 'csrf';

const pages: Readonly<Record<ErrorPageReason, { readonly title: Words; readonly detail: Words }>> = errorReasonWords;

export function renderErrorPage(ctx: ViewContext, reason: ErrorPageReason): string {
  const page = pages[reason];
  return renderPage(ctx, { title: page.title, body: html`<p>${say(ctx.lang, page.detail)}</p><p><a href="/">${say(ctx.lang, errorPageWords.home)}</a></p>` });
}
