// GET /check/result/{id}: a check's answer under a link of its own, which a
// buyer can reload or send to the seller or a rabbi (domain/share-check-result.ts).
import type { FastifyInstance } from 'fastify';
import { qrUrlOf } from '../../../../certificates/gather-certificate.ts';
import { readCheckResult } from '../../../../domain/share-check-result.ts';
import { renderCheckResultGone, renderSharedCheckResult } from '../../../../presenters/portal/check-scroll.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendHtml, viewContext } from '../../respond.ts';
import { checkPage } from './access.ts';

export function checkResultPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { id: string } }>('/check/result/:id', checkPage(deps), async (request, reply) => {
    // The id is the link's only secret: it must not leave in a Referer header.
    reply.header('Referrer-Policy', 'no-referrer');
    const result = await readCheckResult(deps, request.params.id);
    if (result === null) return sendHtml(reply, 404, renderCheckResultGone(viewContext(request, reply)));
    const links = {
      qrUrlOf: (code: string) => qrUrlOf(deps.publicBaseUrl, code),
      share: { url: `${deps.publicBaseUrl}/check/result/${request.params.id}`, checkedAt: result.checkedAt, expiresAt: result.expiresAt },
    };
    return sendHtml(reply, 200, renderSharedCheckResult(viewContext(request, reply), result, links));
  });
}
