// Confirming several scrolls at once (the megiah queue's checkboxes): all or
// none, each scroll once, within a bound, and two overlapping batches never
// deadlock. SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { MAX_SCROLLS_PER_CONFIRMATION, verifyScrolls } from '../../src/domain/verify-scroll.ts';
import { makeMegiah, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps);
});
after(() => t.close());

const verified = async (uuid: string) => (await t.db.scrolls.findByUuid(uuid))?.isVerified;

test('every chosen scroll is confirmed once, whatever the case or repetition of its uuid; one already confirmed counts', async () => {
  const megiah = await makeMegiah(t.deps);
  const [a, b] = [await makeScroll(t.deps, store.account, { megiah: megiah.uuid }), await makeScroll(t.deps, store.account, { megiah: megiah.uuid, verified: true })];
  const outcome = await verifyScrolls(t.deps, [a.uuid, a.uuid.toUpperCase(), b.uuid], { account: megiah });
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.value.map((v) => [v.scroll.uuid, v.alreadyVerified]).sort(), [[a.uuid, false], [b.uuid, true]].sort());
  assert.equal(await verified(a.uuid), true);
  const scroll = await t.db.scrolls.findByUuid(a.uuid);
  assert.equal((await t.db.megiahDecisions.listByScroll(scroll!.id)).length, 1);
});

test("one unknown scroll, or another megiah's, and none is confirmed", async () => {
  const megiah = await makeMegiah(t.deps);
  const mine = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
  const theirs = await makeScroll(t.deps, store.account);
  const stranger = await verifyScrolls(t.deps, [mine.uuid, theirs.uuid], { account: megiah });
  assert.equal(stranger.ok, false);
  assert.equal(!stranger.ok && stranger.code, 'not_scroll_megiah');
  assert.match(!stranger.ok ? stranger.msg : '', new RegExp(theirs.uuid));
  const unknown = await verifyScrolls(t.deps, [mine.uuid, '00000000-0000-4000-8000-000000000000'], { account: megiah });
  assert.equal(!unknown.ok && unknown.code, 'scroll_not_found');
  assert.equal(await verified(mine.uuid), false);
  assert.equal(await verified(theirs.uuid), false);
});

test('none chosen, or more than a page of the queue, is refused', async () => {
  const megiah = await makeMegiah(t.deps);
  const none = await verifyScrolls(t.deps, [], { account: megiah });
  assert.equal(!none.ok && none.code, 'invalid_request');
  const many = Array.from({ length: MAX_SCROLLS_PER_CONFIRMATION + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const tooMany = await verifyScrolls(t.deps, many, { account: megiah });
  assert.equal(!tooMany.ok && tooMany.code, 'invalid_request');
});

test('two batches sharing scrolls, chosen in opposite orders, both finish', async () => {
  const megiah = await makeMegiah(t.deps);
  const scrolls = [];
  for (let i = 0; i < 4; i++) scrolls.push((await makeScroll(t.deps, store.account, { megiah: megiah.uuid })).uuid);
  const results = await Promise.all([
    verifyScrolls(t.deps, scrolls, { account: megiah }),
    verifyScrolls(t.deps, [...scrolls].reverse(), { account: megiah }),
  ]);
  assert.deepEqual(results.map((r) => r.ok), [true, true]);
  const firsts = results.flatMap((r) => (r.ok ? r.value.filter((v) => !v.alreadyVerified) : []));
  assert.equal(firsts.length, 4, 'each scroll confirmed by exactly one of them');
});
