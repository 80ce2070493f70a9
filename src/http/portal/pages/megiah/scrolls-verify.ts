// POST /megiah/scrolls/verify: confirms the scrolls ticked on the queue
// together, all or none.
import type { FastifyInstance } from 'fastify';
import { MAX_SCROLLS_PER_CONFIRMATION, verifyScrolls } from '../../../../domain/verify-scroll.ts';
import { chosenScrollField } from '../../../../presenters/portal/megiah-queue.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { redirectWithFlash } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { megiahForm } from './access.ts';
import { queuePathOf, type PageBody } from './queue-answers.ts';

export function verifyScrollsPage(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Body: PageBody & Record<string, string | undefined> }>('/megiah/scrolls/verify', megiahForm(deps), async (request, reply) => {
    const chosen: string[] = [];
    for (let index = 0; index < MAX_SCROLLS_PER_CONFIRMATION; index++) {
      const uuid = request.body[chosenScrollField(index)];
      if (typeof uuid === 'string' && uuid !== '') chosen.push(uuid);
    }
    const back = queuePathOf('/megiah', request.body.page);
    if (chosen.length === 0) return redirectWithFlash(request, reply, back, 'noneChosen');
    const outcome = await verifyScrolls(deps, chosen, { account: signedInOf(request).account });
    return redirectWithFlash(request, reply, back, outcome.ok ? 'bulkVerified' : 'bulkRefused');
  });
}
