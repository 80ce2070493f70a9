// The web portal: server-rendered pages for people (stores, agents, megiahs,
// admins, buyers), beside the API and over the same domain use cases. It is
// one Fastify scope, so its session lookup, form parser and HTML error pages
// apply to its pages only and the API is untouched. Its pages' content
// security policy travels with the HTML (respond.ts, sendHtml).
import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { assetRoutes } from './assets.ts';
import { adminPages } from './pages/admin.ts';
import { apiKeyPages } from './pages/api-keys.ts';
import { checkPages } from './pages/check.ts';
import { homePage } from './pages/home.ts';
import { invitationPages } from './pages/invitation.ts';
import { languagePage } from './pages/language.ts';
import { megiahPages } from './pages/megiah.ts';
import { passwordPages } from './pages/password.ts';
import { signInPages } from './pages/sign-in.ts';
import { storePages } from './pages/store.ts';
import { sendErrorPage } from './respond.ts';
import { resolveSession } from './session.ts';

/** Forms are small; photo uploads are multipart, with the photo limits of the API. */
const FORM_BODY_LIMIT_BYTES = 64 * 1024;

const pages: readonly ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  homePage,
  languagePage,
  signInPages,
  invitationPages,
  passwordPages,
  apiKeyPages,
  storePages,
  megiahPages,
  adminPages,
  checkPages,
];

export async function portal(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Outside the scope: a style sheet or script is the same for everyone, so fetching it must not cost a session lookup.
  assetRoutes(app);
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.addHook('onRequest', resolveSession(deps));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 413) return sendErrorPage(request, reply, 413);
      if (status >= 400 && status < 500) return sendErrorPage(request, reply, 400);
      request.log.error({ err: error }, 'portal page failed');
      return sendErrorPage(request, reply, 500);
    });
    for (const register of pages) register(scope, deps);
  });
}
