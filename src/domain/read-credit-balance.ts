import type { Account } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';

export function readCreditBalance(deps: Pick<DomainDeps, 'db'>, account: Account): Promise<number> {
  return deps.db.credits.balanceOf(account.id);
}
