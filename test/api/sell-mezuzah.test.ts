import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeAccount, makeBuyer, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { creditBalance, sell, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(() => t.close());

describe('200', () => {
  test('to a buyer with an account: one credit, a sale record, the scroll leaves the inventory', async () => {
    const store = await makeStore(t.deps, { credits: 3 });
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    t.clock.set('2025-04-02T08:30:15Z');
    const res = await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: 'paid cash' });
    assert.equal(res.statusCode, 200);
    assert.equal(typeof res.json().msg, 'string');
    assert.equal(res.json().to_uuid, buyer.uuid);
    assert.equal(await creditBalance(t.app, store.key), 2);
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/inventory')).json().total, 0);
    const history = (await storeGet(t.app, store.key, '/api/v1/store/sales-history')).json();
    assert.deepEqual(history.sales, [
      { mezuzah_uuid: scroll.uuid, create_time: '2025-04-02 08:30:15', note: 'paid cash', to: { uuid: buyer.uuid, username: buyer.username } },
    ]);
    const ledger = await t.db.credits.entries(store.account.id);
    assert.equal(ledger.at(-1)?.reason, 'sale');
    assert.equal(ledger.reduce((sum, entry) => sum + entry.delta, 0), 2);
  });

  test('to a buyer without an account: a user account is created, then reused by email', async () => {
    const store = await makeStore(t.deps, { credits: 2 });
    const first = await makeScroll(t.deps, store.account);
    const second = await makeScroll(t.deps, store.account);
    const buyer = { username: 'Rivka L.', email: 'Rivka.L@example.test', country: 'Israel', city: 'Haifa' };
    const res1 = await sell(t.app, store.key, first.uuid, { buyer, note: '' });
    assert.equal(res1.statusCode, 200);
    const created = await t.db.accounts.findByUuid(res1.json().to_uuid);
    assert.equal(created?.role, 'user');
    assert.equal(created?.city, 'Haifa');
    const res2 = await sell(t.app, store.key, second.uuid, { buyer: { username: 'Rivka', email: 'rivka.l@EXAMPLE.test' }, note: '' });
    assert.equal(res2.statusCode, 200);
    assert.equal(res2.json().to_uuid, res1.json().to_uuid);
  });

  test('the scroll and the buyer are matched whatever the case of their uuids', async () => {
    const store = await makeStore(t.deps, { credits: 1 });
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const res = await sell(t.app, store.key, scroll.uuid.toUpperCase(), { to_uuid: buyer.uuid.toUpperCase(), note: '' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().to_uuid, buyer.uuid);
    assert.equal(await creditBalance(t.app, store.key), 0);
  });

  test('note may be omitted', async () => {
    const store = await makeStore(t.deps, { credits: 1 });
    const scroll = await makeScroll(t.deps, store.account);
    const res = await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid });
    assert.equal(res.statusCode, 200);
  });
});

describe('400 no_credits', () => {
  test('nothing is consumed, moved, recorded or created', async () => {
    const store = await makeStore(t.deps, { credits: 0 });
    const scroll = await makeScroll(t.deps, store.account);
    const res = await sell(t.app, store.key, scroll.uuid, { buyer: { username: 'New', email: 'never-created@example.test' }, note: '' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'no_credits');
    assert.equal(typeof res.json().msg, 'string');
    assert.equal(await creditBalance(t.app, store.key), 0);
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/inventory')).json().total, 1);
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/sales-history')).json().total, 0);
    assert.equal(await t.db.accounts.findByEmail('never-created@example.test'), undefined);
    assert.deepEqual(await t.db.credits.entries(store.account.id), []);
  });

  test('concurrent sales never overdraw: N credits, more scrolls, exactly N sales', async () => {
    const credits = 3;
    const store = await makeStore(t.deps, { credits });
    const buyer = await makeBuyer(t.deps);
    const scrolls = await Promise.all(Array.from({ length: 8 }, () => makeScroll(t.deps, store.account)));
    const results = await Promise.all(scrolls.map((s) => sell(t.app, store.key, s.uuid, { to_uuid: buyer.uuid, note: '' })));
    const codes = results.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 200).length, credits);
    assert.ok(results.filter((r) => r.statusCode !== 200).every((r) => r.json().status === 'no_credits'));
    assert.equal(await creditBalance(t.app, store.key), 0);
    const ledger = await t.db.credits.entries(store.account.id);
    assert.equal(ledger.reduce((sum, entry) => sum + entry.delta, 0), 0);
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/sales-history')).json().total, credits);
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/inventory')).json().total, scrolls.length - credits);
  });

  test('concurrent sales of one scroll: one succeeds, one credit consumed', async () => {
    const store = await makeStore(t.deps, { credits: 5 });
    const scroll = await makeScroll(t.deps, store.account);
    const buyers = await Promise.all([makeBuyer(t.deps), makeBuyer(t.deps), makeBuyer(t.deps)]);
    const results = await Promise.all(buyers.map((b) => sell(t.app, store.key, scroll.uuid, { to_uuid: b.uuid, note: '' })));
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 403, 403]);
    assert.equal(await creditBalance(t.app, store.key), 4);
  });
});

