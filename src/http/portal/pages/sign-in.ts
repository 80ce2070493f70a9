// GET/POST /sign-in: the form, and signing in with an email and password.
import type { FastifyInstance } from 'fastify';
import { signIn } from '../../../domain/sign-in.ts';
import { homeOf } from '../../../presenters/portal/layout.ts';
import { renderSignIn, tooManyAttempts } from '../../../presenters/portal/sign-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sameOriginPath } from '../../same-origin-path.ts';
import { publicForm, publicPage } from '../page-options.ts';
import { sendHtml, viewContext } from '../respond.ts';
import { setSessionCookie, signedInOrNull } from '../session.ts';
import { recordSignInFailure, recordSignInSuccess, signInRefusedUntil } from '../sign-in-throttle.ts';

type SignInBody = { email?: string; password?: string; next?: string };

export function signInPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { next?: string } }>('/sign-in', publicPage(deps, 60), async (request, reply) => {
    const signedIn = signedInOrNull(request);
    const next = sameOriginPath(request.query.next) ?? '';
    if (signedIn !== null) return reply.redirect(next || homeOf(signedIn.account.role), 303);
    return sendHtml(reply, 200, renderSignIn(viewContext(request, reply), { next }));
  });

  app.post<{ Body: SignInBody }>('/sign-in', publicForm(deps, 10), async (request, reply) => {
    const email = String(request.body.email ?? '').trim().slice(0, 254);
    const password = String(request.body.password ?? '');
    // A `next` that is not a page of this site is dropped: the account's home page follows instead.
    const next = sameOriginPath(request.body.next) ?? '';
    const again = (status: number, error: Parameters<typeof renderSignIn>[1]['error']) =>
      sendHtml(reply, status, renderSignIn(viewContext(request, reply), { email, next, error }));

    // Besides the route's per-address limit, wrong passwords are throttled per (account, address), per address and per account (sign-in-throttle.ts).
    const nowMs = deps.clock.now().getTime();
    const refusedUntil = await signInRefusedUntil(deps, email, request.ip, nowMs);
    if (refusedUntil !== null) {
      reply.header('Retry-After', Math.max(1, Math.ceil((refusedUntil - nowMs) / 1000)));
      return again(429, tooManyAttempts(Math.max(1, Math.ceil((refusedUntil - nowMs) / 60_000))));
    }

    const outcome = await signIn(deps, email, password);
    if (!outcome.ok) {
      await recordSignInFailure(deps, email, request.ip, nowMs);
      return again(401, outcome.msg);
    }
    await recordSignInSuccess(deps, email, request.ip, nowMs);
    setSessionCookie(request, reply, outcome.value.token);
    return reply.redirect(next || homeOf(outcome.value.account.role), 303);
  });
}
