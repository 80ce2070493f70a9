import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('/healthz and /readyz', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  test('200: alive, and ready while the database answers', async () => {
    assert.deepEqual((await get('/healthz')).json(), { status: 'ok' });
    const ready = await get('/readyz');
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { status: 'ready', database: 'ok', rate_limits: 'local', indexed_scrolls: 0 });
  });

  test('503 while draining, so a load balancer stops sending new requests; still alive', async () => {
    const lifecycle = t.deps.lifecycle as { draining: boolean };
    lifecycle.draining = true;
    try {
      const ready = await get('/readyz');
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.json().reason, 'draining');
      assert.equal((await get('/healthz')).statusCode, 200);
    } finally {
      lifecycle.draining = false;
    }
  });

  test('503 when the database does not answer', async () => {
    const other = await createTestApp();
    try {
      await other.db.close();
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 503);
      assert.deepEqual(ready.json(), { status: 'not_ready', reason: 'database unreachable', database: 'unreachable', rate_limits: 'local' });
    } finally {
      await other.close();
    }
  });
});
