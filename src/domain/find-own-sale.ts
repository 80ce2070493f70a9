import type { Account, Sale } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';

/**
 * The store's own sale of a scroll, if it made one: what tells a second
 * submission of a sale (a retried form) from a scroll that was never the
 * store's, without confirming to a store that another's scroll exists.
 */
export async function findOwnSale(deps: Pick<DomainDeps, 'db'>, store: Account, scrollUuid: string): Promise<Sale | undefined> {
  const scroll = await deps.db.scrolls.findByUuid(scrollUuid);
  return scroll === undefined ? undefined : deps.db.sales.findBySellerAndScroll(store.id, scroll.id);
}
