// The store's pages (stores and agents), one file per page under store/:
// credits, inventory, one scroll with its sticker and certificate downloads,
// sales, and (agents) registration. Each calls the same use case as the API's
// store endpoint for that job.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { inventoryPage } from './store/inventory.ts';
import { storeOverviewPage } from './store/overview.ts';
import { registerPages } from './store/register.ts';
import { salesPage } from './store/sales.ts';
import { scrollCertificatePages } from './store/scroll-certificate.ts';
import { scrollStickerPages } from './store/scroll-sticker.ts';
import { storeScrollPage } from './store/scroll.ts';

const pages: readonly ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  storeOverviewPage,
  inventoryPage,
  storeScrollPage,
  scrollStickerPages,
  scrollCertificatePages,
  salesPage,
  registerPages,
];

export function storePages(app: FastifyInstance, deps: AppDeps): void {
  for (const register of pages) register(app, deps);
}
