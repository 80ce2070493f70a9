import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { test } from 'node:test';
import { loadFingerprintIndex } from '../../src/domain/load-fingerprint-index.ts';
import { makeScroll, makeStore } from '../support/factories.ts';
import { rephotographed } from '../support/photos.ts';
import { postForm } from '../support/requests.ts';
import { createTestApp } from '../support/test-app.ts';

test('a restarted service rebuilds its index from the database and still recognises every scroll', async () => {
  const first = await createTestApp();
  const store = await makeStore(first.deps);
  const scrolls = [await makeScroll(first.deps, store.account), await makeScroll(first.deps, store.account)];
  await first.app.close();
  await first.db.close();

  const second = await createTestApp({ dataDir: first.dataDir });
  try {
    assert.equal(second.engine.indexedCount, 0);
    assert.equal(await loadFingerprintIndex(second.deps), 2);
    for (const scroll of scrolls) {
      const res = await postForm(second.app, '/api/v1/public/check-mezuzah', { image: { data: await rephotographed(scroll.photo) } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().uuid, scroll.uuid);
    }
  } finally {
    await second.close();
    await rm(first.dataDir, { recursive: true, force: true });
  }
});
