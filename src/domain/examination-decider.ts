// Who may decide on a scroll's examination (confirm or reject it), shared by
// verify-scroll.ts and reject-scroll.ts so both answer a stranger alike.
import type { Repositories } from '../db/database.ts';
import type { Account, ScrollDetails } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';

/**
 * Who decides: an authenticated account (the megiah API, the portal pages),
 * an account named by uuid (the admin CLI's --by), or, when absent, the
 * scroll's own megiah on whose behalf the operator records it (the admin CLI).
 */
export type Decider = { readonly account: Account } | { readonly uuid: string };

/** The account a scroll names; a missing one is a broken database, not an outcome. */
export async function accountNamedBy(tx: Pick<Repositories, 'accounts'>, scroll: ScrollDetails, id: number): Promise<Account> {
  const found = await tx.accounts.findById(id);
  if (found === undefined) throw new Error(`Scroll ${scroll.uuid} names missing account ${id}.`);
  return found;
}

/** Only an admin or the megiah named on the scroll may decide. */
export async function deciderOf(
  tx: Pick<Repositories, 'accounts'>,
  scroll: ScrollDetails,
  by: Decider | undefined,
): Promise<Outcome<Account, 'invalid_request' | 'not_scroll_megiah'>> {
  let decider: Account;
  if (by === undefined) decider = await accountNamedBy(tx, scroll, scroll.megiahId);
  else if ('account' in by) decider = by.account;
  else {
    const found = await tx.accounts.findByUuid(by.uuid);
    if (found === undefined) return fail('invalid_request', 'by names no known account.');
    decider = found;
  }
  if (decider.role !== 'admin' && decider.id !== scroll.megiahId) return fail('not_scroll_megiah');
  return succeed(decider);
}

/**
 * Locks the scroll's row, then reads it: two decisions on one scroll (on any
 * node) take turns, and the second sees what the first decided.
 */
export async function lockScrollForDecision(
  tx: Pick<Repositories, 'scrolls'>,
  scrollUuid: string,
): Promise<Outcome<ScrollDetails, 'scroll_not_found'>> {
  if (!(await tx.scrolls.lockForDecision(scrollUuid))) return fail('scroll_not_found');
  const scroll = await tx.scrolls.findByUuid(scrollUuid);
  if (scroll === undefined) return fail('scroll_not_found');
  return succeed(scroll);
}
