// GET /metrics: Prometheus' text format for an operator's scraper, beside the
// health probes: requests by declared route and status, the engine's queue, the
// index, where rate limits are counted, the database's connections, the
// process; not rate limited; behind METRICS_TOKEN when one is set.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMetrics } from '../../src/metrics/metrics.ts';
import { makeScroll, makeStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The value of the sample `name{labels}` in a scrape, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter((part) => part !== '');
    if (wanted.every((label) => present.includes(label)) && present.length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

describe('an open /metrics (no METRICS_TOKEN)', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp({ rateLimitScale: 0.05 });
    const store = await makeStore(t.deps, { credits: 2 });
    key = store.key;
    await makeScroll(t.deps, store.account);
  });
  after(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    return response;
  };

  test('is Prometheus\' text format, never cached, and outside the API\'s document', async () => {
    const response = await scrape();
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(response.body, /^# HELP http_request_duration_seconds /m);
    assert.match(response.body, /^process_cpu_seconds_total /m, 'the process\'s own metrics');
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    assert.equal(document.paths['/metrics'], undefined);
  });

  test('counts requests by method, declared route and status, never by the URL sent', async () => {
    const count = async (route: string, status: number) => sample((await scrape()).body, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: String(status) }) ?? 0;
    const before = await count('/api/v1/store/mezuzah/:uuid', 404);
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/store/mezuzah/00000000-0000-4000-8000-00000000000${i}`, headers: { 'x-api-key': key } });
      assert.equal(response.statusCode, 404);
    }
    assert.equal(await count('/api/v1/store/mezuzah/:uuid', 404), before + 3);
    const unmatchedBefore = await count('unmatched', 404);
    await t.app.inject({ method: 'GET', url: '/no/such/path/secret-looking-123' });
    const text = (await scrape()).body;
    assert.equal(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' }), unmatchedBefore + 1);
    assert.doesNotMatch(text, /secret-looking-123/);
    assert.ok((sample(text, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/v1/store/mezuzah/:uuid', status_code: '404', le: '+Inf' }) ?? 0) >= 3);
  });

  test('reads the node\'s state at each scrape: index, engine, rate-limit counting, database connections', async () => {
    const text = (await scrape()).body;
    assert.equal(sample(text, 'mezuzah_index_scrolls'), t.deps.engine.indexedCount);
    assert.equal(sample(text, 'mezuzah_engine_queue_depth'), 0);
    assert.equal(sample(text, 'mezuzah_engine_workers'), t.deps.engine.load.workers);
    assert.equal(sample(text, 'mezuzah_rate_limit_store_mode', { mode: 'local' }), 1);
    assert.equal(sample(text, 'mezuzah_rate_limit_store_mode', { mode: 'shared' }), 0);
    assert.equal(sample(text, 'mezuzah_rate_limit_store_mode', { mode: 'degraded' }), 0);
    const size = sample(text, 'mezuzah_db_connections', { pool: 'queries', state: 'size' });
    assert.ok(size !== undefined && size >= 1, `the query pool's size (${size})`);
    assert.equal(sample(text, 'mezuzah_db_connections', { pool: 'queries', state: 'waiting' }), 0);
    await t.deps.indexSync.catchUp();
    const lag = sample((await scrape()).body, 'mezuzah_index_refresh_lag_seconds');
    assert.ok(lag !== undefined && lag >= 0 && lag < 5, `the lag after a catch-up (${lag} s)`);
  });

  test('is not rate limited: a scraper is never refused', async () => {
    // At this scale the tightest limits allow a request or two a minute.
    for (let i = 0; i < 30; i++) await scrape();
  });
});

describe('/metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'Zq8-metrics-token-4Lp';
  before(async () => {
    t = await createTestApp({ metricsToken: token });
  });
  after(() => t.close());

  for (const [what, authorization] of [
    ['no token', undefined],
    ['a wrong token', 'Bearer Zq8-metrics-token-4Lq'],
    ['the token not as a bearer token', token],
    ['a prefix of the token', 'Bearer Zq8-metrics'],
  ] as const) {
    test(`${what}: 401, with the API's error body and how to authenticate`, async () => {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      assert.equal(response.statusCode, 401);
      assert.equal(response.headers['www-authenticate'], 'Bearer realm="metrics"');
      assert.match(response.json().msg, /METRICS_TOKEN/);
      assert.doesNotMatch(response.body, /http_request_duration_seconds/);
    });
  }

  test('the token: the metrics', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /^# TYPE mezuzah_engine_queue_depth gauge/m);
  });
});

describe('the engine\'s reports', () => {
  test('each photo\'s wait, and its time on a worker by task and outcome; refusals counted as busy', async () => {
    const metrics = createMetrics();
    metrics.engineObserver.started(0);
    metrics.engineObserver.started(1500);
    metrics.engineObserver.finished('analyze', 'scroll', 800);
    metrics.engineObserver.finished('text', 'invalid', 2500);
    metrics.engineObserver.finished('analyze', 'busy', 0);
    const text = await metrics.registry.metrics();
    assert.equal(sample(text, 'mezuzah_engine_queue_wait_seconds_count'), 2);
    assert.equal(sample(text, 'mezuzah_engine_queue_wait_seconds_sum'), 1.5);
    assert.equal(sample(text, 'mezuzah_photo_analysis_seconds_sum', { task: 'analyze', outcome: 'scroll' }), 0.8);
    assert.equal(sample(text, 'mezuzah_photo_analysis_seconds_bucket', { task: 'text', outcome: 'invalid', le: '2' }), 0);
    assert.equal(sample(text, 'mezuzah_photo_analysis_seconds_bucket', { task: 'text', outcome: 'invalid', le: '4' }), 1);
    assert.equal(sample(text, 'mezuzah_photo_analysis_seconds_count', { task: 'analyze', outcome: 'busy' }), 1);
  });

  test('the index\'s lag is NaN until a first catch-up, not a made-up 0; the rest as the sources say', async () => {
    const metrics = createMetrics();
    let since: number | null = null;
    metrics.watch({
      engine: { load: { workers: 2, running: 1, queued: 3 }, indexedCount: 7 },
      indexSync: { sinceCaughtUpMs: () => since },
      rateLimitMode: () => 'degraded',
      connectionUse: () => [{ pool: 'queries', size: 10, inUse: 4, waiting: 2 }, { pool: 'locks', size: 4, inUse: 1, waiting: 0 }],
    });
    let text = await metrics.registry.metrics();
    assert.ok(Number.isNaN(sample(text, 'mezuzah_index_refresh_lag_seconds')));
    assert.equal(sample(text, 'mezuzah_engine_workers_busy'), 1);
    assert.equal(sample(text, 'mezuzah_engine_queue_depth'), 3);
    assert.equal(sample(text, 'mezuzah_rate_limit_store_mode', { mode: 'degraded' }), 1);
    assert.equal(sample(text, 'mezuzah_db_connections', { pool: 'queries', state: 'in_use' }), 4);
    assert.equal(sample(text, 'mezuzah_db_connections', { pool: 'locks', state: 'size' }), 4);
    since = 2500;
    text = await metrics.registry.metrics();
    assert.equal(sample(text, 'mezuzah_index_refresh_lag_seconds'), 2.5);
  });
});
