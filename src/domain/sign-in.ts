import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { isEmail } from './accounts.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { startSession } from './sessions.ts';

/** One message for every failure, so a stranger cannot learn which emails have accounts. */
const WRONG = 'The email or the password is wrong.';

/**
 * Checks the password and starts a session. An unknown email or an account
 * without a password costs a full scrypt too (verifyPassword's decoy), for
 * the same reason. The caller throttles failures per address and per email
 * (http/portal/sign-in-throttle.ts).
 */
export async function signIn(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  email: string,
  password: string,
): Promise<Outcome<{ readonly account: Account; readonly token: string }, 'unauthorized'>> {
  const account = isEmail(email.trim()) ? await deps.db.accounts.findByEmail(email) : undefined;
  const stored = account === undefined ? undefined : await deps.db.passwords.hashOf(account.id);
  const check = await verifyPassword(password, stored);
  if (account === undefined || !check.matches) return fail('unauthorized', WRONG);
  if (check.needsRehash) await deps.db.passwords.set(account.id, await hashPassword(password), formatTimestamp(deps.clock.now()));
  const { token } = await startSession(deps, account);
  return succeed({ account, token });
}
