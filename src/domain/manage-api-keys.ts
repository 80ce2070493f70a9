import type { Repositories } from '../db/database.ts';
import type { Account, ApiKey, Role } from '../db/records.ts';
import { STORE_ROLES } from './accounts.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { hashApiKey, newApiKeyPublicId, newApiKeySecret } from './identifiers.ts';
import { requireText } from './text-fields.ts';

/** Roles whose keys some endpoint accepts: the store group's and the megiah's (who manage keys in the portal). */
export const API_KEY_HOLDER_ROLES = [...STORE_ROLES, 'megiah'] as const satisfies readonly Role[];

/** The full key exists only in this return value; the database keeps its hash. */
export async function createApiKey(
  deps: { readonly db: Pick<Repositories, 'accounts' | 'apiKeys'>; readonly clock: DomainDeps['clock'] },
  accountUuid: string,
  label = '',
): Promise<Outcome<{ readonly key: string; readonly apiKey: ApiKey }, 'invalid_request'>> {
  const checkedLabel = requireText(label, 'label', { max: 100, optional: true });
  if (!checkedLabel.ok) return checkedLabel;
  const account = await deps.db.accounts.findByUuid(accountUuid);
  if (account === undefined) return fail('invalid_request', 'account names no known account.');
  const key = newApiKeySecret();
  const apiKey = await deps.db.apiKeys.create({
    publicId: newApiKeyPublicId(),
    accountId: account.id,
    label: checkedLabel.value,
    keyHash: hashApiKey(key),
    displayPrefix: key.slice(0, 10),
    createdAt: formatTimestamp(deps.clock.now()),
  });
  return succeed({ key, apiKey });
}

/** The holder's keys, newest first, revoked ones included; never the keys themselves. */
export function listApiKeys(deps: Pick<DomainDeps, 'db'>, holder: Account): Promise<ApiKey[]> {
  return deps.db.apiKeys.listByAccount(holder.id);
}

/**
 * Revokes at once: the next request with the key is refused. With `holder`,
 * only that account's own keys; another's key reads as unknown, so ids cannot
 * be probed. Without (the admin CLI), any key.
 */
export async function revokeApiKey(
  deps: Pick<DomainDeps, 'db' | 'clock'> & Partial<Pick<DomainDeps, 'keyCache'>>,
  publicId: string,
  holder?: Account,
): Promise<Outcome<ApiKey, 'invalid_request'>> {
  const unknown = fail('invalid_request', 'id names no API key.');
  if (holder !== undefined) {
    const key = await deps.db.apiKeys.findByPublicId(publicId);
    if (key === undefined || key.accountId !== holder.id) return unknown;
  }
  const revoked = await deps.db.apiKeys.revoke(publicId, formatTimestamp(deps.clock.now()));
  if (revoked === undefined) return unknown;
  // At once on this node; other nodes (and a revocation by the CLI) within the cache's time to live.
  deps.keyCache?.forgetKey(revoked.id);
  return succeed(revoked);
}
