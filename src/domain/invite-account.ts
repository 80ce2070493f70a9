// An admin invites an account holder: a one-time link that lets them choose
// their password. The link carries a random token; only its hash is stored.
import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { hashSecretToken, newSecretToken } from './identifiers.ts';
import { checkPasswordRules, hashPassword } from './passwords.ts';
import { startSession } from './sessions.ts';
import { transact } from './transact.ts';

export const INVITATION_LIFETIME_MS = 7 * 24 * 3600_000;

export type IssuedInvitation = { readonly account: Account; readonly url: string; readonly expiresAt: string };

/** Where the link leads; a page of the portal. */
export function invitationUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/invitation/${token}`;
}

/** A new link replaces the account's earlier unused ones. `by` is the admin (null: the CLI). */
export async function inviteAccount(
  deps: Pick<DomainDeps, 'db' | 'clock' | 'publicBaseUrl'>,
  accountUuid: string,
  by: Account | null,
): Promise<Outcome<IssuedInvitation, 'invalid_request' | 'forbidden'>> {
  if (by !== null && by.role !== 'admin') return fail('forbidden');
  const now = deps.clock.now();
  const token = newSecretToken();
  const expiresAt = formatTimestamp(new Date(now.getTime() + INVITATION_LIFETIME_MS));
  return transact(deps.db, async (tx) => {
    const account = await tx.accounts.findByUuid(accountUuid);
    if (account === undefined) return fail('invalid_request', 'account names no known account.');
    await tx.invitations.withdrawUnused(account.id, formatTimestamp(now));
    await tx.invitations.insert({ tokenHash: hashSecretToken(token), accountId: account.id, createdById: by?.id ?? null, at: formatTimestamp(now), expiresAt });
    return succeed({ account, url: invitationUrl(deps.publicBaseUrl, token), expiresAt });
  });
}

const UNUSABLE = 'This invitation link has expired or was already used. Ask the registry for a new one.';

/** Whom a link invites, to greet them on the page; fails for a used, replaced or expired link. */
export async function readInvitation(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  token: string,
): Promise<Outcome<Account, 'invalid_request'>> {
  const invitation = await deps.db.invitations.findUsable(hashSecretToken(token), formatTimestamp(deps.clock.now()));
  const account = invitation && (await deps.db.accounts.findById(invitation.accountId));
  return account === undefined ? fail('invalid_request', UNUSABLE) : succeed(account);
}

/** Sets the password, uses up the link, ends other sessions and signs the holder in. */
export async function acceptInvitation(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  token: string,
  password: string,
): Promise<Outcome<{ readonly account: Account; readonly token: string }, 'invalid_request'>> {
  const rules = checkPasswordRules(password);
  if (!rules.ok) return rules;
  const hash = await hashPassword(password);
  const at = formatTimestamp(deps.clock.now());
  const accepted = await transact(deps.db, async (tx) => {
    const invitation = await tx.invitations.findUsable(hashSecretToken(token), at);
    if (invitation === undefined || !(await tx.invitations.markUsed(invitation.id, at))) return fail('invalid_request', UNUSABLE);
    const account = await tx.accounts.findById(invitation.accountId);
    if (account === undefined) return fail('invalid_request', UNUSABLE);
    await tx.passwords.set(account.id, hash, at);
    await tx.sessions.removeForAccount(account.id);
    return succeed(account);
  });
  if (!accepted.ok) return accepted;
  const session = await startSession(deps, accepted.value);
  return succeed({ account: accepted.value, token: session.token });
}
