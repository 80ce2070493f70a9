// The admin's pages: accounts (list, create, confirm, agent flag, invitation
// link, credits) and the scrolls awaiting verification. Each calls the same
// use cases as the CLI; the use cases check again that the actor is an admin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStore } from '../../../domain/accounts.ts';
import { createAccount } from '../../../domain/create-account.ts';
import { grantCredits } from '../../../domain/grant-credits.ts';
import { inviteAccount } from '../../../domain/invite-account.ts';
import { listVerificationQueue } from '../../../domain/list-verification-queue.ts';
import { confirmPractitioner, listAccounts, readAccount, setAgent } from '../../../domain/manage-accounts.ts';
import { readCreditLedger } from '../../../domain/read-credit-ledger.ts';
import { verifyScroll } from '../../../domain/verify-scroll.ts';
import { fail } from '../../../errors.ts';
import { adminAccountWords, renderAccount, renderNewInvitation, type AccountPageState } from '../../../presenters/portal/admin-account.ts';
import { creatableRoles, renderAccountList, renderNewAccount, type NewAccountForm } from '../../../presenters/portal/admin-accounts.ts';
import { adminQueueView } from '../../../presenters/portal/admin-scrolls.ts';
import { renderVerificationQueue } from '../../../presenters/portal/megiah-queue.ts';
import type { AppDeps } from '../../app-deps.ts';
import { DEFAULT_PER_PAGE, parsePagination, type Pagination } from '../../pagination.ts';
import { pageRateLimit } from '../page-rate-limit.ts';
import { redirectWithFlash, sendErrorPage, sendHtml, viewContext, type FlashMessages } from '../respond.ts';
import { requireCsrf, requireSignedIn } from '../page-guards.ts';
import { perSession, signedInOf } from '../session.ts';
import { queuePathOf, verificationFlashes, verificationFlashOf } from './megiah.ts';

const accountFlashes: FlashMessages = {
  created: { kind: 'ok', words: adminAccountWords.createdFlash },
  confirmed: { kind: 'ok', words: adminAccountWords.confirmedFlash },
  unconfirmed: { kind: 'ok', words: adminAccountWords.unconfirmedFlash },
  agentOn: { kind: 'ok', words: adminAccountWords.agentOnFlash },
  agentOff: { kind: 'ok', words: adminAccountWords.agentOffFlash },
  granted: { kind: 'ok', words: adminAccountWords.grantedFlash },
};

type UuidParams = { uuid: string };

const FIRST_PAGE: Pagination = { page: 0, perPage: DEFAULT_PER_PAGE, offset: 0, limit: DEFAULT_PER_PAGE };

