import type { Account, SaleDetails } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';
import { readInBatches } from './read-in-batches.ts';

/** Every sale of the store's history, newest first: the rows of every page of listSales. */
export function exportSales(deps: Pick<DomainDeps, 'db'>, store: Account): AsyncGenerator<SaleDetails> {
  return readInBatches((cursor) => deps.db.sales.listBySellerBatch(store.id, cursor));
}
