// GET/POST /store/register: an agent registers a scroll from a photo through
// the same use case as the API's register-mezuzah.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listDirectory } from '../../../../domain/list-directory.ts';
import { registerScroll } from '../../../../domain/register-scroll.ts';
import {
  registrationFormFields,
  renderRegisterForm,
  type RegistrationChoices,
  type RegistrationProblem,
  type RegistrationValues,
} from '../../../../presenters/portal/store-register.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { readMultipart } from '../../../multipart.ts';
import { refuseCrossSite } from '../../page-guards.ts';
import { redirectWithFlash, sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { csrfMatches, signedInOf } from '../../session.ts';
import { AGENTS, storePage } from './access.ts';

/** More people than any form's list could usefully hold; the directory is ordered by age. */
const DIRECTORY_CHOICES = { offset: 0, limit: 500 } as const;

/** The confirmed sofers and megiahs the registration form offers. */
async function registrationChoices(deps: AppDeps): Promise<RegistrationChoices> {
  const [sofers, megiahs] = await Promise.all([
    listDirectory(deps, 'sofer', DIRECTORY_CHOICES),
    listDirectory(deps, 'megiah', DIRECTORY_CHOICES),
  ]);
  return { sofers: sofers.items, megiahs: megiahs.items };
}

const statusOfProblem = (code: RegistrationProblem['code']) => (code === 'busy' ? 503 : 400);

export function registerScrollPage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/store/register', storePage(deps, 120, AGENTS), async (request, reply) =>
    sendHtml(reply, 200, renderRegisterForm(viewContext(request, reply), await registrationChoices(deps))),
  );

  const post = storePage(deps, 30, AGENTS);
  app.post(
    '/store/register',
    // The role is checked before the upload is read, as in the API: a store must not make us buffer a photo to learn it is refused.
    { ...post, preHandler: [post.preHandler, refuseCrossSite, deps.uploads.admit(1, sendErrorPage)] },
    async (request, reply) => {
      const form = await readMultipart(request, { files: ['mezuzah'], fields: ['_csrf', ...registrationFormFields] });
      if (!form.ok && form.code === 'too_large') return sendErrorPage(request, reply, 413);
      if (!form.ok) return sendErrorPage(request, reply, 400);
      if (!csrfMatches(request, form.value.fields._csrf)) return sendErrorPage(request, reply, 'csrf');
      const values: RegistrationValues = Object.fromEntries(
        registrationFormFields.filter((name) => name in form.value.fields).map((name) => [name, form.value.fields[name]]),
      );
      const { owner_email: ownerEmail, ...fields } = values;
      const outcome = await registerScroll(deps, signedInOf(request).account, { ...fields, ownerEmail, photo: form.value.files.mezuzah });
      if (outcome.ok) return redirectWithFlash(request, reply, `/store/scrolls/${outcome.value.uuid}`, 'registered');
      if (outcome.code === 'not_agent') return sendErrorPage(request, reply, 403);
      return sendRegisterForm(request, reply, { values, problem: { code: outcome.code, msg: outcome.msg } });
    },
  );

  async function sendRegisterForm(request: FastifyRequest, reply: FastifyReply, state: { values: RegistrationValues; problem: RegistrationProblem }) {
    return sendHtml(reply, statusOfProblem(state.problem.code), renderRegisterForm(viewContext(request, reply), await registrationChoices(deps), state));
  }
}
