// GET /settings/api-keys/new/{reveal}: the one view of a key just created, to
// the browser that created it (domain/reveal-api-key.ts); a reload gets 410.
import type { FastifyInstance } from 'fastify';
import { API_KEY_HOLDER_ROLES } from '../../../../domain/manage-api-keys.ts';
import { takeRevealedApiKey } from '../../../../domain/reveal-api-key.ts';
import { renderNewApiKey, renderNewApiKeyGone } from '../../../../presenters/portal/api-keys.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { signedInPage } from '../../page-options.ts';
import { sendHtml, viewContext } from '../../respond.ts';
import { signedInSessionOf } from '../../session.ts';

export function newApiKeyPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { reveal: string } }>('/settings/api-keys/new/:reveal', signedInPage(deps, 120, API_KEY_HOLDER_ROLES), async (request, reply) => {
    const shown = await takeRevealedApiKey(deps, signedInSessionOf(request), request.params.reveal);
    reply.header('Referrer-Policy', 'no-referrer');
    if (shown === null) return sendHtml(reply, 410, renderNewApiKeyGone(viewContext(request, reply)));
    return sendHtml(reply, 200, renderNewApiKey(viewContext(request, reply), shown));
  });
}