describe('404', () => {
  test('no such scroll, msg only', async () => {
    const store = await makeStore(t.deps, { credits: 1 });
    const res = await sell(t.app, store.key, '3f1e1a43-3a43-4a43-8a43-3a433a433a43', { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
    assert.equal(await creditBalance(t.app, store.key), 1);
  });
});

describe('403 (BOLA)', () => {
  test("a store cannot sell another store's scroll; neither store's credits move", async () => {
    const owner = await makeStore(t.deps, { credits: 1 });
    const thief = await makeStore(t.deps, { credits: 1 });
    const scroll = await makeScroll(t.deps, owner.account);
    const res = await sell(t.app, thief.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
    assert.equal(await creditBalance(t.app, thief.key), 1);
    assert.equal(await creditBalance(t.app, owner.key), 1);
    assert.equal((await storeGet(t.app, owner.key, '/api/v1/store/inventory')).json().total, 1);
  });

  test('a scroll already sold cannot be sold again', async () => {
    const store = await makeStore(t.deps, { credits: 2 });
    const scroll = await makeScroll(t.deps, store.account);
    const buyer = await makeBuyer(t.deps);
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: '' })).statusCode, 200);
    const again = await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: '' });
    assert.equal(again.statusCode, 403);
    assert.equal(await creditBalance(t.app, store.key), 1);
  });
});

describe('400 invalid_request', () => {
  let store: TestStore;
  let scrollUuid: string;
  before(async () => {
    store = await makeStore(t.deps, { credits: 5 });
    scrollUuid = (await makeScroll(t.deps, store.account)).uuid;
  });

  const cases: [string, () => Promise<Record<string, unknown>>, RegExp][] = [
    ['neither to_uuid nor buyer', async () => ({ note: '' }), /^body must hold exactly one of to_uuid and buyer\.$/],
    ['both to_uuid and buyer', async () => ({ to_uuid: (await makeBuyer(t.deps)).uuid, buyer: { username: 'a', email: 'a@b.test' } }), /^body must hold exactly one of to_uuid and buyer\.$/],
    ['unknown to_uuid', async () => ({ to_uuid: 'nobody' }), /to_uuid/],
    ['to_uuid naming a store', async () => ({ to_uuid: store.account.uuid }), /to_uuid/],
    ['buyer without email', async () => ({ buyer: { username: 'a' } }), /email/],
    ['buyer with a malformed email', async () => ({ buyer: { username: 'a', email: 'not-an-email' } }), /buyer\.email/],
    ["buyer with a store's email", async () => ({ buyer: { username: 'a', email: store.account.email } }), /buyer\.email/],
    ['note of the wrong type', async () => ({ to_uuid: (await makeBuyer(t.deps)).uuid, note: 12 }), /note/],
  ];
  for (const [name, body, field] of cases) {
    test(name, async () => {
      const res = await sell(t.app, store.key, scrollUuid, await body());
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().status, 'invalid_request');
      assert.match(res.json().msg, field);
      assert.equal(await creditBalance(t.app, store.key), 5);
    });
  }

  test('a buyer that cannot be sold to gets one answer whatever the reason, so no uuid or email is shown to have an account', async () => {
    const sofer = await makeSofer(t.deps);
    const admin = await makeAccount(t.deps, { role: 'admin' });
    const bodies = [
      { to_uuid: '00000000-0000-4000-8000-000000000000' },
      { to_uuid: store.account.uuid },
      { to_uuid: sofer.uuid },
      { to_uuid: admin.uuid },
      { buyer: { username: 'a', email: store.account.email } },
      { buyer: { username: 'a', email: sofer.email.toUpperCase() } },
      { buyer: { username: 'a', email: admin.email } },
    ];
    const answers = [];
    for (const body of bodies) {
      const res = await sell(t.app, store.key, scrollUuid, { ...body, note: '' });
      answers.push(`${res.statusCode} ${res.body}`);
    }
    assert.equal(new Set(answers).size, 1, answers.join('\n'));
    assert.match(answers[0] ?? '', /^400 \{"msg":"[^"]+","status":"invalid_request"\}$/);
    assert.equal(await creditBalance(t.app, store.key), 5);
  });

  test('malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/store/sell-mezuzah/${scrollUuid}`,
      headers: { 'x-api-key': store.key, 'content-type': 'application/json' },
      payload: '{"to_uuid": ',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
  });

  test('a body over the JSON limit is 413 too_large', async () => {
    const res = await sell(t.app, store.key, scrollUuid, { to_uuid: 'x', note: 'n'.repeat(100 * 1024) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().status, 'too_large');
  });
});
