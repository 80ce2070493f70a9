import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError, parseConfig } from '../../src/config.ts';

test('defaults: port 3000 on 127.0.0.1, SQLite in ./data, scale 1, no trusted proxy', () => {
  const config = parseConfig({});
  assert.equal(config.port, 3000);
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.dataDir, path.resolve('data'));
  assert.deepEqual(config.database, { kind: 'sqlite', file: path.resolve('data', 'registry.sqlite') });
  assert.equal(config.redisUrl, undefined);
  assert.equal(config.redisCommandTimeoutMs, 250);
  assert.equal(config.publicBaseUrl, 'http://127.0.0.1:3000');
  assert.equal(config.rateLimitScale, 1);
  assert.deepEqual(config.trustProxy, []);
});

test('values are read and checked', () => {
  const config = parseConfig({
    PORT: '8080',
    DATA_DIR: '/srv/registry',
    DATABASE_URL: 'postgres://u@db/registry',
    REDIS_URL: 'redis://cache:6379',
    REDIS_COMMAND_TIMEOUT_MS: '1000',
    PUBLIC_BASE_URL: 'https://registry.example/',
    RATE_LIMIT_SCALE: '2.5',
    TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, ::1',
    CORS_ORIGINS: 'https://shop.example, http://localhost:8080',
  });
  assert.equal(config.port, 8080);
  assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://u@db/registry' });
  assert.equal(config.redisUrl, 'redis://cache:6379');
  assert.equal(config.redisCommandTimeoutMs, 1000);
  assert.equal(config.publicBaseUrl, 'https://registry.example');
  assert.equal(config.rateLimitScale, 2.5);
  assert.deepEqual(config.trustProxy, ['10.0.0.1', '10.1.0.0/16', '::1']);
  assert.deepEqual(config.corsOrigins, ['https://shop.example', 'http://localhost:8080']);
  assert.equal(parseConfig({}).corsOrigins, '*');
  assert.equal(parseConfig({}).metricsToken, undefined);
  assert.equal(parseConfig({}).requestLogSample, 1);
  assert.equal(parseConfig({ REQUEST_LOG_SAMPLE: '0.05' }).requestLogSample, 0.05);
  assert.equal(parseConfig({ REQUEST_LOG_SAMPLE: '0' }).requestLogSample, 0);
  assert.equal(parseConfig({ METRICS_TOKEN: 'p9-Xk2vQ7_mL4wZr' }).metricsToken, 'p9-Xk2vQ7_mL4wZr');
});

test('defaults that follow other variables: the SQLite file sits in DATA_DIR, the base URL uses HOST and PORT', () => {
  const config = parseConfig({ DATA_DIR: '/srv/registry', HOST: 'registry.local', PORT: '8080' });
  assert.deepEqual(config.database, { kind: 'sqlite', file: path.resolve('/srv/registry', 'registry.sqlite') });
  assert.equal(config.publicBaseUrl, 'http://registry.local:8080');
  assert.equal(parseConfig({ HOST: '0.0.0.0' }).publicBaseUrl, 'http://127.0.0.1:3000');
  assert.equal(parseConfig({ HOST: '::1' }).publicBaseUrl, 'http://[::1]:3000');
});

for (const [variable, value] of [
  ['PORT', 'eighty'],
  ['PORT', '70000'],
  ['RATE_LIMIT_SCALE', '0'],
  ['RATE_LIMIT_SCALE', 'fast'],
  ['TRUST_PROXY', 'my-proxy.local'],
  ['TRUST_PROXY', '10.0.0.0/40'],
  ['CORS_ORIGINS', 'shop.example'],
  ['CORS_ORIGINS', 'https://shop.example/checkout'],
  ['CORS_ORIGINS', 'https://shop.example, *'],
  ['PUBLIC_BASE_URL', 'registry.example'],
  ['DATABASE_URL', 'mysql://db'],
  ['REDIS_URL', 'cache:6379'],
  ['REDIS_COMMAND_TIMEOUT_MS', '0'],
  ['LOG_LEVEL', 'loud'],
  ['REQUEST_TIMEOUT_MS', '0'],
  ['HEADERS_TIMEOUT_MS', '200000'],
  ['IDLE_TIMEOUT_MS', 'forever'],
  ['UPLOADS_PER_NODE', '0'],
  ['UPLOADS_PER_IP', '-1'],
  ['UPLOAD_MIN_BYTES_PER_SECOND', '8k'],
  ['ORPHAN_SWEEP_INTERVAL_MS', 'hourly'],
  ['METRICS_TOKEN', 'short-token'],
  ['METRICS_TOKEN', 'a token with spaces in it'],
  ['REQUEST_LOG_SAMPLE', '1.5'],
  ['REQUEST_LOG_SAMPLE', 'half'],
  ['REQUEST_LOG_SAMPLE', '1e-3'],
]) {
  test(`${variable}=${value} stops start-up with a message naming ${variable}`, () => {
    assert.throws(() => parseConfig({ [variable]: value }), (error: Error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, new RegExp(`^\\s*${variable} `, 'm'));
      return true;
    });
  });
}

test('orphan file sweeps: hourly by default, 0 turns them off on this node', () => {
  assert.equal(parseConfig({}).orphanSweepIntervalMs, 3_600_000);
  assert.equal(parseConfig({ ORPHAN_SWEEP_INTERVAL_MS: '0' }).orphanSweepIntervalMs, 0);
  assert.equal(parseConfig({ ORPHAN_SWEEP_INTERVAL_MS: '600000' }).orphanSweepIntervalMs, 600_000);
});

test('client limits: defaults, and a headers timeout may not exceed the request timeout it is part of', () => {
  const config = parseConfig({});
  assert.equal(config.headersTimeoutMs, 10_000);
  assert.equal(config.requestTimeoutMs, 120_000);
  assert.equal(config.uploadsPerNode, 16);
  assert.equal(config.uploadsPerIp, 4);
  assert.equal(parseConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '5000' }).headersTimeoutMs, 5000);
  assert.throws(() => parseConfig({ REQUEST_TIMEOUT_MS: '5000' }), /HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS \(5000\)/);
});

test('all bad variables are reported at once', () => {
  assert.throws(() => parseConfig({ PORT: 'x', RATE_LIMIT_SCALE: '-1' }), /PORT[\s\S]*RATE_LIMIT_SCALE/);
});
