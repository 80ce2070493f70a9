import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeBuyer, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { blankPhoto, decompressionBomb, rephotographed, scrollPhoto } from '../support/photos.ts';
import { postForm, sell } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { requestersDuring } from '../support/test-engine.ts';

let t: TestApp;
let store: TestStore;

before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 5 });
});
after(() => t.close());

const check = (image: Uint8Array) => postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: image } });

describe('200', () => {
  test('a re-photographed registered scroll: every field of the public check result', async () => {
    t.clock.set('2025-05-05T12:00:00Z');
    const scroll = await makeScroll(t.deps, store.account, { examinateddate: '2024-02-21', font: 'Ari' });
    const res = await check(await rephotographed(scroll.photo));
    assert.equal(res.statusCode, 200);
    const body = res.json();
    const soferAndMegiah = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.deepEqual(body, {
      status: 'success',
      uuid: scroll.uuid,
      preview_url: `static/previews/${scroll.uuid}.jpg`,
      create_time: '2025-05-05 12:00:00',
      examinated_time: '2024-02-21 00:00:00',
      font: 'Ari',
      owner: {
        username: store.account.username,
        lat: 31.778,
        lng: 35.235,
        country: 'Israel',
        role: 'agent',
        uuid: store.account.uuid,
      },
      sofer: soferAndMegiah?.sofer.username,
      megiah: soferAndMegiah?.megiah.username,
    });
    assert.equal((await t.app.inject({ method: 'GET', url: `/${body.preview_url}` })).statusCode, 200);
  });

  test("once sold, the owner is the buyer, whose coordinates are rounded to 2 decimals", async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const buyer = await makeBuyer(t.deps, { lat: 48.856613, lng: 2.352222 });
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: '' })).statusCode, 200);
    const owner = (await check(scroll.photo)).json().owner;
    assert.deepEqual(owner, { username: buyer.username, lat: 48.86, lng: 2.35, country: 'France', role: 'user', uuid: buyer.uuid });
  });

  test('an owner without a known location reports 0, 0', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    await sell(t.app, store.key, scroll.uuid, { buyer: { username: 'No Place', email: 'noplace@example.test' }, note: '' });
    const owner = (await check(scroll.photo)).json().owner;
    assert.equal(owner.lat, 0);
    assert.equal(owner.lng, 0);
  });
});

describe('400 not_found', () => {
  test('a readable scroll that was never registered', async () => {
    const res = await check(await scrollPhoto());
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'not_found');
    assert.equal(typeof res.json().msg, 'string');
  });
});

describe('400 invalid', () => {
  test('a photo with no readable text', async () => {
    const res = await check(await blankPhoto());
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid');
    assert.equal(typeof res.json().msg, 'string');
  });
});

describe('400 invalid_request', () => {
  test('a file that is not a photo', async () => {
    const res = await check(new TextEncoder().encode('GIF89a....'));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
    assert.match(res.json().msg, /^image/);
  });

  test('a decompression bomb', async () => {
    const res = await check(decompressionBomb(12_000, 12_000));
    assert.equal(res.statusCode, 400);
    assert.match(res.json().msg, /megapixels/);
  });

  test('no image part', async () => {
    const res = await postForm(t.app, '/api/v1/public/check-mezuzah', { other: 'x' });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().msg, /image/);
  });

  test('a second file part: 400 invalid_request naming the one file the form takes', async () => {
    const res = await postForm(t.app, '/api/v1/public/check-mezuzah', {
      image: { data: await scrollPhoto() },
      extra: { data: await scrollPhoto() },
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
    assert.match(res.json().msg, /one file part each for image/);
  });
});

describe('503', () => {
  test('busy engine', async () => {
    t.engine.busy = true;
    try {
      const res = await check(await scrollPhoto());
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().status, 'busy');
      assert.ok(res.headers['retry-after']);
    } finally {
      t.engine.busy = false;
    }
  });
});

describe('whose photo the engine is told it is', () => {
  // The engine queues photos per requester (src/engine/pool.ts), so that one client's
  // unreadable photos cannot hold every worker while another's wait.
  test('the caller IP address', async () => {
    const photo = await scrollPhoto();
    const got = await requestersDuring(t.engine, () => postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: photo } }, {}, '198.51.100.7'));
    assert.deepEqual(got, ['ip:198.51.100.7']);
  });
});
