import type { Account, Page, PageRequest, SaleDetails } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';

/** The store's own sales history, newest first. */
export function listSales(deps: Pick<DomainDeps, 'db'>, store: Account, page: PageRequest): Promise<Page<SaleDetails>> {
  return deps.db.sales.listBySeller(store.id, page);
}
