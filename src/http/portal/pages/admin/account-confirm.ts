// POST /admin/accounts/{uuid}/confirm: confirms a sofer or megiah (listed in
// the directory, may be named on registrations), or withdraws it.
import type { FastifyInstance } from 'fastify';
import { confirmPractitioner } from '../../../../domain/manage-accounts.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { redirectWithFlash } from '../../respond.ts';
import { adminForm, adminOf, type UuidParams } from './access.ts';
import { sendAccountPage } from './account.ts';

export function confirmAccountPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<UuidParams & { Body: { confirmed?: string } }>('/admin/accounts/:uuid/confirm', adminForm(deps), async (request, reply) => {
    const confirmed = request.body.confirmed === '1';
    const outcome = await confirmPractitioner(deps, adminOf(request), request.params.uuid, confirmed);
    if (!outcome.ok) return sendAccountPage(deps, request, reply, request.params.uuid, 400, { error: outcome.msg });
    return redirectWithFlash(request, reply, `/admin/accounts/${outcome.value.uuid}`, confirmed ? 'confirmed' : 'unconfirmed');
  });
}
