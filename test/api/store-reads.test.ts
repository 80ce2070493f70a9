import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../src/db/open-database.ts';
import { OTHER_WRITERS_MS } from '../../src/db/sqlite.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { makeAccount, makeBuyer, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { sell, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 10 });
});
after(() => t.close());

describe('GET mezuzah/{uuid}', () => {
  test('200: the store view with every field of spec §2.1', async () => {
    t.clock.set('2025-06-01T09:08:07Z');
    const scroll = await makeScroll(t.deps, store.account, {
      writtendate: '2023-12-31',
      examinateddate: '2024-01-02',
      font: 'Vellish',
      size: '15 cm',
      note: 'klaf mehudar',
    });
    const res = await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`);
    assert.equal(res.statusCode, 200);
    const details = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.deepEqual(res.json(), {
      uuid: scroll.uuid,
      is_verified: false,
      note: 'klaf mehudar',
      size: '15 cm',
      font: 'Vellish',
      create_time: '2025-06-01 09:08:07',
      written_time: '2023-12-31 00:00:00',
      examinated_time: '2024-01-02 00:00:00',
      last_repaired_time: '',
      certificate_pdf_url: '',
      sofer: details?.sofer,
      megiah: details?.megiah,
    });
  });

  test('a uuid is matched whatever its case (partner systems may print them in upper case)', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const res = await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid.toUpperCase()}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().uuid, scroll.uuid);
  });

  test("403 (BOLA): another store's scroll, msg only", async () => {
    const other = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, other.account);
    const res = await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });

  test('403 once the store has sold it', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' });
    assert.equal((await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).statusCode, 403);
  });

  test('404: no such scroll, msg only', async () => {
    const res = await storeGet(t.app, store.key, '/api/v1/store/mezuzah/5b0c7f5e-0000-4000-8000-000000000000');
    assert.equal(res.statusCode, 404);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });
});

describe('GET inventory', () => {
  let shop: TestStore;
  const uuids: string[] = [];
  before(async () => {
    shop = await makeStore(t.deps, { credits: 5 });
    for (let i = 0; i < 25; i++) uuids.push((await makeScroll(t.deps, shop.account)).uuid);
    // Noise: another store's scroll and a sold one must never appear.
    await makeScroll(t.deps, store.account);
    await sell(t.app, shop.key, uuids.pop() as string, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' });
  });

  test('defaults: page 0, 20 per page, newest first, only owned and unsold', async () => {
    const body = (await storeGet(t.app, shop.key, '/api/v1/store/inventory')).json();
    assert.equal(body.total, 24);
    assert.equal(body.page, 0);
    assert.equal(body.per_page, 20);
    assert.equal(body.mezuzot.length, 20);
    assert.deepEqual(body.mezuzot.map((m: { uuid: string }) => m.uuid), [...uuids].reverse().slice(0, 20));
  });

  test('the last partial page and a page past the end', async () => {
    const last = (await storeGet(t.app, shop.key, '/api/v1/store/inventory?page=2&per_page=10')).json();
    assert.deepEqual([last.total, last.page, last.per_page, last.mezuzot.length], [24, 2, 10, 4]);
    const beyond = (await storeGet(t.app, shop.key, '/api/v1/store/inventory?page=9&per_page=10')).json();
    assert.equal(beyond.mezuzot.length, 0);
    assert.equal(beyond.total, 24);
  });

  test('per_page 100 is the maximum', async () => {
    const body = (await storeGet(t.app, shop.key, '/api/v1/store/inventory?per_page=100')).json();
    assert.equal(body.per_page, 100);
    assert.equal(body.mezuzot.length, 24);
  });

  for (const query of ['per_page=101', 'per_page=0', 'per_page=abc', 'page=-1', 'page=1.5', 'page=x', 'page=0x10', 'page=1e2', 'page=%205', 'page=%20', 'per_page=5.0', 'page=1234567890123456', 'page=1&page=2']) {
    test(`400 invalid_request for ${query}`, async () => {
      const res = await storeGet(t.app, shop.key, `/api/v1/store/inventory?${query}`);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().status, 'invalid_request');
      assert.match(res.json().msg, new RegExp(query.split('=')[0]));
    });
  }
});

describe('pages read again after a change', () => {
  // A page a store polls may be kept in memory while nothing changes (SQLite): this node's own writes show at once, another process's within OTHER_WRITERS_MS.
  test('a sale shows on the next read; a registration, a grant of credits and a directory entry made through another connection (the admin CLI, another node) within OTHER_WRITERS_MS', async () => {
    // A timer may fire a little early by performance.now(): past OTHER_WRITERS_MS with a margin.
    const sleep = () => new Promise((resolve) => setTimeout(resolve, OTHER_WRITERS_MS + 20));
    const shop = await makeStore(t.deps, { credits: 5 });
    const first = await makeScroll(t.deps, shop.account);
    const read = async (url: string) => (await storeGet(t.app, shop.key, url)).json();
    assert.deepEqual((await read('/api/v1/store/inventory')).mezuzot.map((m: { uuid: string }) => m.uuid), [first.uuid]);
    const directory = (await read('/api/v1/store/sofers-megiahs?per_page=100')).total;
    assert.equal((await read('/api/v1/store/sales-history')).total, 0);
    assert.equal((await read('/api/v1/store/credits')).credits, 5);

    await sell(t.app, shop.key, first.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' });
    assert.equal((await read('/api/v1/store/inventory')).total, 0);
    assert.equal((await read('/api/v1/store/sales-history')).total, 1);
    assert.equal((await read('/api/v1/store/credits')).credits, 4);

    const other = await openDatabase(t.database.location, () => '2025-03-01 10:00:00');
    try {
      const elsewhere = { ...t.deps, db: other };
      const second = await makeScroll(elsewhere, shop.account);
      await sleep();
      assert.deepEqual((await read('/api/v1/store/inventory')).mezuzot.map((m: { uuid: string }) => m.uuid), [second.uuid]);
      // makeScroll confirmed a sofer and a megiah of its own on the other connection.
      assert.equal((await read('/api/v1/store/sofers-megiahs?per_page=100')).total, directory + 2);
      await makeAccount(elsewhere, { role: 'sofer', confirmed: true });
      await sleep();
      assert.equal((await read('/api/v1/store/sofers-megiahs?per_page=100')).total, directory + 3);
      const before = (await read('/api/v1/store/credits')).credits;
      assert.ok((await grantCredits(elsewhere, shop.account.uuid, 3)).ok);
      await sleep();
      assert.equal((await read('/api/v1/store/credits')).credits, before + 3);
    } finally {
      await other.close();
    }
  });
});

describe('GET sales-history', () => {
  test("a store sees only its own sales, paginated, with the buyer", async () => {
    const seller = await makeStore(t.deps, { credits: 5 });
    const buyer = await makeBuyer(t.deps);
    const sold: string[] = [];
    for (let i = 0; i < 3; i++) {
      const scroll = await makeScroll(t.deps, seller.account);
      await sell(t.app, seller.key, scroll.uuid, { to_uuid: buyer.uuid, note: `sale ${i}` });
      sold.push(scroll.uuid);
    }
    const page0 = (await storeGet(t.app, seller.key, '/api/v1/store/sales-history?per_page=2')).json();
    assert.deepEqual([page0.total, page0.page, page0.per_page], [3, 0, 2]);
    assert.deepEqual(page0.sales.map((s: { mezuzah_uuid: string }) => s.mezuzah_uuid), [sold[2], sold[1]]);
    assert.deepEqual(page0.sales[0].to, { uuid: buyer.uuid, username: buyer.username });
    const page1 = (await storeGet(t.app, seller.key, '/api/v1/store/sales-history?page=1&per_page=2')).json();
    assert.deepEqual(page1.sales.map((s: { note: string }) => s.note), ['sale 0']);
    const stranger = await makeStore(t.deps);
    assert.equal((await storeGet(t.app, stranger.key, '/api/v1/store/sales-history')).json().total, 0);
  });

  test('400 for per_page over the maximum', async () => {
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/sales-history?per_page=500')).statusCode, 400);
  });
});

describe('GET credits', () => {
  test('the balance as an integer; a store never granted any has 0', async () => {
    const fresh = await makeStore(t.deps);
    assert.deepEqual((await storeGet(t.app, fresh.key, '/api/v1/store/credits')).json(), { credits: 0 });
    const granted = await makeStore(t.deps, { credits: 7 });
    assert.deepEqual((await storeGet(t.app, granted.key, '/api/v1/store/credits')).json(), { credits: 7 });
  });
});

describe('every listing paginates alike', () => {
  const listings = [
    ['/api/v1/store/inventory', 'mezuzot'],
    ['/api/v1/store/sales-history', 'sales'],
    ['/api/v1/store/sofers-megiahs', 'sofers_megiahs'],
  ] as const;

  for (const [url, itemsKey] of listings) {
    test(`${url}: the envelope echoes page and per_page; non-numeric or out-of-range values are 400`, async () => {
      const body = (await storeGet(t.app, store.key, `${url}?page=3&per_page=7`)).json();
      assert.deepEqual(Object.keys(body).sort(), [itemsKey, 'page', 'per_page', 'total'].sort());
      assert.deepEqual([body.page, body.per_page], [3, 7]);
      assert.ok(Array.isArray(body[itemsKey]));
      for (const query of ['page=x', 'page=-1', 'per_page=abc', 'per_page=0', 'per_page=101', 'page=+1', 'per_page=1e1']) {
        const res = await storeGet(t.app, store.key, `${url}?${query}`);
        assert.equal(res.statusCode, 400, query);
        assert.equal(res.json().status, 'invalid_request', query);
      }
      // An empty value is absent (an HTML form's blank field): the default.
      const blank = (await storeGet(t.app, store.key, `${url}?page=&per_page=`)).json();
      assert.deepEqual([blank.page, blank.per_page], [0, 20]);
    });
  }
});
