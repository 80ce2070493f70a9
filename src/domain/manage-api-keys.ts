import type { ApiKey } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { hashApiKey, newApiKeyPublicId, newApiKeySecret } from './identifiers.ts';

/** The full key exists only in this return value; the database keeps its hash. */
export async function createApiKey(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  accountUuid: string,
): Promise<Outcome<{ readonly key: string; readonly apiKey: ApiKey }, 'invalid_request'>> {
  const account = await deps.db.accounts.findByUuid(accountUuid);
  if (account === undefined) return fail('invalid_request', 'account names no known account.');
  const key = newApiKeySecret();
  const apiKey = await deps.db.apiKeys.create({
    publicId: newApiKeyPublicId(),
    accountId: account.id,
    keyHash: hashApiKey(key),
    displayPrefix: key.slice(0, 10),
    createdAt: formatTimestamp(deps.clock.now()),
  });
  return succeed({ key, apiKey });
}

export async function revokeApiKey(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  publicId: string,
): Promise<Outcome<ApiKey, 'invalid_request'>> {
  const revoked = await deps.db.apiKeys.revoke(publicId, formatTimestamp(deps.clock.now()));
  return revoked === undefined ? fail('invalid_request', 'id names no API key.') : succeed(revoked);
}
