// GET /admin/accounts: every account, filtered by role and searched by name
// or email, a page at a time.
import type { FastifyInstance } from 'fastify';
import { listAccounts } from '../../../../domain/manage-accounts.ts';
import { renderAccountList } from '../../../../presenters/portal/admin-accounts.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { parsePagination } from '../../../pagination.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { adminOf, adminPage } from './access.ts';

export function accountsPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { role?: string; q?: string; page?: string } }>('/admin/accounts', adminPage(deps), async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    const filter = { role: String(request.query.role ?? ''), q: String(request.query.q ?? '') };
    const accounts = await listAccounts(deps, adminOf(request), { role: filter.role, search: filter.q }, pagination.value);
    const ctx = viewContext(request, reply);
    const state = { ...pagination.value, total: accounts.ok ? accounts.value.total : 0 };
    if (!accounts.ok) return sendHtml(reply, 400, renderAccountList(ctx, filter, { total: 0, items: [] }, state, accounts.msg));
    return sendHtml(reply, 200, renderAccountList(ctx, filter, accounts.value, state));
  });
}
