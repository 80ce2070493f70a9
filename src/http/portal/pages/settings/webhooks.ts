// GET/POST /settings/webhooks: the store's webhook addresses and the form that
// adds one (the same use case as the API's), and the credits.low threshold.
// A new address opens on its own page, where its secret is.
import type { FastifyInstance } from 'fastify';
import { STORE_ROLES } from '../../../../domain/accounts.ts';
import { createWebhookEndpoint, listWebhookEndpoints, readLowCreditsThreshold } from '../../../../domain/manage-webhook-endpoints.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../../domain/webhook-events.ts';
import { eventField, renderWebhooks } from '../../../../presenters/portal/webhooks.ts';
import { webhookWords } from '../../../../presenters/portal/words/webhooks.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { signedInForm, signedInPage } from '../../page-options.ts';
import { redirectWithFlash, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';

/** What the list's forms, and those of an address's page, come back with. */
export const webhookFlashes = {
  created: { kind: 'ok', words: webhookWords.createdFlash },
  test: { kind: 'ok', words: webhookWords.testFlash },
  rotated: { kind: 'ok', words: webhookWords.rotatedFlash },
  deleted: { kind: 'ok', words: webhookWords.deletedFlash },
  threshold: { kind: 'ok', words: webhookWords.thresholdFlash },
  thresholdInvalid: { kind: 'error', words: webhookWords.thresholdInvalidFlash },
  unknown: { kind: 'error', words: webhookWords.unknownFlash },
} as const;

export function webhooksPage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/settings/webhooks', signedInPage(deps, 120, STORE_ROLES), async (request, reply) => {
    const { account } = signedInOf(request);
    const [endpoints, threshold] = await Promise.all([listWebhookEndpoints(deps, account), readLowCreditsThreshold(deps, account)]);
    return sendHtml(reply, 200, renderWebhooks(viewContext(request, reply, webhookFlashes), endpoints, threshold));
  });

  app.post<{ Body: Record<string, string | undefined> }>('/settings/webhooks', signedInForm(deps, 30, STORE_ROLES), async (request, reply) => {
    const { account } = signedInOf(request);
    const form = {
      url: String(request.body.url ?? '').trim(),
      description: String(request.body.description ?? ''),
      events: WEBHOOK_EVENT_TYPES.filter((type) => request.body[eventField(type)] === '1'),
    };
    const created = await createWebhookEndpoint(deps, account, form);
    if (!created.ok) {
      const [endpoints, threshold] = await Promise.all([listWebhookEndpoints(deps, account), readLowCreditsThreshold(deps, account)]);
      return sendHtml(reply, 400, renderWebhooks(viewContext(request, reply), endpoints, threshold, { ...form, error: created.msg }));
    }
    // POST → redirect → GET: a reload of the address's page adds nothing.
    return redirectWithFlash(request, reply, `/settings/webhooks/${created.value.endpoint.publicId}`, 'created');
  });
}
