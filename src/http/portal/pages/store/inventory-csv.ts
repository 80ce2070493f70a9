// GET /store/inventory.csv: the inventory's rows as the inventory page lists
// them (its search and filter; without them, every row the API's inventory
// pages through), with the API's fields.
import type { FastifyInstance } from 'fastify';
import { exportInventory } from '../../../../domain/export-inventory.ts';
import { inventoryCsv, renderCsv } from '../../../../presenters/store-csv.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage } from '../../respond.ts';
import { sendCsv } from '../../send-csv.ts';
import { signedInOf } from '../../session.ts';
import { storePage } from './access.ts';
import { inventoryQueryOf, type InventoryQuerystring } from './inventory.ts';

export function inventoryCsvPage(app: FastifyInstance, deps: AppDeps): void {
  // Every row of the inventory in one answer: fewer a minute than the pages.
  app.get<InventoryQuerystring>('/store/inventory.csv', storePage(deps, 10), async (request, reply) => {
    const query = inventoryQueryOf(request);
    if (query === null) return sendErrorPage(request, reply, 400);
    const scrolls = exportInventory(deps, signedInOf(request).account, query);
    return sendCsv(reply, 'inventory', deps.clock.now(), renderCsv(inventoryCsv, scrolls));
  });
}
