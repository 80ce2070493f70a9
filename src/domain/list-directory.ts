import type { Account, Page, PageRequest } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';

/** Confirmed sofers and megiahs only; unconfirmed practitioners stay out of sight. */
export function listDirectory(
  deps: Pick<DomainDeps, 'db'>,
  role: 'sofer' | 'megiah' | undefined,
  page: PageRequest,
): Promise<Page<Account>> {
  return deps.db.accounts.listDirectory({ role }, page);
}
