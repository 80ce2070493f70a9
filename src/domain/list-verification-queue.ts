import type { Account, Page, PageRequest, ScrollDetails } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';

/**
 * Scrolls awaiting confirmation of their examination, oldest registrations
 * last: a megiah sees those naming them, an admin sees all.
 */
export async function listVerificationQueue(
  deps: Pick<DomainDeps, 'db'>,
  account: Account,
  page: PageRequest,
): Promise<Outcome<Page<ScrollDetails>, 'forbidden'>> {
  if (account.role === 'admin') return succeed(await deps.db.scrolls.listAwaitingVerification(null, page));
  if (account.role === 'megiah') return succeed(await deps.db.scrolls.listAwaitingVerification(account.id, page));
  return fail('forbidden');
}
