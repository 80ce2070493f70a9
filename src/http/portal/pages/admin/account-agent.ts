// POST /admin/accounts/{uuid}/agent: lets a store register scrolls (an
// agent), or stops it.
import type { FastifyInstance } from 'fastify';
import { setAgent } from '../../../../domain/manage-accounts.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { redirectWithFlash } from '../../respond.ts';
import { adminForm, adminOf, type UuidParams } from './access.ts';
import { sendAccountPage } from './account.ts';

export function accountAgentPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<UuidParams & { Body: { agent?: string } }>('/admin/accounts/:uuid/agent', adminForm(deps), async (request, reply) => {
    const outcome = await setAgent(deps, adminOf(request), request.params.uuid, request.body.agent === '1');
    if (!outcome.ok) return sendAccountPage(deps, request, reply, request.params.uuid, 400, { error: outcome.msg });
    return redirectWithFlash(request, reply, `/admin/accounts/${outcome.value.uuid}`, outcome.value.role === 'agent' ? 'agentOn' : 'agentOff');
  });
}
