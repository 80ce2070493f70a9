// GET /store: the credit balance and the ledger that explains it.
import type { FastifyInstance } from 'fastify';
import { readCreditLedger } from '../../../../domain/read-credit-ledger.ts';
import { renderStoreOverview } from '../../../../presenters/portal/store-overview.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { listingOf, storePage, type ListingQuery } from './access.ts';

export function storeOverviewPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<ListingQuery>('/store', storePage(deps, 120), async (request, reply) => {
    const pagination = listingOf(request);
    if (pagination === null) return sendErrorPage(request, reply, 400);
    const ledger = await readCreditLedger(deps, signedInOf(request).account, pagination);
    return sendHtml(
      reply,
      200,
      renderStoreOverview(viewContext(request, reply), ledger, { ...pagination, total: ledger.entries.total, perPageParam: request.query.per_page }),
    );
  });
}
