// POST /admin/accounts/{uuid}/credits: grants a store credits, with the
// reason kept in its ledger.
import type { FastifyInstance } from 'fastify';
import { grantCredits } from '../../../../domain/grant-credits.ts';
import { fail } from '../../../../errors.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { redirectWithFlash } from '../../respond.ts';
import { adminForm, adminOf, type UuidParams } from './access.ts';
import { sendAccountPage } from './account.ts';

export function accountCreditsPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<UuidParams & { Body: { amount?: string; reason?: string } }>('/admin/accounts/:uuid/credits', adminForm(deps), async (request, reply) => {
    const amount = String(request.body.amount ?? '').trim();
    const reason = String(request.body.reason ?? '');
    // Digits only: Number('1e3') or Number('0x10') would otherwise pass as a whole number.
    const granted = /^[0-9]{1,7}$/.test(amount)
      ? await grantCredits(deps, request.params.uuid, Number(amount), { note: reason, by: adminOf(request) })
      : fail('invalid_request', 'amount must be a whole number from 1 to 1000000.');
    if (!granted.ok) return sendAccountPage(deps, request, reply, request.params.uuid, 400, { error: granted.msg, amount, reason });
    return redirectWithFlash(request, reply, `/admin/accounts/${request.params.uuid}#credits`, 'granted');
  });
}
