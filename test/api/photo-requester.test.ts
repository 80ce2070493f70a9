import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeMegiah, makeSofer, makeStore, makeKeyFor, type TestStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { postForm, register } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The engine queues photos per requester (src/engine/pool.ts), so one client's
// unreadable photos cannot hold every worker while another's wait. Which
// requester a photo is said to come from is the HTTP layer's and the domain's
// part, checked here against the test engine's record.
let t: TestApp;
let store: TestStore;

before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 5 });
});
after(() => t.close());

/** The requesters of the photos handed to the engine while `work` ran. */
async function requestersOf(work: () => Promise<{ statusCode: number }>): Promise<string[]> {
  const before = t.engine.requesters.length;
  const res = await work();
  assert.ok(res.statusCode < 500, `status ${res.statusCode}`);
  return t.engine.requesters.slice(before);
}

describe('whose photo the engine is told it is', () => {
  test('check-mezuzah: the caller IP address', async () => {
    const photo = await scrollPhoto();
    const got = await requestersOf(() => postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: photo } }, {}, '198.51.100.7'));
    assert.deepEqual(got, ['ip:198.51.100.7']);
  });

  test('compare-mezuzot: both photos the caller IP address', async () => {
    const [a, b] = [await scrollPhoto(), await scrollPhoto()];
    const got = await requestersOf(() =>
      postForm(t.app, '/api/v1/public/compare-mezuzot', { image1: { data: a }, image2: { data: b } }, {}, '203.0.113.9'),
    );
    assert.deepEqual(got, ['ip:203.0.113.9', 'ip:203.0.113.9']);
  });

  test('register-mezuzah: the store, the same whichever of its keys it uses', async () => {
    const [sofer, megiah] = [await makeSofer(t.deps), await makeMegiah(t.deps)];
    const secondKey = await makeKeyFor(t.deps, store.account);
    const first = await requestersOf(() => register(t.app, store.key, { photo: Uint8Array.of(), sofer: sofer.uuid, megiah: megiah.uuid }));
    // An empty upload is refused before the engine sees it.
    assert.deepEqual(first, []);
    const got = [
      ...(await requestersOf(async () => register(t.app, store.key, { photo: await scrollPhoto(), sofer: sofer.uuid, megiah: megiah.uuid }))),
      ...(await requestersOf(async () => register(t.app, secondKey, { photo: await scrollPhoto(), sofer: sofer.uuid, megiah: megiah.uuid }))),
    ];
    assert.deepEqual(got, [`store:${store.account.uuid}`, `store:${store.account.uuid}`]);
  });
});
