// The node's memory of API keys: fresh for its time to live, bounded, and
// never undoing a forget that happened while a look-up was under way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Account, ApiKey } from '../../src/db/records.ts';
import { apiKeyCache } from '../../src/domain/api-key-cache.ts';

const key = (id: number, accountId: number) => ({ id, accountId, lastUsedAt: null }) as unknown as ApiKey;
const account = (id: number) => ({ id, role: 'store' }) as unknown as Account;

test('an entry lives its time to live, then is read anew', () => {
  const cache = apiKeyCache(5000);
  cache.put('h', { key: key(1, 7), account: account(7) }, 1000, cache.generation);
  assert.ok(cache.get('h', 5999));
  assert.equal(cache.get('h', 6000), undefined);
});

test('forgetting a key or an account drops its entries; others stay', () => {
  const cache = apiKeyCache(5000);
  cache.put('a', { key: key(1, 7), account: account(7) }, 0, cache.generation);
  cache.put('b', { key: key(2, 7), account: account(7) }, 0, cache.generation);
  cache.put('c', { key: key(3, 8), account: account(8) }, 0, cache.generation);
  cache.forgetKey(1);
  assert.deepEqual(['a', 'b', 'c'].map((hash) => cache.get(hash, 1) !== undefined), [false, true, true]);
  cache.forgetAccount(7);
  assert.deepEqual(['a', 'b', 'c'].map((hash) => cache.get(hash, 1) !== undefined), [false, false, true]);
});

test('a look-up that began before a forget is used for its request but not remembered', () => {
  const cache = apiKeyCache(5000);
  const before = cache.generation;
  cache.forgetKey(1); // a revocation lands while the look-up waits on the database
  const entry = cache.put('h', { key: key(1, 7), account: account(7) }, 0, before);
  assert.equal(entry.key.id, 1);
  assert.equal(cache.get('h', 1), undefined, 'the revoked key is read again next time');
});

test('no more than 10,000 entries: the oldest goes first', () => {
  const cache = apiKeyCache(5000);
  for (let i = 0; i <= 10_000; i += 1) cache.put(`h${i}`, { key: key(i, i), account: account(i) }, 0, cache.generation);
  assert.equal(cache.get('h0', 1), undefined);
  assert.ok(cache.get('h1', 1));
  assert.ok(cache.get('h10000', 1));
});

test("a key's last use is kept as an instant; one that does not parse (written by hand) counts as none, so the next use is written", () => {
  const cache = apiKeyCache(5000);
  const used = (lastUsedAt: string | null) => cache.put(`h${lastUsedAt}`, { key: { ...key(1, 7), lastUsedAt } as ApiKey, account: account(7) }, 1000, cache.generation).lastUsedMs;
  assert.equal(used('2026-12-06 10:00:00'), Date.UTC(2026, 11, 6, 10));
  assert.equal(used(null), null);
  assert.equal(used('yesterday'), null);
  // A use noted keeps the entry's instant and its text in step.
  cache.noteUse('h2026-12-06 10:00:00', new Date(Date.UTC(2026, 11, 6, 11)));
  const entry = cache.get('h2026-12-06 10:00:00', 2000)!;
  assert.equal(entry.lastUsedMs, Date.UTC(2026, 11, 6, 11));
  assert.equal(entry.key.lastUsedAt, '2026-12-06 11:00:00');
});
