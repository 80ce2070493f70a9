import type { Account, Session } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { checkPasswordRules, hashPassword, verifyPassword } from './passwords.ts';

/**
 * Sets an account's password (the admin CLI, an accepted invitation) and
 * signs the account out everywhere else: whoever held the old password, or a
 * session opened with it, loses access at once.
 */
export async function setPassword(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  account: Account,
  password: string,
  keep: Session | null = null,
): Promise<Outcome<Account, 'invalid_request'>> {
  const rules = checkPasswordRules(password);
  if (!rules.ok) return rules;
  const hash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await tx.passwords.set(account.id, hash, formatTimestamp(deps.clock.now()));
    await tx.sessions.removeForAccount(account.id, keep?.id ?? null);
  });
  return succeed(account);
}

/** The signed-in holder changes their own password: the current one is asked for again. */
export async function changePassword(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  signedIn: { readonly account: Account; readonly session: Session },
  current: string,
  next: string,
): Promise<Outcome<Account, 'invalid_request'>> {
  const check = await verifyPassword(current, await deps.db.passwords.hashOf(signedIn.account.id));
  if (!check.matches) return fail('invalid_request', 'The current password is wrong.');
  return setPassword(deps, signedIn.account, next, signedIn.session);
}
