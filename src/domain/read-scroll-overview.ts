import type { Account } from '../db/records.ts';
import { succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { readScrollForSale, type ScrollForSale } from './read-scroll-for-sale.ts';
import { readTextCheckOnPhoto, type TextCheckOnPhoto } from './text-check-on-photo.ts';

export type ScrollOverview = ScrollForSale & { readonly textCheck: TextCheckOnPhoto };

/** Everything the store's page of one of its scrolls shows: the scroll, the credits a sale would draw on, its text check. */
export async function readScrollOverview(
  deps: Pick<DomainDeps, 'db' | 'files'>,
  store: Account,
  scrollUuid: string,
): Promise<Outcome<ScrollOverview, 'scroll_not_found' | 'scroll_not_owned'>> {
  const forSale = await readScrollForSale(deps, store, scrollUuid);
  if (!forSale.ok) return forSale;
  return succeed({ ...forSale.value, textCheck: await readTextCheckOnPhoto(deps, forSale.value.scroll) });
}
