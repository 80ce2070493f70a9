// GET/POST /admin/accounts/new: the form for a new account of any role but
// buyer, and its creation through the CLI's use case; then the account's page.
import type { FastifyInstance } from 'fastify';
import { createAccount } from '../../../../domain/create-account.ts';
import { fail } from '../../../../errors.ts';
import { creatableRoles, renderNewAccount, type NewAccountForm } from '../../../../presenters/portal/admin-accounts.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { redirectWithFlash, sendHtml, viewContext } from '../../respond.ts';
import { adminForm, adminPage } from './access.ts';

export function newAccountPage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/admin/accounts/new', adminPage(deps), async (request, reply) => sendHtml(reply, 200, renderNewAccount(viewContext(request, reply))));

  app.post<{ Body: NewAccountForm }>('/admin/accounts/new', adminForm(deps), async (request, reply) => {
    const form = request.body;
    const text = (name: keyof NewAccountForm) => {
      const value = String(form[name] ?? '').trim();
      return value === '' ? undefined : value;
    };
    const role = String(form.role ?? '');
    const created = (creatableRoles as readonly string[]).includes(role)
      ? await createAccount(deps, {
          role: role === 'agent' ? 'store' : role,
          agent: role === 'agent',
          username: String(form.username ?? ''),
          email: String(form.email ?? ''),
          confirmed: form.confirmed === '1',
          country: text('country'),
          state: text('state'),
          city: text('city'),
          megiahType: text('megiah_type'),
          company: text('company'),
        })
      : fail('invalid_request', `role must be one of ${creatableRoles.join(', ')}.`);
    if (!created.ok) return sendHtml(reply, 400, renderNewAccount(viewContext(request, reply), form, created.msg));
    return redirectWithFlash(request, reply, `/admin/accounts/${created.value.uuid}`, 'created');
  });
}
