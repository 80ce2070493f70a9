// POST /sign-out: ends this browser's session (the header's button).
import type { FastifyInstance } from 'fastify';
import { endSession } from '../../../domain/sessions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { publicForm } from '../page-options.ts';
import { clearSessionCookie, signedInOrNull } from '../session.ts';

export function signOutPage(app: FastifyInstance, deps: AppDeps): void {
  app.post('/sign-out', publicForm(deps, 30), async (request, reply) => {
    const signedIn = signedInOrNull(request);
    if (signedIn !== null) await endSession(deps, signedIn.session);
    clearSessionCookie(request, reply);
    return reply.redirect('/', 303);
  });
}
