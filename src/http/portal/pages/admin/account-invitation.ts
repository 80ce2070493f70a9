// POST /admin/accounts/{uuid}/invitation: a new invitation link for the
// account, shown once in this answer (never a redirect: the token appears in
// no URL bar and no history entry).
import type { FastifyInstance } from 'fastify';
import { inviteAccount } from '../../../../domain/invite-account.ts';
import { renderNewInvitation } from '../../../../presenters/portal/admin-account.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { adminForm, adminOf, type UuidParams } from './access.ts';

export function accountInvitationPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<UuidParams>('/admin/accounts/:uuid/invitation', adminForm(deps), async (request, reply) => {
    const issued = await inviteAccount(deps, request.params.uuid, adminOf(request));
    if (!issued.ok) return sendErrorPage(request, reply, 404);
    // The link is a credential: it must not leave this page as a referrer.
    reply.header('Referrer-Policy', 'no-referrer');
    return sendHtml(reply, 201, renderNewInvitation(viewContext(request, reply), issued.value));
  });
}
