// Settings → Webhooks: a store's addresses, adding one, the credits.low
// threshold; and one address's page: its secret, a test event, rotation,
// deletion, and its delivery log.
import type { Page, WebhookDelivery, WebhookEndpoint } from '../../db/records.ts';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhook-events.ts';
import { data, fact, field, pager, problem, timestamp, type PagerState } from './components.ts';
import { html } from './html.ts';
import { say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { webhookWords as words } from './words/webhooks.ts';

/** The form's name of an event's checkbox: the portal's form parser keeps one value per name. */
export const eventField = (type: string) => `event_${type}`;

export type WebhookForm = { readonly url?: string; readonly description?: string; readonly events?: readonly string[]; readonly error?: string };

export function renderWebhooks(ctx: ViewContext, endpoints: readonly WebhookEndpoint[], threshold: number, form: WebhookForm = {}): string {
  const { lang } = ctx;
  const rows = endpoints.map(
    (endpoint) => html`<tr>
<td data-label="${words.url[lang]}"><a href="/settings/webhooks/${endpoint.publicId}"><bdi class="code">${endpoint.url}</bdi></a>${endpoint.description === '' ? '' : html`<br>${data(endpoint.description, '')}`}</td>
<td data-label="${words.events[lang]}"><span dir="ltr">${endpoint.eventTypes.join(', ')}</span></td>
<td data-label="${words.created[lang]}">${timestamp(endpoint.createdAt)}</td>
</tr>`,
  );
  const chosen = form.events ?? [];
  const boxes = WEBHOOK_EVENT_TYPES.map(
    (type) => html`<label><input type="checkbox" name="${eventField(type)}" value="1"${chosen.includes(type) ? html` checked` : ''}> <span dir="ltr">${type}</span></label>`,
  );
  return renderPage(ctx, {
    title: words.title,
    body: html`<p>${say(lang, words.intro)} <a href="/api/v1/docs">${say(lang, words.reference)}</a></p>
<h2>${say(lang, words.yours)}</h2>
${endpoints.length === 0 ? html`<p>${say(lang, words.none)}</p>` : html`<table class="stack"><thead><tr><th scope="col">${say(lang, words.url)}</th><th scope="col">${say(lang, words.events)}</th><th scope="col">${say(lang, words.created)}</th></tr></thead><tbody>${rows}</tbody></table>`}
<div class="card"><h2>${say(lang, words.add)}</h2>
${form.error === undefined ? '' : problem(form.error)}
<form method="post" action="/settings/webhooks">
${csrfField(ctx)}
${field(lang, { label: words.url, name: 'url', type: 'url', value: form.url ?? '', hint: words.urlHint, attributes: html` maxlength="2000" dir="ltr" placeholder="https://"` })}
${field(lang, { label: words.description, name: 'description', value: form.description ?? '', required: false, attributes: html` maxlength="200"` })}
<fieldset class="field"><legend>${say(lang, words.events)}</legend>${boxes}<small>${say(lang, words.eventNames)}</small></fieldset>
<button type="submit">${say(lang, words.add)}</button>
</form></div>
<div class="card"><form method="post" action="/settings/webhooks/threshold">
${csrfField(ctx)}
${field(lang, { label: words.threshold, name: 'threshold', type: 'number', value: String(threshold), attributes: html` min="0" max="1000000" step="1" inputmode="numeric"` })}
<button type="submit" class="secondary">${say(lang, words.save)}</button>
</form></div>`,
  });
}

export function renderWebhook(ctx: ViewContext, endpoint: WebhookEndpoint, deliveries: Page<WebhookDelivery>, page: PagerState): string {
  const { lang } = ctx;
  const stateOf = (delivery: WebhookDelivery) =>
    delivery.state === 'delivered'
      ? html`<span class="status ok">${say(lang, words.delivered)}</span>`
      : delivery.state === 'failed'
        ? html`<span class="status bad">${say(lang, words.failed)}</span>`
        : html`<span class="status">${say(lang, words.pending)}</span>${delivery.nextAttemptAt === null || delivery.attempts === 0 ? '' : html`<br><small>${say(lang, words.nextAttempt, { when: timestamp(delivery.nextAttemptAt) })}</small>`}`;
  const rows = deliveries.items.map(
    (delivery) => html`<tr>
<td data-label="${words.event[lang]}"><span dir="ltr">${delivery.eventType}</span><br><bdi class="code">${delivery.eventPublicId}</bdi></td>
<td data-label="${words.state[lang]}">${stateOf(delivery)}</td>
<td data-label="${words.attempts[lang]}">${delivery.attempts}</td>
<td data-label="${words.lastAnswer[lang]}"><span dir="ltr">${delivery.lastStatus === null ? (delivery.lastError ?? '—') : `HTTP ${delivery.lastStatus}`}</span></td>
<td data-label="${words.when[lang]}">${timestamp(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
</tr>`,
  );
  const action = (path: string, label: Words, options: { readonly confirm?: string; readonly kind?: string } = {}) =>
    html`<form method="post" action="/settings/webhooks/${endpoint.publicId}/${path}" class="inline"${options.confirm === undefined ? '' : html` data-confirm="${options.confirm}"`}>${csrfField(ctx)}<button type="submit" class="${options.kind ?? 'secondary'}">${say(lang, label)}</button></form>`;
  return renderPage(ctx, {
    title: words.endpointTitle,
    body: html`<div class="card"><dl class="facts">
${fact(lang, words.url, html`<bdi class="code">${endpoint.url}</bdi>`)}
${endpoint.description === '' ? '' : fact(lang, words.description, data(endpoint.description, ''))}
${fact(lang, words.events, html`<span dir="ltr">${endpoint.eventTypes.join(', ')}</span>`)}
${fact(lang, words.created, timestamp(endpoint.createdAt))}
</dl>
<details><summary>${say(lang, words.secretShow)}</summary><p><small>${say(lang, words.secretHint)}</small></p><code class="secret" id="webhook-secret">${endpoint.secret}</code>${
      endpoint.previousSecretExpiresAt === null ? '' : html`<p><small>${say(lang, words.previousSecret, { when: timestamp(endpoint.previousSecretExpiresAt) })}</small></p>`
    }</details>
<p class="actions">${action('test-event', words.sendTest, { kind: '' })} ${action('rotate-secret', words.rotate, { confirm: words.confirmRotate[lang] })} ${action('delete', words.remove, { confirm: words.confirmRemove[lang], kind: 'danger' })}</p></div>
<h2>${say(lang, words.deliveries)}</h2>
${deliveries.items.length === 0 ? html`<p>${say(lang, words.noDeliveries)}</p>` : html`<table class="stack"><thead><tr><th scope="col">${say(lang, words.event)}</th><th scope="col">${say(lang, words.state)}</th><th scope="col">${say(lang, words.attempts)}</th><th scope="col">${say(lang, words.lastAnswer)}</th><th scope="col">${say(lang, words.when)}</th></tr></thead><tbody>${rows}</tbody></table>`}
${pager(lang, page, (to) => `/settings/webhooks/${endpoint.publicId}?page=${to}`)}
<p><a href="/settings/webhooks">${say(lang, words.back)}</a></p>`,
  });
}
