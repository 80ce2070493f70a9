import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeKeyFor, makeMegiah, makeStore, type TestStore } from '../support/factories.ts';
import { apiEndpoints, concretePath, specEndpoints, type SpecEndpoint } from '../support/endpoints.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const call = (t: TestApp, endpoint: SpecEndpoint, options: { key?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: endpoint.method,
    url: concretePath(endpoint),
    remoteAddress: options.ip ?? '198.51.100.7',
    headers: { ...(options.key === undefined ? {} : { 'x-api-key': options.key }), ...options.headers },
  });

describe('429 on every endpoint, at exactly the spec limit', () => {
  let t: TestApp;
  let store: TestStore;
  before(async () => {
    t = await createTestApp({ rateLimitScale: 1 });
    store = await makeStore(t.deps, { agent: true });
  });
  after(() => t.close());

  for (const endpoint of apiEndpoints) {
    test(`${endpoint.method} ${endpoint.path}: ${endpoint.perMinute}/min per ${endpoint.per}`, async () => {
      const key = endpoint.per === 'key' ? store.key : undefined;
      for (let i = 1; i <= endpoint.perMinute; i++) {
        const res = await call(t, endpoint, { key });
        assert.notEqual(res.statusCode, 429, `request ${i} of ${endpoint.perMinute} was limited`);
        assert.equal(res.headers['x-ratelimit-limit'], String(endpoint.perMinute));
      }
      const limited = await call(t, endpoint, { key });
      assert.equal(limited.statusCode, 429);
      assert.deepEqual(limited.json(), { error: 'rate_limit_exceeded' });
      const retryAfter = Number(limited.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);

      // The bucket is this caller's alone: another key (or IP) still gets through.
      const other = endpoint.per === 'key' ? { key: (await makeStore(t.deps)).key } : { ip: '203.0.113.9' };
      assert.notEqual((await call(t, endpoint, other)).statusCode, 429);

      // And the window ends.
      t.clock.advance(retryAfter * 1000);
      assert.notEqual((await call(t, endpoint, { key })).statusCode, 429);
    });
  }

  test('Retry-After counts down with the window', async () => {
    const credits = specEndpoints.find((e) => e.path.endsWith('/credits')) as SpecEndpoint;
    const fresh = await makeStore(t.deps);
    for (let i = 0; i < 60; i++) await call(t, credits, { key: fresh.key });
    t.clock.advance(45_000);
    assert.equal((await call(t, credits, { key: fresh.key })).headers['retry-after'], '15');
  });

  test('requests without a key are limited per IP on store endpoints, and answered 401 until the failed-key limit', async () => {
    const inventory = specEndpoints.find((e) => e.path.endsWith('/inventory')) as SpecEndpoint;
    for (let i = 0; i < 30; i++) assert.equal((await call(t, inventory, { ip: '192.0.2.50' })).statusCode, 401);
    assert.equal((await call(t, inventory, { ip: '192.0.2.50' })).statusCode, 429);
  });

  test('keys that fail authentication count per IP over every store endpoint, whatever key is tried: past 30 a minute, the IP gets 429 until the window ends, a valid key included', async () => {
    const [inventory, credits] = ['/inventory', '/credits'].map((tail) => specEndpoints.find((e) => e.path.endsWith(tail)) as SpecEndpoint);
    const ip = '192.0.2.77';
    // 30 different wrong keys (and no key at all), spread over two endpoints: each
    // key's own bucket sees one request, so only the per-IP count can stop them.
    for (let i = 0; i < 30; i++) {
      const key = i % 10 === 9 ? undefined : `mzr_guess${i}`;
      const res = await call(t, i % 2 ? inventory : credits, { ip, key });
      assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    const refused = await call(t, inventory, { ip, key: 'mzr_guess30' });
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: 'rate_limit_exceeded' });
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    // The store's own key from that IP waits too (the headers giving the
    // failed-key limit, not the endpoint's); from another IP it is served.
    const valid = await call(t, credits, { ip, key: store.key });
    assert.equal(valid.statusCode, 429);
    assert.deepEqual(
      ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'].map((h) => valid.headers[h]),
      ['30', '0', valid.headers['retry-after'], valid.headers['retry-after']],
    );
    assert.equal((await call(t, credits, { ip: '192.0.2.78', key: store.key })).statusCode, 200);
    t.clock.advance(retryAfter * 1000);
    assert.equal((await call(t, credits, { ip, key: store.key })).statusCode, 200);
  });

  test("a valid key of an account that is not a store (403) is not a failed key", async () => {
    const inventory = specEndpoints.find((e) => e.path.endsWith('/inventory')) as SpecEndpoint;
    const megiahKey = await makeKeyFor(t.deps, await makeMegiah(t.deps));
    for (let i = 0; i < 40; i++) assert.equal((await call(t, inventory, { ip: '192.0.2.90', key: megiahKey })).statusCode, 403, `request ${i + 1}`);
  });
});

describe('RATE_LIMIT_SCALE', () => {
  test('multiplies every limit', async () => {
    const t = await createTestApp({ rateLimitScale: 2.5 });
    try {
      const store = await makeStore(t.deps);
      const scan = specEndpoints.find((e) => e.path.includes('scan-qrcode')) as SpecEndpoint;
      for (let i = 0; i < 75; i++) assert.notEqual((await call(t, scan)).statusCode, 429);
      assert.equal((await call(t, scan)).statusCode, 429);
      const credits = specEndpoints.find((e) => e.path.endsWith('/credits')) as SpecEndpoint;
      const first = await call(t, credits, { key: store.key });
      assert.equal(first.headers['x-ratelimit-limit'], '150');
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const scan = specEndpoints.find((e) => e.path.includes('scan-qrcode')) as SpecEndpoint;

  test('X-Forwarded-For is ignored by default: a client cannot pick its own bucket', async () => {
    const t = await createTestApp({ rateLimitScale: 1 });
    try {
      for (let i = 0; i < 30; i++) {
        await call(t, scan, { ip: '198.51.100.20', headers: { 'x-forwarded-for': `10.9.0.${i}` } });
      }
      const res = await call(t, scan, { ip: '198.51.100.20', headers: { 'x-forwarded-for': '10.9.1.1' } });
      assert.equal(res.statusCode, 429);
    } finally {
      await t.close();
    }
  });

  test('behind a listed proxy, each forwarded client has its own bucket; an unlisted peer is not believed', async () => {
    const t = await createTestApp({ rateLimitScale: 1, trustProxy: ['10.0.0.1'] });
    try {
      for (let i = 0; i < 30; i++) await call(t, scan, { ip: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.1' } });
      assert.equal((await call(t, scan, { ip: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.1' } })).statusCode, 429);
      assert.notEqual((await call(t, scan, { ip: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.2' } })).statusCode, 429);

      for (let i = 0; i < 30; i++) await call(t, scan, { ip: '10.0.0.2', headers: { 'x-forwarded-for': `203.0.113.${100 + i}` } });
      assert.equal((await call(t, scan, { ip: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.250' } })).statusCode, 429);
    } finally {
      await t.close();
    }
  });
});
