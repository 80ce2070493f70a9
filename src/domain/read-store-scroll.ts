import type { Database } from '../db/database.ts';
import type { Account, ScrollDetails } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';

/**
 * A scroll the store currently owns (spec §3 rule 2). Another owner's scroll
 * is 403 rather than 404, as the spec's single-scroll read prescribes.
 */
export async function readStoreScroll(
  deps: { readonly db: Pick<Database, 'scrolls'> },
  store: Account,
  uuid: string,
): Promise<Outcome<ScrollDetails, 'scroll_not_found' | 'scroll_not_owned'>> {
  const scroll = await deps.db.scrolls.findByUuid(uuid);
  if (scroll === undefined) return fail('scroll_not_found');
  if (scroll.ownerId !== store.id) return fail('scroll_not_owned');
  return succeed(scroll);
}
