// POST /megiah/scrolls/{uuid}/verify: confirms one scroll's examination, from
// the queue or the history, and goes back there with what came of it.
import type { FastifyInstance } from 'fastify';
import { verifyScroll } from '../../../../domain/verify-scroll.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { redirectWithFlash } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { megiahForm } from './access.ts';
import { queuePathOf, verificationFlashOf, type PageBody } from './queue-answers.ts';

export function verifyScrollPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Params: { uuid: string }; Body: PageBody & { from?: string } }>('/megiah/scrolls/:uuid/verify', megiahForm(deps), async (request, reply) => {
    const outcome = await verifyScroll(deps, request.params.uuid, { account: signedInOf(request).account });
    const back = request.body.from === 'history' ? '/megiah/history' : '/megiah';
    return redirectWithFlash(request, reply, queuePathOf(back, request.body.page), verificationFlashOf(outcome));
  });
}
