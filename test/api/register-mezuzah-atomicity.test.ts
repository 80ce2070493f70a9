// A registration's files are written completely before the row naming them
// commits, and a failure at any step leaves neither files nor rows behind.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FileStorage } from '../../src/files/file-storage.ts';
import { makeMegiah, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { register, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let agent: TestStore;
let sofer: string;
let megiah: string;
/** Keys whose put fails, as a full disk or a lost shared volume would. */
const failingPrefixes = new Set<string>();

before(async () => {
  const failing = (files: FileStorage): FileStorage => ({
    ...files,
    async put(key, bytes) {
      if ([...failingPrefixes].some((prefix) => key.startsWith(prefix))) throw new Error(`ENOSPC: cannot write ${key}`);
      return files.put(key, bytes);
    },
  });
  t = await createTestApp({ wrapFiles: failing });
  agent = await makeStore(t.deps, { agent: true });
  sofer = (await makeSofer(t.deps)).uuid;
  megiah = (await makeMegiah(t.deps)).uuid;
});
after(() => t.close());

async function allFiles(): Promise<string[]> {
  try {
    return (await readdir(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}


test('a preview that cannot be written: 500, and the photo already written is removed, no row, nothing indexed', async () => {
  const filesBefore = await allFiles();
  const inventoryBefore = (await storeGet(t.app, agent.key, '/api/v1/store/inventory')).json();
  const indexedBefore = t.engine.indexedCount;
  failingPrefixes.add('public/previews/');
  try {
    const photo = await scrollPhoto();
    const res = await register(t.app, agent.key, { photo, sofer, megiah });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(Object.keys(res.json()).sort(), ['msg', 'status']);
    assert.deepEqual(await allFiles(), filesBefore);
    assert.deepEqual((await storeGet(t.app, agent.key, '/api/v1/store/inventory')).json(), inventoryBefore);
    assert.equal(t.engine.indexedCount, indexedBefore);
    assert.deepEqual((await t.db.fingerprints.page(0, 100)).items, []);

    // Nothing half-registered blocks the scroll once storage works again.
    failingPrefixes.clear();
    const retry = await register(t.app, agent.key, { photo, sofer, megiah });
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal((await allFiles()).length, filesBefore.length + 2);
  } finally {
    failingPrefixes.clear();
  }
});

test('the first file failing leaves nothing either', async () => {
  const filesBefore = await allFiles();
  failingPrefixes.add('private/photos/');
  try {
    const res = await register(t.app, agent.key, { photo: await scrollPhoto(), sofer, megiah });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(await allFiles(), filesBefore);
  } finally {
    failingPrefixes.clear();
  }
});

