import assert from 'node:assert/strict';
import sharp from 'sharp';
import { after, before, describe, test } from 'node:test';
import { makeMegiah, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps);
});
after(() => t.close());

describe('GET sofers-megiahs', () => {
  let sofers: string[];
  let megiahs: string[];
  before(async () => {
    sofers = [];
    megiahs = [];
    for (let i = 0; i < 3; i++) sofers.push((await makeSofer(t.deps)).uuid);
    for (let i = 0; i < 2; i++) megiahs.push((await makeMegiah(t.deps)).uuid);
    await makeSofer(t.deps, { confirmed: false });
    await makeMegiah(t.deps, { confirmed: false });
  });

  test('only confirmed sofers and megiahs, both roles by default', async () => {
    const body = (await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs')).json();
    assert.equal(body.total, 5);
    assert.deepEqual(
      body.sofers_megiahs.map((e: { uuid: string }) => e.uuid),
      [...sofers, ...megiahs],
    );
  });

  test('filtered by role, paginated', async () => {
    const body = (await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs?role=sofer&per_page=2&page=1')).json();
    assert.deepEqual([body.total, body.page, body.per_page], [3, 1, 2]);
    assert.deepEqual(body.sofers_megiahs.map((e: { uuid: string }) => e.uuid), [sofers[2]]);
    const onlyMegiahs = (await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs?role=megiah')).json();
    assert.ok(onlyMegiahs.sofers_megiahs.every((e: { role: string }) => e.role === 'megiah'));
  });

  test('400 for an unknown role and for per_page over 100', async () => {
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs?role=rabbi')).statusCode, 400);
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs?role=')).statusCode, 400, 'an empty role is not "both"');
    const res = await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs?per_page=101');
    assert.equal(res.statusCode, 400);
    assert.match(res.json().msg, /per_page/);
  });
});

describe('GET sofers-megiahs/lookup', () => {
  test('200: every field of a directory entry, by email case-insensitively', async () => {
    const megiah = await makeMegiah(t.deps, {
      username: 'Yosef Levi',
      email: 'Yosef.Levi@Example.test',
      megiahType: 'senior',
      company: 'Vaad Stam',
      country: 'Israel',
      state: 'Center',
      city: 'Petah Tikva',
      avatar: await scrollPhoto(),
      diploma: new TextEncoder().encode('%PDF-1.4 diploma'),
    });
    const res = await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs/lookup?email=yosef.levi@example.TEST');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual({ ...body, avatar: undefined, diploma_url: undefined }, {
      uuid: megiah.uuid,
      username: 'Yosef Levi',
      email: 'Yosef.Levi@Example.test',
      role: 'megiah',
      megiah_type: 'senior',
      company: 'Vaad Stam',
      avatar: undefined,
      diploma_url: undefined,
      country: 'Israel',
      state: 'Center',
      city: 'Petah Tikva',
      create_time: megiah.createdAt,
    });
    assert.match(body.avatar, /^static\/avatars\/.+\.png$/);
    assert.match(body.diploma_url, /^static\/diplomas\/.+\.pdf$/);
    assert.equal((await t.app.inject({ method: 'GET', url: `/${body.diploma_url}` })).headers['content-type'], 'application/pdf');
  });

  test('200 by username, case-insensitively; a sofer has megiah_type null', async () => {
    const sofer = await makeSofer(t.deps, { username: 'Moshe Katz' });
    const body = (await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs/lookup?username=moshe%20KATZ')).json();
    assert.equal(body.uuid, sofer.uuid);
    assert.equal(body.megiah_type, null);
    assert.equal(body.company, null);
    // No avatar uploaded: a placeholder image, still a relative path (spec §2.7).
    assert.equal(body.avatar, 'static/defaults/avatar.png');
    const placeholder = await t.app.inject({ method: 'GET', url: `/${body.avatar}` });
    assert.equal(placeholder.statusCode, 200);
    assert.equal(placeholder.headers['content-type'], 'image/png');
    assert.equal((await sharp(placeholder.rawPayload).metadata()).width, 256);
    assert.equal(body.diploma_url, '');
  });

  test('404 when nothing matches, including unconfirmed practitioners and non-practitioners', async () => {
    const hidden = await makeSofer(t.deps, { confirmed: false });
    for (const query of [`email=${encodeURIComponent(hidden.email)}`, `email=${encodeURIComponent(store.account.email)}`, 'username=nobody']) {
      const res = await storeGet(t.app, store.key, `/api/v1/store/sofers-megiahs/lookup?${query}`);
      assert.equal(res.statusCode, 404, query);
      assert.deepEqual(Object.keys(res.json()), ['msg']);
    }
  });

  test('400 {msg} when neither email nor username is given', async () => {
    const res = await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs/lookup');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });

  test('with both email and username, the username is ignored: the entry is looked up by its email', async () => {
    const byEmail = await makeSofer(t.deps, { username: 'Both Email' });
    const other = await makeSofer(t.deps, { username: 'Both Username' });
    const found = await storeGet(t.app, store.key, `/api/v1/store/sofers-megiahs/lookup?email=${encodeURIComponent(byEmail.email)}&username=${encodeURIComponent(other.username)}`);
    assert.equal(found.statusCode, 200);
    assert.equal(found.json().uuid, byEmail.uuid);
    // An email that matches nobody is 404, whatever the username would have found.
    const missing = await storeGet(t.app, store.key, `/api/v1/store/sofers-megiahs/lookup?email=nobody@example.test&username=${encodeURIComponent(other.username)}`);
    assert.equal(missing.statusCode, 404);
  });
});
