import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { isStore } from './accounts.ts';
import { authenticateApiKey } from './authenticate-api-key.ts';
import type { DomainDeps } from './deps.ts';

/** The store account behind a presented API key. */
export async function authenticateStore(
  deps: Pick<DomainDeps, 'db' | 'clock' | 'keyCache'>,
  presentedKey: string | undefined,
): Promise<Outcome<Account, 'unauthorized' | 'forbidden'>> {
  const account = await authenticateApiKey(deps, presentedKey);
  if (!account.ok) return account;
  if (!isStore(account.value)) return fail('forbidden', 'Store endpoints require the key of a store or agent account.');
  return succeed(account.value);
}
