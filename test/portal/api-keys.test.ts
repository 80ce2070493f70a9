// Settings → API keys: a key is shown once at creation, listed by label and
// prefix, accepted by the API at once, and refused at once after revocation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signedInBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeStore } from '../support/factories.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const keyIn = (body: string) => /<code class="secret" id="new-api-key">([^<]+)<\/code>/.exec(body)?.[1];

test('create a key: shown once, works at once, listed without the secret; revoke: refused at once', async () => {
  const { account } = await makeStore(t.deps);
  const browser = await signedInBrowser(t.app, t.deps, account);
  await browser.get('/settings/api-keys');

  const created = await browser.post('/settings/api-keys', { label: 'Shop <website>' });
  assert.equal(created.statusCode, 201);
  assert.equal(created.headers['cache-control'], 'no-store');
  const key = keyIn(created.body) ?? assert.fail(created.body);
  assert.ok(key.startsWith('mzr_'));
  assert.match(created.body, /data-copy="new-api-key"/);
  assert.ok(created.body.includes('Shop &lt;website&gt;'));

  assert.equal((await storeGet(t.app, key, '/api/v1/store/credits')).statusCode, 200);

  const list = await browser.get('/settings/api-keys');
  assert.ok(!list.body.includes(key), 'the full key is never shown again');
  assert.ok(list.body.includes(key.slice(0, 10)), 'its prefix identifies it');
  assert.ok(list.body.includes('Shop &lt;website&gt;'));
  assert.match(list.body, /Last used[\s\S]*2025-03-01 10:00 UTC/);

  const keys = await t.db.apiKeys.listByAccount(account.id);
  const id = keys.find((k) => k.label === 'Shop <website>')?.publicId;
  assert.ok(id);
  const revoked = await browser.post(`/settings/api-keys/${id}/revoke`);
  assert.equal(revoked.statusCode, 303);
  assert.match((await browser.get('/settings/api-keys')).body, /The key has been revoked[\s\S]*Revoked/);
  assert.equal((await storeGet(t.app, key, '/api/v1/store/credits')).statusCode, 401);
});

test('a label is required; another account\'s key cannot be revoked', async () => {
  const { account, key } = await makeStore(t.deps);
  const browser = await signedInBrowser(t.app, t.deps, account);
  await browser.get('/settings/api-keys');
  const unlabelled = await browser.post('/settings/api-keys', { label: '  ' });
  assert.equal(unlabelled.statusCode, 400);
  assert.match(unlabelled.body, /label is required/);

  const other = await makeStore(t.deps);
  const [otherKey] = await t.db.apiKeys.listByAccount(other.account.id);
  const attempt = await browser.post(`/settings/api-keys/${otherKey.publicId}/revoke`);
  assert.equal(attempt.statusCode, 303);
  assert.match((await browser.get('/settings/api-keys')).body, /No such key/);
  assert.equal((await storeGet(t.app, other.key, '/api/v1/store/credits')).statusCode, 200);
  assert.equal((await storeGet(t.app, key, '/api/v1/store/credits')).statusCode, 200);
});

test('without the CSRF token nothing is created or revoked', async () => {
  const { account, key } = await makeStore(t.deps);
  const browser = await signedInBrowser(t.app, t.deps, account);
  await browser.get('/settings/api-keys');
  const before = (await t.db.apiKeys.listByAccount(account.id)).length;
  assert.equal((await browser.post('/settings/api-keys', { _csrf: 'forged', label: 'x' })).statusCode, 403);
  assert.equal((await t.db.apiKeys.listByAccount(account.id)).length, before);
  const [existing] = await t.db.apiKeys.listByAccount(account.id);
  assert.equal((await browser.post(`/settings/api-keys/${existing.publicId}/revoke`, { _csrf: 'forged' })).statusCode, 403);
  assert.equal((await storeGet(t.app, key, '/api/v1/store/credits')).statusCode, 200);
});

test('a megiah manages keys too, and its new key is accepted by the megiah API', async () => {
  const megiah = await makeMegiah(t.deps);
  const browser = await signedInBrowser(t.app, t.deps, megiah);
  await browser.get('/settings/api-keys');
  const key = keyIn((await browser.post('/settings/api-keys', { label: 'examiner phone' })).body);
  assert.ok(key);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/megiah/verify-mezuzah/00000000-0000-4000-8000-000000000000',
    headers: { 'x-api-key': key },
  });
  assert.equal(response.statusCode, 404, 'authenticated (not 401), the scroll is unknown');
});
