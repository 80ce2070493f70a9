import type { ApiKey } from '../../db/records.ts';
import { data, field, problem, timestamp } from './components.ts';
import { html } from './html.ts';
import { say } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { apiKeyWords as words } from './words/api-keys.ts';

export function renderApiKeys(ctx: ViewContext, keys: readonly ApiKey[], state: { readonly label?: string; readonly error?: string } = {}): string {
  const { lang } = ctx;
  const rows = keys.map(
    (key) => html`<tr>
<td data-label="${words.label[lang]}">${key.label === '' ? '—' : data(key.label, '')}</td>
<td data-label="${words.prefix[lang]}"><bdi class="code">${key.displayPrefix}…</bdi></td>
<td data-label="${words.created[lang]}">${timestamp(key.createdAt)}</td>
<td data-label="${words.lastUsed[lang]}">${key.lastUsedAt === null ? say(lang, words.never) : timestamp(key.lastUsedAt)}</td>
<td data-label="${words.state[lang]}">${
      key.revokedAt === null
        ? html`<span class="status ok">${say(lang, words.active)}</span>
<form method="post" action="/settings/api-keys/${key.publicId}/revoke" class="inline" data-confirm="${words.confirmRevoke[lang]}">${csrfField(ctx)}<button class="danger" type="submit" aria-label="${`${words.revoke[lang]}: ${key.label || key.displayPrefix}`}">${say(lang, words.revoke)}</button></form>`
        : html`<span class="status bad">${say(lang, words.revokedAt, { when: timestamp(key.revokedAt) })}</span>`
    }</td>
</tr>`,
  );
  return renderPage(ctx, {
    title: words.title,
    body: html`<p>${say(lang, words.intro)}</p>
<p>${say(lang, words.reference)} <a href="/api/v1/docs">${say(lang, words.referenceLink)}</a></p>
<div class="card"><h2>${say(lang, words.create)}</h2>
${state.error === undefined ? '' : problem(state.error)}
<form method="post" action="/settings/api-keys">
${csrfField(ctx)}
${field(lang, { label: words.label, name: 'label', value: state.label ?? '', hint: words.labelHint, attributes: html` maxlength="100"` })}
<button type="submit">${say(lang, words.create)}</button>
</form></div>
<h2>${say(lang, words.yours)}</h2>
${keys.length === 0 ? html`<p>${say(lang, words.none)}</p>` : html`<table class="stack"><thead><tr><th scope="col">${say(lang, words.label)}</th><th scope="col">${say(lang, words.prefix)}</th><th scope="col">${say(lang, words.created)}</th><th scope="col">${say(lang, words.lastUsed)}</th><th scope="col">${say(lang, words.state)}</th></tr></thead><tbody>${rows}</tbody></table>`}`,
  });
}

/** The page a new key's creation redirects to; it shows the key once (see domain/reveal-api-key.ts). */
export function renderNewApiKey(ctx: ViewContext, created: { readonly key: string; readonly apiKey: ApiKey }): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: words.newTitle,
    body: html`<div class="card">
<p><strong>${data(created.apiKey.label, '')}</strong></p>
<p class="notice info">${say(lang, words.showOnce)}</p>
<code class="secret" id="new-api-key">${created.key}</code>
<p class="actions"><button type="button" class="secondary" data-copy="new-api-key" data-copied="${words.copied[lang]}">${say(lang, words.copy)}</button>
<a href="/settings/api-keys">${say(lang, words.back)}</a></p>
</div>`,
  });
}

/** The key's page seen again (a reload, the back button, another browser): the key is not shown twice. */
export function renderNewApiKeyGone(ctx: ViewContext): string {
  const { lang } = ctx;
  return renderPage(ctx, {
    title: words.goneTitle,
    body: html`<div class="card"><p class="notice info" role="status">${say(lang, words.gone)}</p>
<p class="actions"><a class="button" href="/settings/api-keys">${say(lang, words.back)}</a></p></div>`,
  });
}
