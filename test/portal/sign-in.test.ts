// Signing in and out of the portal: passwords, sessions, their cookies and
// expiry, CSRF, attempt limits, invitations and the language switch.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { inviteAccount } from '../../src/domain/invite-account.ts';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../../src/domain/sessions.ts';
import { setPassword } from '../../src/domain/set-password.ts';
import { portalBrowser, signedInBrowser, TEST_PASSWORD } from '../support/browser-session.ts';
import { makeAccount, makeMegiah, makeStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

async function storeWithPassword(): Promise<Account> {
  const { account } = await makeStore(t.deps);
  assert.ok((await setPassword(t.deps, account, TEST_PASSWORD)).ok);
  return account;
}

describe('sign-in', () => {
  test('the right password signs in: a session cookie (HttpOnly, SameSite=Lax), then the role\'s home', async () => {
    const account = await storeWithPassword();
    const browser = portalBrowser(t.app);
    const form = await browser.get('/sign-in');
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /<label for="f-email">/);
    const response = await browser.post('/sign-in', { email: account.email.toUpperCase(), password: TEST_PASSWORD });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/store');
    const cookie = response.cookies.find((c) => c.name === 'mr_session');
    assert.ok(cookie);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    assert.equal(cookie.secure, undefined, 'plain HTTP: not Secure, or the browser would drop it');
    const home = await browser.get('/store/inventory');
    assert.notEqual(home.statusCode, 303);
    assert.match((await browser.get('/settings/api-keys')).body, new RegExp(account.username));
  });

  test('a wrong password, an unknown email and an account without a password all get the same refusal', async () => {
    const account = await storeWithPassword();
    const { account: noPassword } = await makeStore(t.deps);
    const answers = [];
    for (const [email, password] of [[account.email, 'wrong password!!'], ['nobody@example.test', TEST_PASSWORD], [noPassword.email, TEST_PASSWORD]]) {
      const browser = portalBrowser(t.app);
      await browser.get('/sign-in');
      const response = await browser.post('/sign-in', { email, password });
      assert.equal(response.statusCode, 401);
      assert.equal(response.cookies.find((c) => c.name === 'mr_session'), undefined);
      answers.push(/role="alert"[^>]*>([^<]*)</.exec(response.body)?.[1]);
    }
    assert.equal(new Set(answers).size, 1, JSON.stringify(answers));
    assert.match(answers[0] ?? '', /email or the password is wrong/);
  });

  test('a form without the CSRF token, or posted from another site, is refused and signs no one in', async () => {
    const account = await storeWithPassword();
    const browser = portalBrowser(t.app);
    await browser.get('/sign-in');
    const noToken = await browser.post('/sign-in', { _csrf: '', email: account.email, password: TEST_PASSWORD });
    assert.equal(noToken.statusCode, 403);
    const crossSite = await browser.post('/sign-in', { email: account.email, password: TEST_PASSWORD }, { origin: 'https://evil.example' });
    assert.equal(crossSite.statusCode, 403);
    const fetchMetadata = await browser.post('/sign-in', { email: account.email, password: TEST_PASSWORD }, { 'sec-fetch-site': 'cross-site' });
    assert.equal(fetchMetadata.statusCode, 403);
    assert.equal(browser.cookies.has('mr_session'), false);
    // Another browser's token does not fit this browser's cookie.
    const other = portalBrowser(t.app);
    await other.get('/sign-in');
    const borrowed = await browser.post('/sign-in', { _csrf: other.csrf ?? '', email: account.email, password: TEST_PASSWORD });
    assert.equal(borrowed.statusCode, 403);
  });

  /** Posts the sign-in form from `ip` in a fresh browser; the status code. */
  async function signInFrom(ip: string, email: string, password: string): Promise<number> {
    const browser = portalBrowser(t.app, ip);
    await browser.get('/sign-in');
    return (await browser.post('/sign-in', { email, password })).statusCode;
  }

  test('wrong passwords from one address slow only that address: the owner at another still signs in', async () => {
    const account = await storeWithPassword();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await signInFrom('10.0.0.1', account.email, 'not the password'));
    assert.deepEqual(statuses, [...Array(10).fill(401), 429]);
    const browser = portalBrowser(t.app, '10.0.0.1');
    await browser.get('/sign-in');
    const refused = await browser.post('/sign-in', { email: account.email, password: TEST_PASSWORD });
    assert.equal(refused.statusCode, 429, 'the guessing address waits, even with the right password');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.match(refused.body, /Too many failed sign-in attempts/);
    assert.equal(await signInFrom('10.0.0.2', account.email, TEST_PASSWORD), 303, 'the owner, never seen here before, is not locked out');
    t.clock.advance(15 * 60_000);
    assert.equal(await signInFrom('10.0.0.1', account.email, TEST_PASSWORD), 303);
  });

  test('signing in is not a failure: an owner signing in again and again is never throttled', async () => {
    const account = await storeWithPassword();
    for (let i = 0; i < 12; i++) assert.equal(await signInFrom('10.0.2.1', account.email, TEST_PASSWORD), 303, `sign-in ${i + 1}`);
  });

  test('one address trying passwords across many accounts is limited across them', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => storeWithPassword()));
    const statuses = await Promise.all(accounts.slice(0, 3).map(async (account) => {
      const each: number[] = [];
      for (let i = 0; i < 10; i++) each.push(await signInFrom('10.0.3.1', account.email, 'not the password'));
      return each;
    }));
    assert.deepEqual(statuses.flat(), Array(30).fill(401), 'no account on its own has reached its limit');
    const fourth = accounts[3] ?? assert.fail();
    assert.equal(await signInFrom('10.0.3.1', fourth.email, 'not the password'), 429);
    assert.equal(await signInFrom('10.0.3.1', 'nobody@example.test', 'not the password'), 429, 'unknown emails alike');
    assert.equal(await signInFrom('10.0.3.2', fourth.email, TEST_PASSWORD), 303, 'another address is unaffected');
  });

  test('an attack spread over many addresses is held at the account\'s limit, except for addresses that signed in to it before', async () => {
    const account = await storeWithPassword();
    assert.equal(await signInFrom('10.0.4.1', account.email, TEST_PASSWORD), 303, 'the owner\'s usual address');
    const statuses = await Promise.all([1, 2, 3].map(async (ip) => {
      const each: number[] = [];
      for (let i = 0; i < 10; i++) each.push(await signInFrom(`10.0.5.${ip}`, account.email, 'not the password'));
      return each;
    }));
    assert.deepEqual(statuses.flat(), Array(30).fill(401));
    assert.equal(await signInFrom('10.0.5.4', account.email, 'not the password'), 429, 'a fourth attacking address gets no more guesses');
    assert.equal(await signInFrom('10.0.6.1', account.email, TEST_PASSWORD), 429, 'an address new to the account waits too');
    assert.equal(await signInFrom('10.0.4.1', account.email, TEST_PASSWORD), 303, 'the owner at a familiar address signs in');
    t.clock.advance(15 * 60_000);
    assert.equal(await signInFrom('10.0.6.1', account.email, TEST_PASSWORD), 303);
  });

  test('`next` brings the visitor back, but only to a page of this site', async () => {
    const account = await storeWithPassword();
    const browser = portalBrowser(t.app);
    const redirected = await browser.get('/settings/api-keys');
    assert.equal(redirected.statusCode, 303);
    assert.equal(redirected.headers.location, '/sign-in?next=%2Fsettings%2Fapi-keys');
    await browser.get('/sign-in?next=%2Fsettings%2Fapi-keys');
    const back = await browser.post('/sign-in', { email: account.email, password: TEST_PASSWORD, next: '/settings/api-keys' });
    assert.equal(back.headers.location, '/settings/api-keys');
    const evil = portalBrowser(t.app);
    await evil.get('/sign-in');
    const away = await evil.post('/sign-in', { email: account.email, password: TEST_PASSWORD, next: '//evil.example/' });
    assert.equal(away.headers.location, '/store');
  });

  test('over HTTPS (behind a trusted proxy) the cookie is Secure and __Host- prefixed', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const { account } = await makeStore(proxied.deps);
      await setPassword(proxied.deps, account, TEST_PASSWORD);
      const browser = portalBrowser(proxied.app);
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'registry.test' };
      await browser.get('/sign-in', https);
      const response = await browser.post('/sign-in', { email: account.email, password: TEST_PASSWORD }, https);
      assert.equal(response.statusCode, 303);
      const cookie = response.cookies.find((c) => c.name === '__Host-mr_session');
      assert.ok(cookie, JSON.stringify(response.cookies));
      assert.equal(cookie.secure, true);
      assert.equal(cookie.path, '/');
    } finally {
      await proxied.close();
    }
  });
});

