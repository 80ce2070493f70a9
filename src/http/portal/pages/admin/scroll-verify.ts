// POST /admin/scrolls/{uuid}/verify: an admin confirms a scroll's examination
// in its megiah's stead, and goes back to the queue's page.
import type { FastifyInstance } from 'fastify';
import { verifyScroll } from '../../../../domain/verify-scroll.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { redirectWithFlash } from '../../respond.ts';
import { queuePathOf, verificationFlashOf, type PageBody } from '../megiah/queue-answers.ts';
import { adminForm, adminOf, type UuidParams } from './access.ts';

export function adminVerifyScrollPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<UuidParams & { Body: PageBody }>('/admin/scrolls/:uuid/verify', adminForm(deps), async (request, reply) => {
    const outcome = await verifyScroll(deps, request.params.uuid, { account: adminOf(request) });
    return redirectWithFlash(request, reply, queuePathOf('/admin/scrolls', request.body.page), verificationFlashOf(outcome));
  });
}
