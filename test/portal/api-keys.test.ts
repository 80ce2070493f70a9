// Settings → API keys: a key is shown once at creation, listed by label and
// prefix, accepted by the API at once, and refused at once after revocation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { portalBrowser, signedInBrowser, TEST_PASSWORD, type PortalBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeStore } from '../support/factories.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const keyIn = (body: string) => /<code class="secret" id="new-api-key">([^<]+)<\/code>/.exec(body)?.[1];

/** Submits the form and follows its redirect, as a browser does: the page that shows the new key. */
async function createKey(browser: PortalBrowser, label: string) {
  const posted = await browser.post('/settings/api-keys', { label });
  assert.equal(posted.statusCode, 303, posted.body);
  const location = String(posted.headers.location);
  assert.match(location, /^\/settings\/api-keys\/new\/[A-Za-z0-9_-]{22}$/);
  return { location, page: await browser.get(location) };
}

test('create a key: shown once, works at once, listed without the secret; revoke: refused at once', async () => {
  const { account } = await makeStore(t.deps);
  const browser = await signedInBrowser(t.app, t.deps, account);
  const keysPage = await browser.get('/settings/api-keys');
  assert.match(keysPage.body, /<a href="\/api\/v1\/docs">Open the API reference<\/a>/, 'the page leads a developer to the reference');
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/docs' })).statusCode, 200);

  const { page: created } = await createKey(browser, 'Shop <website>');
  assert.equal(created.statusCode, 200);
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
  const key = keyIn((await createKey(browser, 'examiner phone')).page.body);
  assert.ok(key);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/megiah/verify-mezuzah/00000000-0000-4000-8000-000000000000',
    headers: { 'x-api-key': key },
  });
  assert.equal(response.statusCode, 404, 'authenticated (not 401), the scroll is unknown');
});

test('a new key is shown once: a reload, another session of the same account, or a late visit create nothing and show nothing', async () => {
  const { account } = await makeStore(t.deps);
  const browser = await signedInBrowser(t.app, t.deps, account);
  await browser.get('/settings/api-keys');
  const before = (await t.db.apiKeys.listByAccount(account.id)).length;

  // A second browser signed in to the same account (signing in again, not setting the password, which would end the first).
  const other = portalBrowser(t.app);
  await other.get('/sign-in');
  assert.equal((await other.post('/sign-in', { email: account.email, password: TEST_PASSWORD })).statusCode, 303);
  const first = await createKey(browser, 'till');
  const stolen = await other.get(first.location);
  assert.equal(stolen.statusCode, 410, 'another session cannot open it');
  assert.equal(keyIn(stolen.body), undefined);
  assert.ok(keyIn(first.page.body), 'and it did not use it up for its own browser');

  const reloaded = await browser.get(first.location);
  assert.equal(reloaded.statusCode, 410);
  assert.equal(keyIn(reloaded.body), undefined);
  assert.match(reloaded.body, /This key has been shown/);
  assert.equal((await t.db.apiKeys.listByAccount(account.id)).length, before + 1, 'one key, however often the page is loaded');

  const posted = await browser.post('/settings/api-keys', { label: 'late' });
  t.clock.advance(10 * 60_000 + 1000);
  assert.equal((await browser.get(String(posted.headers.location))).statusCode, 410, 'a key left unseen is not shown after ten minutes');
});
