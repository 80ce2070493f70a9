// GET /store/sales.csv: every sale of the store's history, with the fields of
// the API's sales-history.
import type { FastifyInstance } from 'fastify';
import { exportSales } from '../../../../domain/export-sales.ts';
import { renderCsv, salesCsv } from '../../../../presenters/store-csv.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendCsv } from '../../send-csv.ts';
import { signedInOf } from '../../session.ts';
import { storePage } from './access.ts';

export function salesCsvPage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/store/sales.csv', storePage(deps, 10), async (request, reply) =>
    sendCsv(reply, 'sales', deps.clock.now(), renderCsv(salesCsv, exportSales(deps, signedInOf(request).account))),
  );
}
