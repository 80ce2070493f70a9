import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { requireText } from './text-fields.ts';

export type GrantReason = {
  /** Why, as the admin wrote it; kept in the ledger entry. Required from the portal, optional from the CLI. */
  readonly note?: string;
  /** The admin granting; absent for the CLI operator. */
  readonly by?: Account;
};

/** Appends a grant to the account's ledger; returns the new balance. */
export async function grantCredits(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  accountUuid: string,
  amount: number,
  reason: GrantReason = {},
): Promise<Outcome<number, 'invalid_request' | 'forbidden'>> {
  if (reason.by !== undefined && reason.by.role !== 'admin') return fail('forbidden');
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > 1_000_000) {
    return fail('invalid_request', 'amount must be a whole number from 1 to 1000000.');
  }
  const note = requireText(reason.note, 'reason', { max: 200, optional: reason.by === undefined });
  if (!note.ok) return note;
  const at = formatTimestamp(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const account = await tx.accounts.findByUuid(accountUuid);
    if (account === undefined) return fail('invalid_request', 'account names no known account.');
    return succeed(await tx.credits.grant(account.id, amount, at, { note: note.value, grantedById: reason.by?.id ?? null }));
  });
}
