// GET /store/credit-ledger.csv: every entry of the store's credit ledger, the
// rows the credits page lists.
import type { FastifyInstance } from 'fastify';
import { exportCreditLedger } from '../../../../domain/export-credit-ledger.ts';
import { creditLedgerCsv, renderCsv } from '../../../../presenters/store-csv.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendCsv } from '../../send-csv.ts';
import { signedInOf } from '../../session.ts';
import { storePage } from './access.ts';

export function creditLedgerCsvPage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/store/credit-ledger.csv', storePage(deps, 10), async (request, reply) =>
    sendCsv(reply, 'credits', deps.clock.now(), renderCsv(creditLedgerCsv, exportCreditLedger(deps, signedInOf(request).account))),
  );
}
