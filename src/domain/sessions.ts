// Signed-in browsers. A session is a random token in an HttpOnly cookie; the
// database keeps its hash, the account, and when it was last seen. It ends at
// sign-out, after a working day of idleness, or a week after sign-in,
// whichever comes first; changing the password ends the account's others.
import type { Account, Session } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { hashSecretToken, newSecretToken } from './identifiers.ts';

export const SESSION_LIFETIME_MS = 7 * 24 * 3600_000;
export const SESSION_IDLE_MS = 12 * 3600_000;
/** Last-seen is written at most this often, so browsing stays mostly read-only. */
const TOUCH_RESOLUTION_MS = 60_000;

export type SignedIn = { readonly account: Account; readonly session: Session };

export async function startSession(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  account: Account,
): Promise<{ readonly token: string; readonly session: Session }> {
  const now = deps.clock.now();
  const token = newSecretToken();
  await deps.db.sessions.removeExpired(formatTimestamp(now));
  const session = await deps.db.sessions.insert({
    tokenHash: hashSecretToken(token),
    accountId: account.id,
    at: formatTimestamp(now),
    expiresAt: formatTimestamp(new Date(now.getTime() + SESSION_LIFETIME_MS)),
  });
  return { token, session };
}

export async function authenticateSession(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  token: string | undefined,
): Promise<Outcome<SignedIn, 'unauthorized'>> {
  if (token === undefined || token === '') return fail('unauthorized', 'Not signed in.');
  const now = deps.clock.now();
  const session = await deps.db.sessions.findLive(hashSecretToken(token), formatTimestamp(now));
  if (session === undefined) return fail('unauthorized', 'The session has ended; sign in again.');
  if (session.lastSeenAt < formatTimestamp(new Date(now.getTime() - SESSION_IDLE_MS))) {
    await deps.db.sessions.remove(session.id);
    return fail('unauthorized', 'The session has ended; sign in again.');
  }
  const account = await deps.db.accounts.findById(session.accountId);
  if (account === undefined) return fail('unauthorized', 'The session has ended; sign in again.');
  if (session.lastSeenAt < formatTimestamp(new Date(now.getTime() - TOUCH_RESOLUTION_MS))) {
    await deps.db.sessions.touch(session.id, formatTimestamp(now));
  }
  return succeed({ account, session });
}

export async function endSession(deps: Pick<DomainDeps, 'db'>, session: Session): Promise<void> {
  await deps.db.sessions.remove(session.id);
}
