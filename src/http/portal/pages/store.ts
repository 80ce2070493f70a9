// The store's pages (stores and agents), one file per page under store/:
// credits, inventory, one scroll with its sticker and certificate downloads,
// the sale form, sticker sheets, sales, CSV exports of the three lists, and
// (agents) registration. Each calls the same use case as the API's store
// endpoint for that job.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { creditLedgerCsvPage } from './store/credit-ledger-csv.ts';
import { inventoryCsvPage } from './store/inventory-csv.ts';
import { inventoryPage } from './store/inventory.ts';
import { storeOverviewPage } from './store/overview.ts';
import { registerPages } from './store/register.ts';
import { salesCsvPage } from './store/sales-csv.ts';
import { salesPage } from './store/sales.ts';
import { scrollCertificatePages } from './store/scroll-certificate.ts';
import { scrollSalePages } from './store/scroll-sale.ts';
import { scrollStickerPages } from './store/scroll-sticker.ts';
import { storeScrollPage } from './store/scroll.ts';
import { stickerSheetPage } from './store/sticker-sheet.ts';

const pages: readonly ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  storeOverviewPage,
  creditLedgerCsvPage,
  inventoryPage,
  inventoryCsvPage,
  stickerSheetPage,
  storeScrollPage,
  scrollStickerPages,
  scrollCertificatePages,
  scrollSalePages,
  salesPage,
  salesCsvPage,
  registerPages,
];

export function storePages(app: FastifyInstance, deps: AppDeps): void {
  for (const register of pages) register(app, deps);
}
