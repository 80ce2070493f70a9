// A key created in the portal is shown on a page of its own, reached by a
// redirect (POST → redirect → GET), so reloading that page never creates a
// second key. The key waits for that one view sealed in the database under a
// secret derived from the session's cookie token, which the database does not
// hold: only the browser that created the key can open it, and opening it
// removes it.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { ApiKey, Session } from '../db/records.ts';
import { succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { createApiKey } from './manage-api-keys.ts';
import { transact } from './transact.ts';

/** Long enough for a slow phone to follow the redirect; short, so an abandoned key does not wait in the database. */
const REVEAL_LIFETIME_MS = 10 * 60_000;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The browser session the key is revealed to: its row, and the token of its cookie. */
export type RevealSession = { readonly session: Session; readonly token: string };

function sealingKey(sessionToken: string, revealId: string): Buffer {
  return createHmac('sha256', sessionToken).update(`mezuzah-registry api key reveal\n${revealId}`).digest();
}

function seal(plain: string, key: Buffer): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function open(sealed: Uint8Array, key: Buffer): string | null {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Creates the holder's key and leaves it for one view; returns the reveal's id for the page's URL. Both or neither are written. */
export async function createApiKeyToReveal(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  holder: RevealSession & { readonly accountUuid: string },
  label: string,
): Promise<Outcome<{ readonly revealId: string }, 'invalid_request'>> {
  const now = deps.clock.now();
  await deps.db.apiKeyReveals.removeExpired(formatTimestamp(now));
  return transact(deps.db, async (tx) => {
    const created = await createApiKey({ db: tx, clock: deps.clock }, holder.accountUuid, label);
    if (!created.ok) return created;
    const revealId = randomBytes(16).toString('base64url');
    await tx.apiKeyReveals.insert({
      id: revealId,
      sessionId: holder.session.id,
      apiKeyPublicId: created.value.apiKey.publicId,
      sealed: seal(created.value.key, sealingKey(holder.token, revealId)),
      expiresAt: formatTimestamp(new Date(now.getTime() + REVEAL_LIFETIME_MS)),
    });
    return succeed({ revealId });
  });
}

/**
 * The key left for this session under `revealId`, once: a second view, another
 * session's, or one after the reveal expired finds nothing (null).
 */
export async function takeRevealedApiKey(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  holder: RevealSession,
  revealId: string,
): Promise<{ readonly key: string; readonly apiKey: ApiKey } | null> {
  const taken = await deps.db.apiKeyReveals.take(revealId, holder.session.id, formatTimestamp(deps.clock.now()));
  if (taken === undefined) return null;
  const key = open(taken.sealed, sealingKey(holder.token, revealId));
  const apiKey = await deps.db.apiKeys.findByPublicId(taken.apiKeyPublicId);
  return key === null || apiKey === undefined ? null : { key, apiKey };
}
