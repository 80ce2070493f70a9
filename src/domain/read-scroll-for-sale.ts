import type { Account, ScrollDetails } from '../db/records.ts';
import { succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { readStoreScroll } from './read-store-scroll.ts';

export type ScrollForSale = { readonly scroll: ScrollDetails; readonly credits: number };

/** A scroll the store owns, with the credits a sale of it would draw on (shown beside the sale form). */
export async function readScrollForSale(
  deps: Pick<DomainDeps, 'db'>,
  store: Account,
  scrollUuid: string,
): Promise<Outcome<ScrollForSale, 'scroll_not_found' | 'scroll_not_owned'>> {
  const [scroll, credits] = await Promise.all([readStoreScroll(deps, store, scrollUuid), deps.db.credits.balanceOf(store.id)]);
  return scroll.ok ? succeed({ scroll: scroll.value, credits }) : scroll;
}
