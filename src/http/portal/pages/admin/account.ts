// GET /admin/accounts/{uuid}: one account with what an admin does to it
// (confirm, agent, invitation, credits: the account-*.ts forms), and a store's
// ledger. A refused form answers with this page and its error.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStore } from '../../../../domain/accounts.ts';
import { readAccount } from '../../../../domain/manage-accounts.ts';
import { readCreditLedger } from '../../../../domain/read-credit-ledger.ts';
import { renderAccount, type AccountPageState } from '../../../../presenters/portal/admin-account.ts';
import { adminAccountWords } from '../../../../presenters/portal/words/admin-account.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { FIRST_PAGE, parsePagination, type Pagination } from '../../../pagination.ts';
import { sendErrorPage, sendHtml, viewContext, type FlashMessages } from '../../respond.ts';
import { adminOf, adminPage, type UuidParams } from './access.ts';

/** What the forms of this page report after their redirect. */
const accountFlashes: FlashMessages = {
  created: { kind: 'ok', words: adminAccountWords.createdFlash },
  confirmed: { kind: 'ok', words: adminAccountWords.confirmedFlash },
  unconfirmed: { kind: 'ok', words: adminAccountWords.unconfirmedFlash },
  agentOn: { kind: 'ok', words: adminAccountWords.agentOnFlash },
  agentOff: { kind: 'ok', words: adminAccountWords.agentOffFlash },
  granted: { kind: 'ok', words: adminAccountWords.grantedFlash },
};

/** The account page, with a store's ledger; also how a refused action answers, with its error. */
export async function sendAccountPage(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  uuid: string,
  status: number,
  state: AccountPageState = {},
  ledgerPage: Pagination = FIRST_PAGE,
) {
  const found = await readAccount(deps, adminOf(request), uuid);
  if (!found.ok) return sendErrorPage(request, reply, 404);
  const ledger = isStore(found.value) ? await readCreditLedger(deps, found.value, ledgerPage) : null;
  const ctx = viewContext(request, reply, accountFlashes);
  return sendHtml(reply, status, renderAccount(ctx, { account: found.value, ledger, ledgerPage: { ...ledgerPage, total: ledger?.entries.total ?? 0 } }, state));
}

export function accountPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<UuidParams & { Querystring: { page?: string } }>('/admin/accounts/:uuid', adminPage(deps), async (request, reply) => {
    const pagination = parsePagination({ page: request.query.page });
    if (!pagination.ok) return sendErrorPage(request, reply, 400);
    return sendAccountPage(deps, request, reply, request.params.uuid, 200, {}, pagination.value);
  });
}
