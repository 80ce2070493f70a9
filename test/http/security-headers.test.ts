// Security headers on every kind of response: the API's JSON (and what a key
// fetched is never cached), the portal's pages, the QR page, error pages.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import helmet, { type HelmetOptions } from 'helmet';
import { helmetHeaders } from '../../src/http/security-headers.ts';
import { portalBrowser } from '../support/browser-session.ts';
import { makeStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let key: string;
before(async () => {
  t = await createTestApp();
  key = (await makeStore(t.deps, { credits: 2 })).key;
});
after(() => t.close());

type Headers = Record<string, string | string[] | number | undefined>;

function assertEverywhere(headers: Headers, what: string): void {
  assert.equal(headers['x-content-type-options'], 'nosniff', what);
  assert.equal(headers['x-frame-options'], 'DENY', what);
  assert.match(String(headers['content-security-policy']), /frame-ancestors 'none'/, what);
  assert.doesNotMatch(String(headers['content-security-policy']), /unsafe-inline|unsafe-eval/, what);
  assert.match(String(headers['strict-transport-security']), /max-age=\d+/, what);
}

describe('the API', () => {
  test('a store\'s answer: nothing to load, nothing to frame, never stored', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/store/credits', headers: { 'x-api-key': key } });
    assert.equal(response.statusCode, 200);
    assertEverywhere(response.headers, 'credits');
    assert.match(String(response.headers['content-security-policy']), /^default-src 'none'/);
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  test('a refused key, and a public error, carry the same headers', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/store/credits', headers: { 'x-api-key': 'not-a-key' } });
    assert.equal(refused.statusCode, 401);
    assertEverywhere(refused.headers, '401');
    assert.equal(refused.headers['cache-control'], 'no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/public/scan-qrcode/NOPE' });
    assertEverywhere(missing.headers, 'scan-qrcode 404');
  });

  test('public files may be shown on partners\' sites', async () => {
    const openapi = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    assert.equal(openapi.headers['cross-origin-resource-policy'], 'cross-origin');
  });
});

describe('pages for people', () => {
  test('portal pages load only this site\'s script and style, with no inline script', async () => {
    const page = await portalBrowser(t.app).get('/check');
    assertEverywhere(page.headers, '/check');
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'; style-src 'self'/);
    assert.equal(page.headers['referrer-policy'], 'same-origin');
    assert.equal(page.headers['cache-control'], 'no-store');
  });

  test('the HTML 404 page carries the portal\'s policy, so its style sheet still loads', async () => {
    const page = await portalBrowser(t.app).get('/no-such-page');
    assert.equal(page.statusCode, 404);
    assertEverywhere(page.headers, '404 page');
    assert.match(String(page.headers['content-security-policy']), /style-src 'self'/);
  });

  test('the QR page keeps its own policy (its one style block, by hash) and sends no referrer', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/q/NOPE123', headers: { accept: 'text/html' } });
    assertEverywhere(page.headers, '/q/');
    assert.match(String(page.headers['content-security-policy']), /style-src 'sha256-/);
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
  });
});

describe('helmet, run once', () => {
  /** What helmet's middleware sets on a real response, per request, as @fastify/helmet would run it. */
  async function perRequest(options: HelmetOptions): Promise<IncomingHttpHeaders> {
    const middleware = helmet(options);
    const server = createServer((req, res) => middleware(req, res, () => res.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await response.arrayBuffer();
      return Object.fromEntries(response.headers);
    } finally {
      server.close();
    }
  }

  const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

  for (const [what, options] of [
    ["the API's policy", { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"] } }, xFrameOptions: { action: 'deny' } }],
    ["helmet's defaults", {}],
    ['some turned off', { contentSecurityPolicy: false, strictTransportSecurity: false, xPoweredBy: false }],
  ] as const) {
    test(`the headers computed at start-up are the ones helmet sets on each response: ${what}`, async () => {
      const once = Object.fromEntries(Object.entries(helmetHeaders(options as HelmetOptions)).map(([name, value]) => [name.toLowerCase(), value]));
      const live = Object.fromEntries(Object.entries(await perRequest(options as HelmetOptions)).filter(([name]) => !NODE_HEADERS.has(name)));
      assert.deepEqual(once, live);
      assert.ok(Object.keys(once).length >= 8, 'helmet set its headers');
    });
  }
});
