import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { hashApiKey } from './identifiers.ts';

/** Last use is written at most this often per key, keeping reads read-only. */
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * The account behind a presented API key, whatever its role; the callers
 * (authenticateStore, authenticateMegiah) decide which roles they accept.
 */
export async function authenticateApiKey(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  presentedKey: string | undefined,
): Promise<Outcome<Account, 'unauthorized'>> {
  if (presentedKey === undefined || presentedKey === '') return fail('unauthorized', 'The X-Api-Key header is missing.');
  const key = await deps.db.apiKeys.findActiveByHash(hashApiKey(presentedKey));
  if (key === undefined) return fail('unauthorized', 'The API key is invalid or revoked.');
  const account = await deps.db.accounts.findById(key.accountId);
  if (account === undefined) return fail('unauthorized', 'The API key is invalid or revoked.');
  const now = deps.clock.now();
  const notBefore = formatTimestamp(new Date(now.getTime() - LAST_USE_RESOLUTION_MS));
  // The key row is already in hand, so a recent use costs no write at all; the
  // repository's own condition only settles concurrent requests.
  if (key.lastUsedAt === null || key.lastUsedAt < notBefore) {
    await deps.db.apiKeys.recordUse(key.id, formatTimestamp(now), notBefore);
  }
  return succeed(account);
}
