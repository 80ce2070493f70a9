import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';

/**
 * Exact, case-insensitive match on email, or on username when no email is
 * given (spec §4.2: username is "used only when `email` is omitted", so a
 * request with both is looked up by its email).
 */
export async function lookUpDirectoryEntry(
  deps: Pick<DomainDeps, 'db'>,
  query: { readonly email?: string; readonly username?: string },
): Promise<Outcome<Account, 'lookup_criteria_missing' | 'directory_entry_not_found'>> {
  const email = query.email?.trim() ?? '';
  const username = query.username?.trim() ?? '';
  if (email === '' && username === '') return fail('lookup_criteria_missing', 'Provide email or username.');
  const account = await deps.db.accounts.findDirectoryEntry(email !== '' ? { email } : { username });
  return account === undefined ? fail('directory_entry_not_found') : succeed(account);
}
