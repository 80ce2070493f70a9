// GET mezuzah-text-check/{uuid}: the text check every registration writes
// pending with its scroll, as far as it has run (the runner has its own tests:
// registration-text-checks.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openDriver } from '../../src/db/open-database.ts';
import { sql } from '../../src/db/sql.ts';
import { runPendingTextChecks } from '../../src/domain/run-text-checks.ts';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { textPhoto } from '../support/photos.ts';
import { postForm, register, sell, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { WHOLE_TEXT_READ } from '../support/test-engine.ts';

let t: TestApp;
let store: TestStore;

before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { agent: true, credits: 3 });
});
after(() => t.close());

const textCheckOf = (key: string, uuid: string) => storeGet(t.app, key, `/api/v1/store/mezuzah-text-check/${uuid}`);
const PENDING = { status: 'success', state: 'pending', checked_time: null, verdict: null, findings: null, read: null, failure: null };

describe('200', () => {
  test('a registration answers before its check has run: pending, every other field null', async () => {
    const res = await register(t.app, store.key, { photo: await textPhoto([[2, 2]]), sofer: (await makeSofer(t.deps)).uuid, megiah: (await makeMegiah(t.deps)).uuid });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(t.engine.textChecksBegun, 0, 'registering runs no text check');
    const check = await textCheckOf(store.key, res.json().uuid);
    assert.equal(check.statusCode, 200);
    assert.deepEqual(check.json(), PENDING);
  });

  test('done: when, the verdict, the findings and what was read, as public/text-check answers them', async () => {
    t.clock.set('2025-06-01T08:30:00Z');
    const photo = await textPhoto([[0, 2], [15, 6]]);
    const scroll = await makeScroll(t.deps, store.account, { photo });
    t.clock.set('2025-06-01T08:30:05Z');
    assert.ok((await runPendingTextChecks(t.deps)).done >= 1);
    const res = await textCheckOf(store.key, scroll.uuid);
    assert.equal(res.statusCode, 200);
    const publicCheck = (await postForm(t.app, '/api/v1/public/text-check', { image: { data: photo } })).json();
    assert.deepEqual(res.json(), {
      status: 'success',
      state: 'done',
      checked_time: '2025-06-01 08:30:05',
      verdict: 'errors_found',
      findings: publicCheck.findings,
      read: WHOLE_TEXT_READ,
      failure: null,
    });
    assert.equal(res.json().findings.length, 2);
  });

  test('done without findings: no_errors_found', async () => {
    const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    await runPendingTextChecks(t.deps);
    const body = (await textCheckOf(store.key, scroll.uuid)).json();
    assert.equal(body.state, 'done');
    assert.equal(body.verdict, 'no_errors_found');
    assert.deepEqual(body.findings, []);
  });

  test('failed: why, and when; no verdict', async () => {
    const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    // The stored photo damaged after registration, as a bad disk might.
    await t.deps.files.put(`private/photos/${scroll.uuid}`, new TextEncoder().encode('not a photo any more'));
    await runPendingTextChecks(t.deps);
    const body = (await textCheckOf(store.key, scroll.uuid)).json();
    assert.equal(body.state, 'failed');
    assert.equal(body.checked_time, '2025-06-01 08:30:05');
    assert.match(body.failure, /^the registration photo cannot be read: /);
    assert.deepEqual([body.verdict, body.findings, body.read], [null, null, null]);
  });
});

describe('403 and 404, as mezuzah/{uuid} answers them', () => {
  const both = async (key: string, uuid: string) => {
    const [check, scroll] = await Promise.all([textCheckOf(key, uuid), storeGet(t.app, key, `/api/v1/store/mezuzah/${uuid}`)]);
    assert.deepEqual({ status: check.statusCode, body: check.json() }, { status: scroll.statusCode, body: scroll.json() });
    return check;
  };

  test("403: another store's scroll, msg only", async () => {
    const other = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    const res = await both(other.key, scroll.uuid);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });

  test('403: a scroll the store has sold', async () => {
    const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' })).statusCode, 200);
    assert.equal((await both(store.key, scroll.uuid)).statusCode, 403);
  });

  test('404: no such scroll, msg only', async () => {
    const res = await both(store.key, '7d0d2a59-1111-4111-8111-111111111111');
    assert.equal(res.statusCode, 404);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });
});

describe("the pending check is written in the scroll's own transaction", () => {
  test('when it cannot be written, nothing of the registration is kept', async () => {
    const side = await openDriver(t.database.location);
    const inventory = async () => (await storeGet(t.app, store.key, '/api/v1/store/inventory?per_page=100')).json();
    const before = await inventory();
    await side.run(sql`ALTER TABLE scroll_text_checks RENAME TO scroll_text_checks_away`);
    try {
      const res = await register(t.app, store.key, { photo: await textPhoto(), sofer: (await makeSofer(t.deps)).uuid, megiah: (await makeMegiah(t.deps)).uuid });
      assert.equal(res.statusCode, 500);
    } finally {
      await side.run(sql`ALTER TABLE scroll_text_checks_away RENAME TO scroll_text_checks`);
      await side.close();
    }
    assert.deepEqual(await inventory(), before);
  });
});
