// CORS: a shop's page in a browser may call the public operations (any
// origin, or the listed ones), with a preflight; it may never call a store or
// megiah operation, which carries an API key.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeStore, type TestStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SHOP = 'https://shop.example';

const preflight = (t: TestApp, url: string, origin = SHOP, method = 'POST', headers = '') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, ...(headers === '' ? {} : { 'access-control-request-headers': headers }) },
  });

describe('any origin (the default)', () => {
  let t: TestApp;
  let store: TestStore;
  before(async () => {
    t = await createTestApp({ rateLimitScale: 1 });
    store = await makeStore(t.deps);
  });
  after(() => t.close());

  test('a public operation answers the preflight: its methods, Content-Type, cached for two hours', async () => {
    const res = await preflight(t, '/api/v1/public/check-mezuzah', SHOP, 'POST', 'content-type');
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['access-control-allow-methods'], 'GET, POST');
    assert.equal(res.headers['access-control-allow-headers'], 'Content-Type');
    assert.equal(res.headers['access-control-max-age'], '7200');
    assert.equal(res.headers['access-control-allow-credentials'], undefined);
  });

  test('a public answer lets the page read it, and its rate-limit headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/scan-qrcode/7K3M9QX2PD4T', headers: { origin: SHOP } });
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    const exposed = String(res.headers['access-control-expose-headers']).split(', ');
    assert.deepEqual(exposed.sort(), ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);
  });

  test('a 429 on a public operation is readable by the page too, so it can wait', async () => {
    let res;
    for (let i = 0; i <= 30; i += 1) res = await t.app.inject({ method: 'GET', url: '/api/v1/public/scan-qrcode/NOPE', headers: { origin: SHOP } });
    assert.equal(res!.statusCode, 429);
    assert.equal(res!.headers['access-control-allow-origin'], '*');
  });

  test('the OpenAPI document may be read by a page elsewhere; the reference page is not opened to other origins', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { origin: SHOP } });
    assert.equal(document.headers['access-control-allow-origin'], '*');
    const queried = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json?v=1', headers: { origin: SHOP } });
    assert.equal(queried.statusCode, 200);
    assert.equal(queried.headers['access-control-allow-origin'], '*', 'the document with a query string');
    const longer = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.jsonp', headers: { origin: SHOP } });
    assert.equal(longer.headers['access-control-allow-origin'], undefined, 'a path that only begins like the document');
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs', headers: { origin: SHOP } });
    assert.equal(page.headers['access-control-allow-origin'], undefined);
  });

  test('store and megiah operations answer no preflight and carry no CORS header, key or not', async () => {
    for (const url of ['/api/v1/store/credits', '/api/v1/store/sell-mezuzah/x', '/api/v1/megiah/verify-mezuzah/x']) {
      const res = await preflight(t, url, SHOP, 'GET', 'x-api-key');
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.headers['access-control-allow-origin'], undefined, url);
    }
    const credits = await t.app.inject({ method: 'GET', url: '/api/v1/store/credits', headers: { origin: SHOP, 'x-api-key': store.key } });
    assert.equal(credits.statusCode, 200);
    assert.equal(credits.headers['access-control-allow-origin'], undefined);
  });

  test('a page may not send an API key to a public operation either', async () => {
    const res = await preflight(t, '/api/v1/public/check-mezuzah', SHOP, 'POST', 'x-api-key');
    assert.equal(res.headers['access-control-allow-headers'], 'Content-Type');
  });

  test('portal pages carry no CORS header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sign-in', headers: { origin: SHOP } });
    assert.equal(res.headers['access-control-allow-origin'], undefined);
  });
});

describe('listed origins (CORS_ORIGINS)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ corsOrigins: [SHOP, 'http://localhost:8080'] });
  });
  after(() => t.close());

  test('a listed origin is named back, and caches are told the answer varies by origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/scan-qrcode/NOPE', headers: { origin: 'http://localhost:8080' } });
    assert.equal(res.headers['access-control-allow-origin'], 'http://localhost:8080');
    assert.match(String(res.headers.vary), /Origin/);
    const ok = await preflight(t, '/api/v1/public/compare-mezuzot', SHOP);
    assert.equal(ok.statusCode, 204);
    assert.equal(ok.headers['access-control-allow-origin'], SHOP);
  });

  test('another origin gets no permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/scan-qrcode/NOPE', headers: { origin: 'https://elsewhere.example' } });
    assert.equal(res.headers['access-control-allow-origin'], undefined);
    const refused = await preflight(t, '/api/v1/public/check-mezuzah', 'https://elsewhere.example');
    assert.equal(refused.headers['access-control-allow-origin'], undefined);
  });
});
