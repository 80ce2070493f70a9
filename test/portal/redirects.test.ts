// Redirects whose target a client chooses (the language switch's `back`,
// sign-in's `next`) lead only to pages of this site, whatever the encoding.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setPassword } from '../../src/domain/set-password.ts';
import { sameOriginPath } from '../../src/http/same-origin-path.ts';
import { portalBrowser, TEST_PASSWORD } from '../support/browser-session.ts';
import { makeStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

/** Targets a browser would follow off this site, or that cannot travel in a Location header. */
const CRAFTED = [
  '/\t/evil.example',
  '/\t/evil.example/phish',
  '/\n/x',
  '/\r\n/x',
  '/\u0000/x',
  '/\u007f/x',
  '//evil.example/',
  '/\\evil.example',
  '/\\/evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  'evil.example',
  '',
];

describe('sameOriginPath', () => {
  test('a path on this site comes back as the URL parser serialises it', () => {
    assert.equal(sameOriginPath('/check'), '/check');
    assert.equal(sameOriginPath('/store/scrolls/abc?page=2#top'), '/store/scrolls/abc?page=2#top');
    assert.equal(sameOriginPath('/store/../check'), '/check');
    assert.equal(sameOriginPath('/בדיקה'), '/%D7%91%D7%93%D7%99%D7%A7%D7%94');
  });

  test('anything a browser could take to another origin, or a header cannot carry, is refused', () => {
    for (const target of CRAFTED) assert.equal(sameOriginPath(target), undefined, JSON.stringify(target));
    assert.equal(sameOriginPath(undefined), undefined);
  });
});

describe('the language switch', () => {
  test('goes back to the page it was asked from', async () => {
    const switched = await portalBrowser(t.app).get('/language/he?back=%2Fstore%2Finventory%3Fpage%3D2');
    assert.equal(switched.statusCode, 303);
    assert.equal(switched.headers.location, '/store/inventory?page=2');
    assert.equal((await portalBrowser(t.app).get('/language/en')).headers.location, '/');
  });

  test('refuses a crafted `back` with the registry\'s 400 page, not a redirect and not a 500', async () => {
    for (const target of CRAFTED.filter((target) => target !== '')) {
      const response = await portalBrowser(t.app).get(`/language/en?back=${encodeURIComponent(target)}`);
      assert.equal(response.statusCode, 400, JSON.stringify(target));
      assert.equal(response.headers.location, undefined);
      assert.match(response.body, /<html lang="en"/);
    }
  });
});

describe('sign-in', () => {
  test('with a crafted `next`, the right password leads to the account\'s home, never elsewhere', async () => {
    const { account } = await makeStore(t.deps);
    assert.ok((await setPassword(t.deps, account, TEST_PASSWORD)).ok);
    for (const target of CRAFTED) {
      const browser = portalBrowser(t.app, `10.9.0.${CRAFTED.indexOf(target) + 1}`);
      const form = await browser.get(`/sign-in?next=${encodeURIComponent(target)}`);
      assert.equal(form.statusCode, 200, JSON.stringify(target));
      assert.match(form.body, /<input type="hidden" name="next" value="">/, 'the form does not carry it on');
      const signedIn = await browser.post('/sign-in', { email: account.email, password: TEST_PASSWORD, next: target });
      assert.equal(signedIn.statusCode, 303, JSON.stringify(target));
      assert.equal(signedIn.headers.location, '/store', JSON.stringify(target));
    }
  });
});