export function adminPages(app: FastifyInstance, deps: AppDeps): void {
  const admins = requireSignedIn(['admin']);
  const read = { schema: { hide: true }, onRequest: pageRateLimit(deps, { perMinute: 120, per: perSession }), preHandler: admins };
  const write = { schema: { hide: true }, onRequest: pageRateLimit(deps, { perMinute: 30, per: perSession }), preHandler: [admins, requireCsrf] };
  const adminOf = (request: FastifyRequest) => signedInOf(request).account;

  /** The account page, with a store's ledger; also how a refused action answers, with its error. */
  async function sendAccountPage(request: FastifyRequest, reply: FastifyReply, uuid: string, status: number, state: AccountPageState = {}, ledgerPage?: Pagination) {
    const found = await readAccount(deps, adminOf(request), uuid);
    if (!found.ok) return sendErrorPage(request, reply, 404);
    const page = ledgerPage ?? FIRST_PAGE;
    const ledger = isStore(found.value) ? await readCreditLedger(deps, found.value, page) : null;
    const ctx = viewContext(request, reply, accountFlashes);
    return sendHtml(reply, status, renderAccount(ctx, { account: found.value, ledger, ledgerPage: { ...page, total: ledger?.entries.total ?? 0 } }, state));
  }

  app.get<{ Querystring: { role?: string; q?: string; page?: string } }>('/admin/accounts', read, async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const filter = { role: String(request.query.role ?? ''), q: String(request.query.q ?? '') };
    const accounts = await listAccounts(deps, adminOf(request), { role: filter.role, search: filter.q }, pagination.value);
    const ctx = viewContext(request, reply);
    const state = { ...pagination.value, total: accounts.ok ? accounts.value.total : 0 };
    if (!accounts.ok) return sendHtml(reply, 400, renderAccountList(ctx, filter, { total: 0, items: [] }, state, accounts.msg));
    return sendHtml(reply, 200, renderAccountList(ctx, filter, accounts.value, state));
  });

  app.get('/admin/accounts/new', read, async (request, reply) => sendHtml(reply, 200, renderNewAccount(viewContext(request, reply))));

  app.post<{ Body: NewAccountForm }>('/admin/accounts/new', write, async (request, reply) => {
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

  app.get<{ Params: UuidParams; Querystring: { page?: string } }>('/admin/accounts/:uuid', read, async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    return sendAccountPage(request, reply, request.params.uuid, 200, {}, pagination.value);
  });

  app.post<{ Params: UuidParams; Body: { confirmed?: string } }>('/admin/accounts/:uuid/confirm', write, async (request, reply) => {
    const confirmed = request.body.confirmed === '1';
    const outcome = await confirmPractitioner(deps, adminOf(request), request.params.uuid, confirmed);
    if (!outcome.ok) return sendAccountPage(request, reply, request.params.uuid, 400, { error: outcome.msg });
    return redirectWithFlash(request, reply, `/admin/accounts/${outcome.value.uuid}`, confirmed ? 'confirmed' : 'unconfirmed');
  });

  app.post<{ Params: UuidParams; Body: { agent?: string } }>('/admin/accounts/:uuid/agent', write, async (request, reply) => {
    const outcome = await setAgent(deps, adminOf(request), request.params.uuid, request.body.agent === '1');
    if (!outcome.ok) return sendAccountPage(request, reply, request.params.uuid, 400, { error: outcome.msg });
    return redirectWithFlash(request, reply, `/admin/accounts/${outcome.value.uuid}`, outcome.value.role === 'agent' ? 'agentOn' : 'agentOff');
  });

  app.post<{ Params: UuidParams }>('/admin/accounts/:uuid/invitation', write, async (request, reply) => {
    const issued = await inviteAccount(deps, request.params.uuid, adminOf(request));
    if (!issued.ok) return sendErrorPage(request, reply, 404);
    // The link is a credential: it must not leave this page as a referrer.
    reply.header('Referrer-Policy', 'no-referrer');
    return sendHtml(reply, 201, renderNewInvitation(viewContext(request, reply), issued.value));
  });

  app.post<{ Params: UuidParams; Body: { amount?: string; reason?: string } }>('/admin/accounts/:uuid/credits', write, async (request, reply) => {
    const amount = String(request.body.amount ?? '').trim();
    const reason = String(request.body.reason ?? '');
    // Digits only: Number('1e3') or Number('0x10') would otherwise pass as a whole number.
    const granted = /^[0-9]{1,7}$/.test(amount)
      ? await grantCredits(deps, request.params.uuid, Number(amount), { note: reason, by: adminOf(request) })
      : fail('invalid_request', 'amount must be a whole number from 1 to 1000000.');
    if (!granted.ok) return sendAccountPage(request, reply, request.params.uuid, 400, { error: granted.msg, amount, reason });
    return redirectWithFlash(request, reply, `/admin/accounts/${request.params.uuid}#credits`, 'granted');
  });

  app.get<{ Querystring: { page?: string } }>('/admin/scrolls', read, async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const queue = await listVerificationQueue(deps, adminOf(request), pagination.value);
    if (!queue.ok) return sendErrorPage(request, reply, 403);
    return sendHtml(reply, 200, renderVerificationQueue(viewContext(request, reply, verificationFlashes), adminQueueView, queue.value, { ...pagination.value, total: queue.value.total }));
  });

  app.post<{ Params: UuidParams; Body: { page?: string } }>('/admin/scrolls/:uuid/verify', write, async (request, reply) => {
    const outcome = await verifyScroll(deps, request.params.uuid, { account: adminOf(request) });
    return redirectWithFlash(request, reply, queuePathOf('/admin/scrolls', request.body.page), verificationFlashOf(outcome));
  });
}
