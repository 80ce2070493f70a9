import type { Account, MegiahDecisionDetails, Page, PageRequest } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';

/** What this megiah (or admin) has decided, confirmations and rejections, newest first. */
export async function listMegiahDecisions(
  deps: Pick<DomainDeps, 'db'>,
  account: Account,
  page: PageRequest,
): Promise<Outcome<Page<MegiahDecisionDetails>, 'forbidden'>> {
  if (account.role !== 'megiah' && account.role !== 'admin') return fail('forbidden');
  return succeed(await deps.db.megiahDecisions.listByAccount(account.id, page));
}