describe('sessions', () => {
  test('sign-out ends the session on the server, not only the cookie', async () => {
    const { account } = await makeStore(t.deps);
    const browser = await signedInBrowser(t.app, t.deps, account);
    const stolen = browser.cookies.get('mr_session');
    await browser.get('/settings/api-keys');
    const out = await browser.post('/sign-out');
    assert.equal(out.statusCode, 303);
    assert.equal(browser.cookies.has('mr_session'), false);
    const replay = await t.app.inject({ method: 'GET', url: '/settings/api-keys', headers: { cookie: `mr_session=${stolen}` } });
    assert.equal(replay.statusCode, 303, 'the old cookie opens nothing');
  });

  test('a session ends after a working day idle, and a week after sign-in however active', async () => {
    const { account } = await makeStore(t.deps);
    const idle = await signedInBrowser(t.app, t.deps, account);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    assert.equal((await idle.get('/settings/api-keys')).statusCode, 200);
    t.clock.advance(SESSION_IDLE_MS + 60_000);
    assert.equal((await idle.get('/settings/api-keys')).statusCode, 303);

    const busy = await signedInBrowser(t.app, t.deps, account);
    const step = 6 * 3600_000;
    let elapsed = 0;
    for (; elapsed + step < SESSION_LIFETIME_MS; elapsed += step) {
      t.clock.advance(step);
      assert.equal((await busy.get('/settings/api-keys')).statusCode, 200);
    }
    t.clock.advance(SESSION_LIFETIME_MS - elapsed);
    assert.equal((await busy.get('/settings/api-keys')).statusCode, 303);
  });

  test('changing the password keeps this browser signed in and signs out every other', async () => {
    const { account } = await makeStore(t.deps);
    const here = await signedInBrowser(t.app, t.deps, account);
    const elsewhere = portalBrowser(t.app);
    await elsewhere.get('/sign-in');
    assert.equal((await elsewhere.post('/sign-in', { email: account.email, password: TEST_PASSWORD })).statusCode, 303);

    await here.get('/settings/password');
    const mismatch = await here.post('/settings/password', { current: TEST_PASSWORD, password: 'a brand new secret', repeat: 'something else!!' });
    assert.equal(mismatch.statusCode, 400);
    const wrongCurrent = await here.post('/settings/password', { current: 'not my password', password: 'a brand new secret', repeat: 'a brand new secret' });
    assert.equal(wrongCurrent.statusCode, 400);
    assert.match(wrongCurrent.body, /current password is wrong/);
    const tooShort = await here.post('/settings/password', { current: TEST_PASSWORD, password: 'short', repeat: 'short' });
    assert.equal(tooShort.statusCode, 400);
    const changed = await here.post('/settings/password', { current: TEST_PASSWORD, password: 'a brand new secret', repeat: 'a brand new secret' });
    assert.equal(changed.statusCode, 303);
    assert.match((await here.get('/settings/password')).body, /Your password has been changed/);
    assert.equal((await elsewhere.get('/settings/password')).statusCode, 303);

    const again = portalBrowser(t.app);
    await again.get('/sign-in');
    assert.equal((await again.post('/sign-in', { email: account.email, password: TEST_PASSWORD })).statusCode, 401);
    assert.equal((await again.post('/sign-in', { email: account.email, password: 'a brand new secret' })).statusCode, 303);
  });

  test('signed-in pages count per session: a browser over its limit gets the HTML 429 page, another browser at the same address does not', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const { account } = await makeStore(limited.deps);
      const busy = await signedInBrowser(limited.app, limited.deps, account);
      const other = await signedInBrowser(limited.app, limited.deps, account);
      await busy.get('/settings/api-keys');
      await other.get('/settings/api-keys');
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await busy.post('/settings/api-keys/key_unknown/revoke')).statusCode);
      assert.deepEqual(statuses, [...Array(30).fill(303), 429]);
      const refused = await busy.post('/settings/api-keys/key_unknown/revoke');
      assert.match(String(refused.headers['content-type']), /text\/html/);
      assert.match(refused.body, /Too many attempts/);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await other.post('/settings/api-keys/key_unknown/revoke')).statusCode, 303);
    } finally {
      await limited.close();
    }
  });

  test('a role\'s pages are closed to other roles', async () => {
    const megiah = await makeMegiah(t.deps);
    const browser = await signedInBrowser(t.app, t.deps, megiah);
    assert.equal((await browser.get('/settings/api-keys')).statusCode, 200);
    const buyer = await makeAccount(t.deps, { role: 'user' });
    const buyerBrowser = await signedInBrowser(t.app, t.deps, buyer);
    const refused = await buyerBrowser.get('/settings/api-keys');
    assert.equal(refused.statusCode, 403);
    assert.match(refused.body, /Not available to your account/);
  });
});

