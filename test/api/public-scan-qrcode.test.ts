import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyScroll } from '../../src/domain/verify-scroll.ts';
import { lookUpScannedScroll } from '../../src/domain/look-up-scanned-scroll.ts';
import { makeBuyer, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { sell } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 5 });
});
after(() => t.close());

const scan = (code: string) => t.app.inject({ method: 'GET', url: `/api/v1/public/scan-qrcode/${encodeURIComponent(code)}` });

describe('200', () => {
  test('found: a verified scroll in a store', async () => {
    const scroll = await makeScroll(t.deps, store.account, { verified: true });
    const res = await scan(scroll.qrCode);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'found', uuid: scroll.uuid });
  });

  test('codes are read case-insensitively, as typed from a sticker', async () => {
    const scroll = await makeScroll(t.deps, store.account, { verified: true });
    assert.equal((await scan(scroll.qrCode.toLowerCase())).json().uuid, scroll.uuid);
  });

  test('already_sold after a sale', async () => {
    const scroll = await makeScroll(t.deps, store.account, { verified: true });
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' })).statusCode, 200);
    assert.deepEqual((await scan(scroll.qrCode)).json(), { status: 'already_sold', uuid: scroll.uuid });
  });

  test('already_sold for a scroll registered straight to an owner', async () => {
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account, { owner_uuid: buyer.uuid, verified: true });
    assert.equal((await scan(scroll.qrCode)).json().status, 'already_sold');
  });
});

describe('404 not_found', () => {
  test('an unverified scroll does not resolve until verified', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const res = await scan(scroll.qrCode);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { status: 'not_found' });
    await verifyScroll(t.deps, scroll.uuid);
    assert.equal((await scan(scroll.qrCode)).statusCode, 200);
  });

  for (const code of ['ZZZZZZZZZZZZ', 'short', 'not a code at all, far too long for any sticker']) {
    test(`unknown code "${code}"`, async () => {
      const res = await scan(code);
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { status: 'not_found' });
    });
  }
});

describe('one rule with the QR page', () => {
  test('scan-qrcode (one statement) and the QR page\'s look-up agree on every state of a sticker', async () => {
    const found = await makeScroll(t.deps, store.account, { verified: true });
    const sold = await makeScroll(t.deps, store.account, { owner_uuid: (await makeBuyer(t.deps)).uuid, verified: true });
    const awaiting = await makeScroll(t.deps, store.account);
    for (const code of [found.qrCode, found.qrCode.toLowerCase(), sold.qrCode, awaiting.qrCode, 'ZZZZZZZZZZZZ', 'short']) {
      const page = await lookUpScannedScroll(t.deps, code);
      const api = await scan(code);
      if (page.ok) assert.deepEqual(api.json(), { status: page.value.status, uuid: page.value.scroll.uuid }, code);
      else assert.equal(api.statusCode, 404, code);
    }
  });
});
