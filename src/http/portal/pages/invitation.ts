// GET/POST /invitation/{token}: the link an admin's invitation carries, where
// the holder chooses a password and is signed in.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptInvitation, readInvitation } from '../../../domain/invite-account.ts';
import { homeOf } from '../../../presenters/portal/layout.ts';
import { renderInvitation, renderInvitationUnusable } from '../../../presenters/portal/sign-in.ts';
import { signInWords } from '../../../presenters/portal/words/sign-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import { publicForm, publicPage } from '../page-options.ts';
import { sendHtml, viewContext } from '../respond.ts';
import { setSessionCookie } from '../session.ts';

/** The token is a credential in the URL: the page must not hand it to anyone else as a referrer. */
const noReferrer = (reply: FastifyReply) => reply.header('Referrer-Policy', 'no-referrer');

type Params = { token: string };

export function invitationPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: Params }>('/invitation/:token', publicPage(deps, 10), async (request, reply) => {
    noReferrer(reply);
    const ctx = viewContext(request, reply);
    const invited = await readInvitation(deps, request.params.token);
    if (!invited.ok) return sendHtml(reply, 404, renderInvitationUnusable(ctx));
    return sendHtml(reply, 200, renderInvitation(ctx, { account: invited.value, token: request.params.token }));
  });

  app.post<{ Params: Params; Body: { password?: string; repeat?: string } }>('/invitation/:token', publicForm(deps, 10), async (request, reply) => {
    noReferrer(reply);
    const { token } = request.params;
    // The link is read before the form: a dead link is 404 whatever was typed, and a refused form is shown again with the account's name.
    const invited = await readInvitation(deps, token);
    if (!invited.ok) return sendHtml(reply, 404, renderInvitationUnusable(viewContext(request, reply)));
    const password = String(request.body.password ?? '');
    if (password !== String(request.body.repeat ?? '')) {
      return sendHtml(reply, 400, renderInvitation(viewContext(request, reply), { account: invited.value, token, error: signInWords.mismatch }));
    }
    const accepted = await acceptInvitation(deps, token, password);
    if (!accepted.ok) {
      return sendHtml(reply, 400, renderInvitation(viewContext(request, reply), { account: invited.value, token, error: accepted.msg }));
    }
    setSessionCookie(request, reply, accepted.value.token);
    return reply.redirect(homeOf(accepted.value.account.role), 303);
  });
}
