// GET /store/inventory: the scrolls the store owns and has not sold, searchable.
import type { FastifyInstance } from 'fastify';
import { listInventory } from '../../../../domain/list-inventory.ts';
import { renderInventory } from '../../../../presenters/portal/store-inventory.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { listingOf, storePage, type ListingQuery } from './access.ts';

type InventoryQuery = ListingQuery & { Querystring: { q?: string } };

export function inventoryPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<InventoryQuery>('/store/inventory', storePage(deps, 120), async (request, reply) => {
    const pagination = listingOf(request);
    if (pagination === null) return sendErrorPage(request, reply, 400);
    const search = String(request.query.q ?? '').trim();
    const scrolls = await listInventory(deps, signedInOf(request).account, pagination, search);
    return sendHtml(
      reply,
      200,
      renderInventory(viewContext(request, reply), scrolls, { ...pagination, total: scrolls.total, perPageParam: request.query.per_page, search }),
    );
  });
}
