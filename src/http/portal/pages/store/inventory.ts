// GET /store/inventory: the scrolls the store owns and has not sold,
// searchable and filtered by verification.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isInventoryStatus, listInventory, type InventoryQuery } from '../../../../domain/list-inventory.ts';
import { renderInventory } from '../../../../presenters/portal/store-inventory.ts';
import { inventoryWords } from '../../../../presenters/portal/words/store-inventory.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage, sendHtml, viewContext } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { listingOf, storePage, type ListingQuery } from './access.ts';

export type InventoryQuerystring = { Querystring: { q?: string; status?: string } };

const flashes = { noneChosen: { kind: 'error', words: inventoryWords.noneChosenFlash } } as const;

/** The search and filter asked for, or null for a status the page does not offer (the 400 page). */
export function inventoryQueryOf(request: FastifyRequest<InventoryQuerystring>): Required<InventoryQuery> | null {
  const status = request.query.status === undefined || request.query.status === '' ? 'all' : request.query.status;
  if (!isInventoryStatus(status)) return null;
  return { search: String(request.query.q ?? '').trim(), status };
}

export function inventoryPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<ListingQuery & InventoryQuerystring>('/store/inventory', storePage(deps, 120), async (request, reply) => {
    const pagination = listingOf(request);
    const query = inventoryQueryOf(request);
    if (pagination === null || query === null) return sendErrorPage(request, reply, 400);
    const scrolls = await listInventory(deps, signedInOf(request).account, pagination, query);
    return sendHtml(
      reply,
      200,
      renderInventory(viewContext(request, reply, flashes), scrolls, {
        ...pagination,
        ...query,
        total: scrolls.total,
        perPageParam: request.query.per_page,
      }),
    );
  });
}
