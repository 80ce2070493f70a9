import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeScroll, makeStore } from '../support/factories.ts';
import { rephotographed } from '../support/photos.ts';
import { postForm } from '../support/requests.ts';
import { createTestApp } from '../support/test-app.ts';

test('a restarted service rebuilds its index from the database and still recognises every scroll', async () => {
  const first = await createTestApp();
  const store = await makeStore(first.deps);
  const scrolls = [await makeScroll(first.deps, store.account), await makeScroll(first.deps, store.account)];
  await first.stop();

  const second = await createTestApp({ reopen: first });
  try {
    assert.equal(second.engine.indexedCount, 0);
    assert.equal(await second.deps.indexSync.catchUp(), 2);
    assert.equal(await second.deps.indexSync.catchUp(), 0, 'a second catch-up finds nothing new');
    for (const scroll of scrolls) {
      const res = await postForm(second.app, '/api/v1/public/check-mezuzah', { image: { data: await rephotographed(scroll.photo) } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().uuid, scroll.uuid);
    }
  } finally {
    await second.close();
  }
});
