import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fingerprintIndexSync } from '../../src/domain/sync-fingerprint-index.ts';
import type { DomainDeps } from '../../src/domain/deps.ts';

/** A fingerprints table of `rows` rows served in keyset pages, and an engine that records what the sync asks of it. */
function fixture(rows: number) {
  const calls: string[] = [];
  const db = {
    fingerprints: {
      async page(after: number, limit: number) {
        const items = [];
        for (let id = after + 1; id <= Math.min(rows, after + limit); id++) items.push({ scrollUuid: `s${id}`, data: new Uint8Array([id & 255]) });
        return { lastScrollId: items.length ? after + items.length : after, items };
      },
    },
  } as unknown as DomainDeps['db'];
  const engine = {
    addToIndex: (id: string) => calls.push(`add ${id}`),
    flushIndex: () => calls.push('flush'),
  } as unknown as DomainDeps['engine'];
  return { calls, sync: fingerprintIndexSync({ db, engine }) };
}

test('a catch-up adds every row in order, then flushes the index once, so the first query does not file a bulk load', async () => {
  const { calls, sync } = fixture(1203);
  assert.equal(await sync.catchUp(), 1203);
  assert.equal(calls.filter((c) => c === 'flush').length, 1);
  assert.equal(calls.at(-1), 'flush');
  assert.deepEqual(calls.slice(0, 2), ['add s1', 'add s2']);
  assert.equal(calls.at(-2), 'add s1203');
  // The next catch-up starts after the cursor and still flushes (a no-op for the index when nothing was added).
  assert.equal(await sync.catchUp(), 0);
  assert.deepEqual(calls.slice(-1), ['flush']);
});
