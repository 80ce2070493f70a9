// GET/POST /settings/password: any signed-in account changes its password.
import type { FastifyInstance } from 'fastify';
import { changePassword } from '../../../../domain/set-password.ts';
import { renderPasswordPage } from '../../../../presenters/portal/password.ts';
import { passwordWords } from '../../../../presenters/portal/words/password.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { signedInForm, signedInPage } from '../../page-options.ts';
import { redirectWithFlash, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';

const flashes = { changed: { kind: 'ok', words: passwordWords.changed } } as const;

export function passwordPage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/settings/password', signedInPage(deps, 120), async (request, reply) => sendHtml(reply, 200, renderPasswordPage(viewContext(request, reply, flashes))));

  // Asking for the current password is a guess at it, so this is limited like sign-in.
  app.post<{ Body: { current?: string; password?: string; repeat?: string } }>('/settings/password', signedInForm(deps, 10), async (request, reply) => {
    const next = String(request.body.password ?? '');
    if (next !== String(request.body.repeat ?? '')) {
      return sendHtml(reply, 400, renderPasswordPage(viewContext(request, reply), passwordWords.mismatch));
    }
    const outcome = await changePassword(deps, signedInOf(request), String(request.body.current ?? ''), next);
    if (!outcome.ok) return sendHtml(reply, 400, renderPasswordPage(viewContext(request, reply), outcome.msg));
    return redirectWithFlash(request, reply, '/settings/password', 'changed');
  });
}
