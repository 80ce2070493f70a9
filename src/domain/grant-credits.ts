import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';

/** Appends a grant to the account's ledger; returns the new balance. */
export async function grantCredits(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  accountUuid: string,
  amount: number,
): Promise<Outcome<number, 'invalid_request'>> {
  if (!Number.isSafeInteger(amount) || amount < 1) return fail('invalid_request', 'amount must be a positive integer.');
  const at = formatTimestamp(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const account = await tx.accounts.findByUuid(accountUuid);
    if (account === undefined) return fail('invalid_request', 'account names no known account.');
    return succeed(await tx.credits.grant(account.id, amount, at));
  });
}
