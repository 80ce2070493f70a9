// The buttons of an address's page (POST /settings/webhooks/{id}/test-event,
// /rotate-secret, /delete) and the threshold's form (POST
// /settings/webhooks/threshold): each calls its use case, then goes back to
// the page it came from, which says what came of it.
import type { FastifyInstance } from 'fastify';
import { STORE_ROLES } from '../../../../domain/accounts.ts';
import { deleteWebhookEndpoint, rotateWebhookSecret, sendTestWebhookEvent, setLowCreditsThreshold } from '../../../../domain/manage-webhook-endpoints.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { signedInForm } from '../../page-options.ts';
import { redirectWithFlash } from '../../respond.ts';
import { signedInOf } from '../../session.ts';

type ById = { Params: { id: string } };

export function webhookActionPages(app: FastifyInstance, deps: AppDeps): void {
  const form = signedInForm(deps, 30, STORE_ROLES);
  const back = (id: string) => `/settings/webhooks/${encodeURIComponent(id)}`;

  app.post<ById>('/settings/webhooks/:id/test-event', form, async (request, reply) => {
    const sent = await sendTestWebhookEvent(deps, signedInOf(request).account, request.params.id);
    return redirectWithFlash(request, reply, sent.ok ? back(request.params.id) : '/settings/webhooks', sent.ok ? 'test' : 'unknown');
  });

  app.post<ById>('/settings/webhooks/:id/rotate-secret', form, async (request, reply) => {
    const rotated = await rotateWebhookSecret(deps, signedInOf(request).account, request.params.id);
    return redirectWithFlash(request, reply, rotated.ok ? back(request.params.id) : '/settings/webhooks', rotated.ok ? 'rotated' : 'unknown');
  });

  app.post<ById>('/settings/webhooks/:id/delete', form, async (request, reply) => {
    const deleted = await deleteWebhookEndpoint(deps, signedInOf(request).account, request.params.id);
    return redirectWithFlash(request, reply, '/settings/webhooks', deleted.ok ? 'deleted' : 'unknown');
  });

  app.post<{ Body: { threshold?: string } }>('/settings/webhooks/threshold', form, async (request, reply) => {
    const text = String(request.body.threshold ?? '').trim();
    const set = await setLowCreditsThreshold(deps, signedInOf(request).account, /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN);
    return redirectWithFlash(request, reply, '/settings/webhooks', set.ok ? 'threshold' : 'thresholdInvalid');
  });
}
