import type { Account, Page, PageRequest, ScrollDetails, ScrollTextCheck } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';

/** A scroll awaiting its megiah, with its text check as far as it has run (null only for a scroll that never had one). */
export type QueuedScroll = { readonly scroll: ScrollDetails; readonly textCheck: ScrollTextCheck | null };

/**
 * Scrolls awaiting confirmation of their examination: a megiah sees those
 * naming them, an admin sees all. Those whose text check found something come
 * first, then the rest, newest first (scrolls.listAwaitingVerification).
 */
export async function listVerificationQueue(
  deps: Pick<DomainDeps, 'db'>,
  account: Account,
  page: PageRequest,
): Promise<Outcome<Page<QueuedScroll>, 'forbidden'>> {
  if (account.role !== 'admin' && account.role !== 'megiah') return fail('forbidden');
  const scrolls = await deps.db.scrolls.listAwaitingVerification(account.role === 'admin' ? null : account.id, page);
  const checks = await deps.db.scrollTextChecks.findMany(scrolls.items.map((scroll) => scroll.id));
  return succeed({ total: scrolls.total, items: scrolls.items.map((scroll) => ({ scroll, textCheck: checks.get(scroll.id) ?? null })) });
}
