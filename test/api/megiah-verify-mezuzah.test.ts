import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyScroll } from '../../src/domain/verify-scroll.ts';
import { makeAccount, makeBuyer, makeKeyFor, makeMegiah, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { sell, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 5 });
});
after(() => t.close());

const verify = (key: string | undefined, uuid: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/megiah/verify-mezuzah/${uuid}`, headers: key === undefined ? {} : { 'x-api-key': key } });
const scan = (code: string) => t.app.inject({ method: 'GET', url: `/api/v1/public/scan-qrcode/${code}` });

/** A scroll examined by a megiah that has its own API key. */
async function scrollWithMegiah(input: { owner_uuid?: string } = {}) {
  const megiah = await makeMegiah(t.deps);
  const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, ...input });
  return { scroll, megiah, key: await makeKeyFor(t.deps, megiah) };
}

describe('200', () => {
  test("the scroll's own megiah confirms: verified, who and when recorded, QR resolves", async () => {
    const { scroll, megiah, key } = await scrollWithMegiah();
    assert.equal((await scan(scroll.qrCode)).statusCode, 404);
    t.clock.set('2025-04-02T09:30:00Z');
    const res = await verify(key, scroll.uuid);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      msg: 'Examination confirmed.',
      uuid: scroll.uuid,
      is_verified: true,
      verified_time: '2025-04-02 09:30:00',
      verified_by: { uuid: megiah.uuid, username: megiah.username, role: 'megiah' },
      already_verified: false,
    });
    const stored = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(stored?.isVerified, true);
    assert.equal(stored?.verifiedById, megiah.id);
    assert.equal(stored?.verifiedAt, '2025-04-02 09:30:00');
    assert.deepEqual((await scan(scroll.qrCode)).json(), { status: 'found', uuid: scroll.uuid });
    assert.equal((await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).json().is_verified, true);
  });

  test('confirming again is idempotent and keeps the first confirmation', async () => {
    const { scroll, megiah, key } = await scrollWithMegiah();
    t.clock.set('2025-04-03T08:00:00Z');
    assert.equal((await verify(key, scroll.uuid)).statusCode, 200);
    t.clock.set('2025-04-05T08:00:00Z');
    const again = await verify(key, scroll.uuid);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().already_verified, true);
    assert.equal(again.json().verified_time, '2025-04-03 08:00:00');
    assert.equal(again.json().verified_by.uuid, megiah.uuid);
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.verifiedAt, '2025-04-03 08:00:00');
  });

  test('after an admin confirmed it, the megiah is told who did', async () => {
    const { scroll, key } = await scrollWithMegiah();
    const admin = await makeAccount(t.deps, { role: 'admin' });
    assert.equal((await verifyScroll(t.deps, scroll.uuid, { uuid: admin.uuid })).ok, true);
    const res = await verify(key, scroll.uuid);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().already_verified, true);
    assert.deepEqual(res.json().verified_by, { uuid: admin.uuid, username: admin.username, role: 'admin' });
  });

  test('a scroll already sold can still be confirmed; its QR code then reports already_sold', async () => {
    const buyer = await makeBuyer(t.deps);
    const { scroll, key } = await scrollWithMegiah();
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: '' })).statusCode, 200);
    assert.equal((await verify(key, scroll.uuid)).statusCode, 200);
    assert.deepEqual((await scan(scroll.qrCode)).json(), { status: 'already_sold', uuid: scroll.uuid });
  });

  test('concurrent confirmations record one', async () => {
    const { scroll, key } = await scrollWithMegiah();
    const results = await Promise.all([1, 2, 3].map(() => verify(key, scroll.uuid)));
    assert.deepEqual(results.map((r) => r.statusCode), [200, 200, 200]);
    assert.equal(results.filter((r) => r.json().already_verified === false).length, 1);
    assert.equal(new Set(results.map((r) => r.json().verified_time)).size, 1);
  });
});

describe('401', () => {
  test('no key, an empty key, an unknown key', async () => {
    const { scroll } = await scrollWithMegiah();
    for (const key of [undefined, '', 'mzr_not-a-real-key']) {
      const res = await verify(key, scroll.uuid);
      assert.equal(res.statusCode, 401, String(key));
      assert.equal(res.json().status, 'unauthorized');
    }
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.isVerified, false);
  });
});

describe('403', () => {
  test('another megiah, not named on the scroll', async () => {
    const { scroll } = await scrollWithMegiah();
    const stranger = await makeKeyFor(t.deps, await makeMegiah(t.deps));
    const res = await verify(stranger, scroll.uuid);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
    assert.match(res.json().msg, /megiah named on this scroll/);
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.isVerified, false);
  });

  for (const role of ['store', 'agent', 'sofer', 'user', 'admin']) {
    test(`a key of a ${role} account, even for a scroll it is linked to`, async () => {
      const { scroll } = await scrollWithMegiah();
      const key = role === 'agent' ? store.key : await makeKeyFor(t.deps, await makeAccount(t.deps, { role }));
      const res = await verify(key, scroll.uuid);
      assert.equal(res.statusCode, 403);
      assert.match(res.json().msg, /megiah account/);
      assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.isVerified, false);
    });
  }
});

describe('404', () => {
  test('an unknown scroll', async () => {
    const { key } = await scrollWithMegiah();
    const res = await verify(key, '00000000-0000-4000-8000-00000000abcd');
    assert.equal(res.statusCode, 404);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });
});
