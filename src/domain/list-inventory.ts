import type { Account, Page, PageRequest, ScrollDetails } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';

/** Scrolls the store owns and has not sold (spec §3 rule 1); `search` keeps those whose text contains it. */
export function listInventory(
  deps: Pick<DomainDeps, 'db'>,
  store: Account,
  page: PageRequest,
  search = '',
): Promise<Page<ScrollDetails>> {
  return deps.db.scrolls.listOwnedBy(store.id, page, search.trim().slice(0, 100));
}
