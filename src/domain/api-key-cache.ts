// What a node remembers of the API keys it has seen, so that a request costs
// no database read to authenticate (issue 55). A key's entry lives
// API_KEY_CACHE_TTL_MS: revoking it, or changing its account (a store made an
// agent, a megiah's confirmation withdrawn), takes effect at once on the node
// that did it (the use cases forget the entry) and within that time on every
// other node, and for a revocation by the CLI. A key never seen, or unknown,
// is always looked up: a new key works at once, and a wrong one is never
// remembered.
import type { Account, ApiKey } from '../db/records.ts';
import { formatTimestamp, parseTimestamp } from './clock.ts';

/** How long a node trusts what it read of a key: the bound on a revocation elsewhere reaching it. */
export const API_KEY_CACHE_TTL_MS = 5_000;

/** Keys one node remembers at once: far more than its stores' programs use; the oldest goes first. */
const MAX_ENTRIES = 10_000;

export type CachedKey = {
  readonly key: ApiKey;
  readonly account: Account;
  readonly untilMs: number;
  /** The key's last use as a number, so a request compares it without formatting a timestamp. */
  readonly lastUsedMs: number | null;
};

export type ApiKeyCache = {
  /** The entry of a key by its hash, while it is fresh. */
  get(hash: string, nowMs: number): CachedKey | undefined;
  /** Counts the forgets: read before a look-up, and given to put, it keeps a forget made during the look-up from being undone. */
  readonly generation: number;
  /** The entry, remembered unless something was forgotten since `generation` was read (it is then returned, not kept). */
  put(hash: string, entry: { readonly key: ApiKey; readonly account: Account }, nowMs: number, generation: number): CachedKey;
  /** Keeps what was just written of the key's last use, so the next requests do not write it again. */
  noteUse(hash: string, usedAt: Date): void;
  forgetKey(keyId: number): void;
  forgetAccount(accountId: number): void;
};

export function apiKeyCache(ttlMs = API_KEY_CACHE_TTL_MS): ApiKeyCache {
  const entries = new Map<string, CachedKey>();
  let generation = 0;
  const forget = (matches: (entry: CachedKey) => boolean) => {
    generation += 1;
    for (const [hash, entry] of entries) if (matches(entry)) entries.delete(hash);
  };
  return {
    get generation() {
      return generation;
    },
    get(hash, nowMs) {
      const entry = entries.get(hash);
      if (entry === undefined) return undefined;
      if (entry.untilMs > nowMs) return entry;
      entries.delete(hash);
      return undefined;
    },
    put(hash, { key, account }, nowMs, readAt) {
      // A last use that does not parse (written by hand, say) counts as none: it is written again.
      const lastUsedMs = key.lastUsedAt === null ? Number.NaN : parseTimestamp(key.lastUsedAt);
      const entry = { key, account, untilMs: nowMs + ttlMs, lastUsedMs: Number.isNaN(lastUsedMs) ? null : lastUsedMs };
      // What was read may predate a revocation or a role change forgotten meanwhile: used for this request, not kept.
      if (readAt !== generation) return entry;
      if (entries.size >= MAX_ENTRIES && !entries.has(hash)) entries.delete(entries.keys().next().value as string);
      entries.set(hash, entry);
      return entry;
    },
    noteUse(hash, usedAt) {
      const entry = entries.get(hash);
      if (entry !== undefined) entries.set(hash, { ...entry, key: { ...entry.key, lastUsedAt: formatTimestamp(usedAt) }, lastUsedMs: usedAt.getTime() });
    },
    forgetKey: (keyId) => forget((entry) => entry.key.id === keyId),
    forgetAccount: (accountId) => forget((entry) => entry.account.id === accountId),
  };
}
