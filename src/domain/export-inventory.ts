import type { Account, ScrollDetails } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';
import { inventoryFilterOf, type InventoryQuery } from './list-inventory.ts';
import { readInBatches } from './read-in-batches.ts';

/** Every scroll of the inventory the query lists, newest first: the rows of every page of listInventory. */
export function exportInventory(deps: Pick<DomainDeps, 'db'>, store: Account, query: InventoryQuery = {}): AsyncGenerator<ScrollDetails> {
  const filter = inventoryFilterOf(query);
  return readInBatches((cursor) => deps.db.scrolls.listOwnedBatch(store.id, filter, cursor));
}
