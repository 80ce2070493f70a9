import type { Database } from '../db/database.ts';
import type { Account, ScrollTextCheck } from '../db/records.ts';
import { succeed, type Outcome } from '../errors.ts';
import { readStoreScroll } from './read-store-scroll.ts';

/**
 * The text check of a scroll the store currently owns, as far as it has run;
 * refused as the scroll itself is (readStoreScroll).
 */
export async function readScrollTextCheck(
  deps: { readonly db: Pick<Database, 'scrolls' | 'scrollTextChecks'> },
  store: Account,
  uuid: string,
): Promise<Outcome<ScrollTextCheck, 'scroll_not_found' | 'scroll_not_owned'>> {
  const scroll = await readStoreScroll(deps, store, uuid);
  if (!scroll.ok) return scroll;
  const check = await deps.db.scrollTextChecks.find(scroll.value.id);
  // Registration writes one with the scroll, and migration 007 gave one to every scroll before it.
  if (check === undefined) throw new Error(`Scroll ${uuid} has no text check.`);
  return succeed(check);
}
