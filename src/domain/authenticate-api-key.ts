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
  deps: Pick<DomainDeps, 'db' | 'clock' | 'keyCache'>,
  presentedKey: string | undefined,
): Promise<Outcome<Account, 'unauthorized'>> {
  if (presentedKey === undefined || presentedKey === '') return fail('unauthorized', 'The X-Api-Key header is missing.');
  const hash = hashApiKey(presentedKey);
  const now = deps.clock.now();
  let known = deps.keyCache.get(hash, now.getTime());
  if (known === undefined) {
    const generation = deps.keyCache.generation;
    const key = await deps.db.apiKeys.findActiveByHash(hash);
    if (key === undefined) return fail('unauthorized', 'The API key is invalid or revoked.');
    const account = await deps.db.accounts.findById(key.accountId);
    if (account === undefined) return fail('unauthorized', 'The API key is invalid or revoked.');
    known = deps.keyCache.put(hash, { key, account }, now.getTime(), generation);
  }
  const notBeforeMs = now.getTime() - LAST_USE_RESOLUTION_MS;
  // The key's last use is in hand, so a recent one costs no write at all; the
  // repository's own condition only settles concurrent requests and nodes.
  if (known.lastUsedMs === null || known.lastUsedMs < notBeforeMs) {
    await deps.db.apiKeys.recordUse(known.key.id, formatTimestamp(now), formatTimestamp(new Date(notBeforeMs)));
    deps.keyCache.noteUse(hash, now);
  }
  return succeed(known.account);
}
