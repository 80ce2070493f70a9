import type { Account, CreditEntry, Page, PageRequest } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';

export type CreditLedger = { readonly balance: number; readonly entries: Page<CreditEntry> };

/** The balance and one page of the ledger that explains it, newest first. */
export async function readCreditLedger(deps: Pick<DomainDeps, 'db'>, account: Account, page: PageRequest): Promise<CreditLedger> {
  const [balance, entries] = await Promise.all([deps.db.credits.balanceOf(account.id), deps.db.credits.listEntries(account.id, page)]);
  return { balance, entries };
}