describe('invitations', () => {
  test('the link sets the password once, signs the holder in, and is then used up', async () => {
    const { account } = await makeStore(t.deps);
    const invited = await inviteAccount(t.deps, account.uuid, null);
    assert.ok(invited.ok);
    const path = new URL(invited.value.url).pathname;
    assert.ok(invited.value.url.startsWith('https://registry.test/invitation/'));

    const browser = portalBrowser(t.app);
    const form = await browser.get(path);
    assert.equal(form.statusCode, 200);
    assert.equal(form.headers['referrer-policy'], 'no-referrer');
    assert.ok(form.body.includes(account.email));
    assert.equal((await browser.post(path, { password: 'my own secret', repeat: 'my own secret!' })).statusCode, 400);
    assert.equal((await browser.post(path, { password: 'short', repeat: 'short' })).statusCode, 400);
    const accepted = await browser.post(path, { password: 'my own secret', repeat: 'my own secret' });
    assert.equal(accepted.statusCode, 303);
    assert.equal(accepted.headers.location, '/store');
    assert.equal((await browser.get('/settings/api-keys')).statusCode, 200);

    const reused = await portalBrowser(t.app).get(path);
    assert.equal(reused.statusCode, 404);
    assert.match(reused.body, /expired or was already used/);
  });

  test('the form posted as Chromium posts it from a no-referrer page (Origin: null) is accepted with its token, refused without', async () => {
    const { account } = await makeStore(t.deps);
    const invited = await inviteAccount(t.deps, account.uuid, null);
    assert.ok(invited.ok);
    const path = new URL(invited.value.url).pathname;
    const browser = portalBrowser(t.app);
    await browser.get(path);
    const forged = await browser.post(path, { _csrf: '', password: 'my own secret', repeat: 'my own secret' }, { origin: 'null' });
    assert.equal(forged.statusCode, 403);
    const crossSite = await browser.post(path, { password: 'my own secret', repeat: 'my own secret' }, { origin: 'null', 'sec-fetch-site': 'cross-site' });
    assert.equal(crossSite.statusCode, 403);
    const accepted = await browser.post(path, { password: 'my own secret', repeat: 'my own secret' }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    assert.equal(accepted.statusCode, 303);
    assert.equal(accepted.headers.location, '/store');
  });

  test('a newer link replaces the older; links expire after a week', async () => {
    const { account } = await makeStore(t.deps);
    const first = await inviteAccount(t.deps, account.uuid, null);
    const second = await inviteAccount(t.deps, account.uuid, null);
    assert.ok(first.ok && second.ok);
    assert.equal((await portalBrowser(t.app).get(new URL(first.value.url).pathname)).statusCode, 404);
    assert.equal((await portalBrowser(t.app).get(new URL(second.value.url).pathname)).statusCode, 200);
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    assert.equal((await portalBrowser(t.app).get(new URL(second.value.url).pathname)).statusCode, 404);
  });

  test('only an admin may invite', async () => {
    const { account } = await makeStore(t.deps);
    const outcome = await inviteAccount(t.deps, account.uuid, account);
    assert.equal(outcome.ok, false);
  });
});

describe('pages for people', () => {
  test('language: English by default, Hebrew (right to left) by Accept-Language or by the switch', async () => {
    const browser = portalBrowser(t.app);
    assert.match((await browser.get('/')).body, /<html lang="en" dir="ltr">/);
    assert.match((await browser.get('/', { 'accept-language': 'he-IL,he;q=0.9,en;q=0.8' })).body, /<html lang="he" dir="rtl">/);
    const switched = await browser.get('/language/he?back=%2Fcheck');
    assert.equal(switched.statusCode, 303);
    assert.equal(switched.headers.location, '/check');
    assert.match((await browser.get('/')).body, /<html lang="he" dir="rtl">[\s\S]*בדיקת מזוזה/);
    assert.equal((await browser.get('/language/he?back=https://evil.example')).statusCode, 400);
    assert.equal((await browser.get('/language/fr')).statusCode, 404);
  });

  test('security headers: a strict CSP, no framing, no caching of pages; assets cached for good', async () => {
    const page = await portalBrowser(t.app).get('/sign-in');
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'; script-src 'self'; style-src 'self'/);
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.equal(page.headers['cache-control'], 'no-store');
    const css = /href="(\/assets\/portal\.[0-9a-f]+\.css)"/.exec(page.body)?.[1];
    const js = /src="(\/assets\/portal\.[0-9a-f]+\.js)"/.exec(page.body)?.[1];
    assert.ok(css && js);
    const sheet = await t.app.inject({ method: 'GET', url: css });
    assert.equal(sheet.statusCode, 200);
    assert.match(String(sheet.headers['content-type']), /text\/css/);
    assert.match(String(sheet.headers['cache-control']), /immutable/);
    assert.equal((await t.app.inject({ method: 'GET', url: js })).statusCode, 200);
  });

  test('assets cost no session lookup, even for a signed-in browser', async () => {
    const { account } = await makeStore(t.deps);
    const browser = await signedInBrowser(t.app, t.deps, account);
    const page = await browser.get('/settings/api-keys');
    const css = /href="(\/assets\/portal\.[0-9a-f]+\.css)"/.exec(page.body)?.[1] ?? assert.fail('no style sheet link');
    const sessions = t.db.sessions;
    const findLive = sessions.findLive;
    let lookups = 0;
    sessions.findLive = (...args) => {
      lookups++;
      return findLive.apply(sessions, args);
    };
    try {
      assert.equal((await browser.get(css)).statusCode, 200);
      assert.equal(lookups, 0);
      assert.equal((await browser.get('/settings/api-keys')).statusCode, 200);
      assert.equal(lookups, 1, 'a page does look the session up');
    } finally {
      sessions.findLive = findLive;
    }
  });

  test('an unknown page is an HTML 404 for a browser and the API\'s JSON for a program', async () => {
    const page = await portalBrowser(t.app).get('/no/such/page');
    assert.equal(page.statusCode, 404);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.match(page.body, /Page not found/);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing', headers: { accept: 'text/html' } });
    assert.equal(api.statusCode, 404);
    assert.equal(api.json().status, 'not_found');
  });

  test('names from the database are escaped', async () => {
    const { account } = await makeStore(t.deps);
    const hostile = await makeAccount(t.deps, { role: 'store', username: '<img src=x onerror=alert(1)>' });
    const browser = await signedInBrowser(t.app, t.deps, hostile);
    const body = (await browser.get('/settings/api-keys')).body;
    assert.ok(!body.includes('<img src=x'));
    assert.ok(body.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(account);
  });
});
