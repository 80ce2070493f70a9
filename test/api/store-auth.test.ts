import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API_KEY_CACHE_TTL_MS } from '../../src/domain/api-key-cache.ts';
import { setAgent } from '../../src/domain/manage-accounts.ts';
import { revokeApiKey } from '../../src/domain/manage-api-keys.ts';
import { hashApiKey } from '../../src/domain/identifiers.ts';
import { makeAccount, makeKeyFor, makeStore } from '../support/factories.ts';
import { concretePath, extensionEndpoints, specEndpoints } from '../support/endpoints.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const storeEndpoints = [...specEndpoints.filter((e) => e.per === 'key'), ...extensionEndpoints.filter((e) => e.auth === 'store')];

function call(method: 'GET' | 'POST' | 'DELETE', url: string, key?: string) {
  return t.app.inject({ method, url, headers: key === undefined ? {} : { 'x-api-key': key } });
}

describe('401', () => {
  for (const endpoint of storeEndpoints) {
    test(`${endpoint.method} ${endpoint.path}: missing or unknown key`, async () => {
      for (const key of [undefined, '', 'mzr_not-a-real-key']) {
        const res = await call(endpoint.method, concretePath(endpoint), key);
        assert.equal(res.statusCode, 401, String(key));
        assert.equal(res.json().status, 'unauthorized');
        assert.equal(typeof res.json().msg, 'string');
      }
    });
  }

  test('a revoked key stops working at once', async () => {
    const store = await makeStore(t.deps);
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/credits')).statusCode, 200);
    const key = await t.db.apiKeys.findActiveByHash(hashApiKey(store.key));
    assert.ok(key);
    assert.equal((await revokeApiKey(t.deps, key.publicId)).ok, true);
    const res = await storeGet(t.app, store.key, '/api/v1/store/credits');
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().status, 'unauthorized');
  });

  test('a key revoked elsewhere (another node, the CLI) stops working within the cache\'s time to live; read but once meanwhile', async () => {
    const store = await makeStore(t.deps);
    const started = t.clock.now().toISOString();
    let reads = 0;
    const find = t.db.apiKeys.findActiveByHash;
    t.db.apiKeys.findActiveByHash = (hash) => {
      reads += 1;
      return find(hash);
    };
    try {
      for (let i = 0; i < 5; i += 1) assert.equal((await storeGet(t.app, store.key, '/api/v1/store/credits')).statusCode, 200);
      assert.equal(reads, 1, 'one read for five requests');
      const [key] = await t.db.apiKeys.listByAccount(store.account.id);
      await t.db.apiKeys.revoke(key.publicId, '2025-03-01 10:00:00');
      assert.equal((await storeGet(t.app, store.key, '/api/v1/store/credits')).statusCode, 200, 'still trusted, for a moment');
      t.clock.advance(API_KEY_CACHE_TTL_MS);
      assert.equal((await storeGet(t.app, store.key, '/api/v1/store/credits')).statusCode, 401);
    } finally {
      t.db.apiKeys.findActiveByHash = find;
      t.clock.set(started);
    }
  });

  test('a store made an agent, or no longer one, is so at its next request', async () => {
    const store = await makeStore(t.deps, { agent: false });
    const admin = await makeAccount(t.deps, { role: 'admin' });
    const register = () => t.app.inject({ method: 'POST', url: '/api/v1/store/register-mezuzah', headers: { 'x-api-key': store.key } });
    assert.equal((await register()).statusCode, 403);
    assert.ok((await setAgent(t.deps, admin, store.account.uuid, true)).ok);
    assert.equal((await register()).statusCode, 400, 'an agent now: the empty form is refused, not the account');
  });

  test('public endpoints need no key', async () => {
    const res = await call('GET', '/api/v1/public/scan-qrcode/ZZZZZZZZZZZZ');
    assert.equal(res.statusCode, 404);
  });
});

describe('403', () => {
  for (const role of ['user', 'sofer', 'megiah', 'admin']) {
    test(`a ${role} account's key on every store endpoint: msg only`, async () => {
      const account = await makeAccount(t.deps, { role });
      const key = await makeKeyFor(t.deps, account);
      for (const endpoint of storeEndpoints) {
        const res = await call(endpoint.method, concretePath(endpoint), key);
        assert.equal(res.statusCode, 403, endpoint.path);
        assert.deepEqual(Object.keys(res.json()), ['msg']);
      }
    });
  }
});

describe('keys', () => {
  test('several keys per account; each is prefixed, long, stored only as a hash; last use is recorded', async () => {
    const store = await makeStore(t.deps);
    const second = await makeKeyFor(t.deps, store.account);
    assert.notEqual(second, store.key);
    for (const key of [store.key, second]) {
      assert.match(key, /^mzr_[A-Za-z0-9_-]{43}$/);
      assert.equal((await storeGet(t.app, key, '/api/v1/store/credits')).statusCode, 200);
    }
    const stored = await t.db.apiKeys.findActiveByHash(hashApiKey(second));
    assert.equal(stored?.lastUsedAt, '2025-03-01 10:00:00');
    assert.ok(!JSON.stringify(stored).includes(second));
  });

  test('last use is written at most once a minute, so authenticated reads stay reads', async () => {
    const store = await makeStore(t.deps);
    const lastUse = async () => (await t.db.apiKeys.findActiveByHash(hashApiKey(store.key)))?.lastUsedAt;
    const recordUse = t.db.apiKeys.recordUse;
    let writes = 0;
    t.db.apiKeys.recordUse = (...args) => {
      writes++;
      return recordUse(...args);
    };
    try {
      for (let i = 0; i < 3; i++) assert.equal((await storeGet(t.app, store.key, '/api/v1/store/credits')).statusCode, 200);
      assert.equal(writes, 1);
      const first = await lastUse();
      t.clock.advance(30_000);
      await storeGet(t.app, store.key, '/api/v1/store/credits');
      assert.equal(writes, 1);
      assert.equal(await lastUse(), first);
      t.clock.advance(31_000);
      await storeGet(t.app, store.key, '/api/v1/store/credits');
      assert.equal(writes, 2);
      assert.notEqual(await lastUse(), first);
    } finally {
      t.db.apiKeys.recordUse = recordUse;
    }
  });
});
