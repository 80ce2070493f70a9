// POST /settings/api-keys/{id}/revoke: the list's revoke button; the list
// says what came of it.
import type { FastifyInstance } from 'fastify';
import { API_KEY_HOLDER_ROLES, revokeApiKey } from '../../../../domain/manage-api-keys.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { signedInForm } from '../../page-options.ts';
import { redirectWithFlash } from '../../respond.ts';
import { signedInOf } from '../../session.ts';

export function revokeApiKeyPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Params: { id: string } }>('/settings/api-keys/:id/revoke', signedInForm(deps, 30, API_KEY_HOLDER_ROLES), async (request, reply) => {
    const revoked = await revokeApiKey(deps, request.params.id, signedInOf(request).account);
    return redirectWithFlash(request, reply, '/settings/api-keys', revoked.ok ? 'revoked' : 'unknown');
  });
}
