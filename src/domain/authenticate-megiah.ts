import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { authenticateApiKey } from './authenticate-api-key.ts';
import type { DomainDeps } from './deps.ts';

/**
 * The megiah (examiner) account behind a presented API key. Admins confirm
 * through the CLI, not with a key, so megiah endpoints accept megiahs only.
 */
export async function authenticateMegiah(
  deps: Pick<DomainDeps, 'db' | 'clock' | 'keyCache'>,
  presentedKey: string | undefined,
): Promise<Outcome<Account, 'unauthorized' | 'forbidden'>> {
  const account = await authenticateApiKey(deps, presentedKey);
  if (!account.ok) return account;
  if (account.value.role !== 'megiah') return fail('forbidden', 'Megiah endpoints require the key of a megiah account.');
  return succeed(account.value);
}
