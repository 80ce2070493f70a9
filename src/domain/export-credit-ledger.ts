import type { Account, CreditEntry } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';
import { readInBatches } from './read-in-batches.ts';

/** Every entry of the account's credit ledger, newest first: the rows of every page of readCreditLedger. */
export function exportCreditLedger(deps: Pick<DomainDeps, 'db'>, account: Account): AsyncGenerator<CreditEntry> {
  return readInBatches((cursor) => deps.db.credits.listEntriesBatch(account.id, cursor));
}
