// CSV exports of the inventory, the sales and the credit ledger: every row
// (not one page), the API's fields, UTF-8 with a BOM, and cells a spreadsheet
// would run as formulas neutralised.
import assert from 'node:assert/strict';
import { buffer } from 'node:stream/consumers';
import { after, before, describe, test } from 'node:test';
import type { Account, CreditEntry } from '../../src/db/records.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { readInBatches } from '../../src/domain/read-in-batches.ts';
import { sellScroll } from '../../src/domain/sell-scroll.ts';
import { creditLedgerCsv, renderCsv } from '../../src/presenters/store-csv.ts';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestScroll } from '../support/factories.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** More than the inventory page's default of 20, so the export must go past one page. */
const SCROLLS = 23;
const BOM = '\uFEFF';

let t: TestApp;
let store: Account;
let storeKey: string;
let browser: PortalBrowser;
let formulaScroll: TestScroll;
let soldScrolls: TestScroll[];

/** RFC 4180, as a spreadsheet reads it: quoted fields, "" for a quote, CRLF between records. */
function parseCsv(body: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') record.push(field), (field = '');
    else if (ch === '\r' && body[i + 1] === '\n') record.push(field), records.push(record), (record = []), (field = ''), i++;
    else field += ch;
  }
  assert.equal(field + record.join(''), '', 'the file ends with CRLF');
  return records;
}

async function download(as: PortalBrowser, url: string) {
  const res = await as.get(url);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
  assert.equal(res.headers['cache-control'], 'private, no-store');
  assert.deepEqual([...res.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte order mark');
  const body = res.rawPayload.toString('utf8');
  assert.ok(body.startsWith(BOM));
  return { res, rows: parseCsv(body.slice(1)) };
}

/** The API's listing, every page of it. */
async function apiList(path: string, key: string, field: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 0; ; page++) {
    const body = (await storeGet(t.app, key, `${path}?page=${page}&per_page=10`)).json();
    items.push(...body[field]);
    if (items.length >= body.total) return items;
  }
}

/** A JSON record as the CSV's columns name its fields (`sofer.uuid`), in text. */
function flatten(record: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) {
    if (typeof value === 'object' && value !== null) Object.assign(out, flatten(value as Record<string, unknown>, `${prefix}${name}.`));
    else out[`${prefix}${name}`] = String(value);
  }
  return out;
}

/** What a cell must hold for a spreadsheet to show `value` as text (OWASP: a leading ' before a formula). */
const neutral = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

before(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  const made = await makeStore(t.deps);
  store = made.account;
  storeKey = made.key;
  assert.ok((await grantCredits(t.deps, store.uuid, 5, { note: '=HYPERLINK("https://evil.example","Click")' })).ok);
  const sofer = await makeSofer(t.deps, { username: 'סופר בן-דוד' });
  const megiah = await makeMegiah(t.deps, { username: '@megiah' });
  const people = { sofer: sofer.uuid, megiah: megiah.uuid };
  formulaScroll = await makeScroll(t.deps, store, { ...people, note: '=1+2', size: '+41 cm', font: '-Ari', verified: true });
  await makeScroll(t.deps, store, { ...people, note: '\t=cmd|"/c calc"!A1\nsecond line, with "quotes"', font: 'כתב אר"י' });
  for (let i = 2; i < SCROLLS; i++) await makeScroll(t.deps, store, people);
  soldScrolls = [await makeScroll(t.deps, store, people), await makeScroll(t.deps, store, people)];
  const buyer = await makeBuyer(t.deps, { username: 'קונה ישראלי' });
  assert.ok((await sellScroll(t.deps, store, { scrollUuid: soldScrolls[0].uuid, buyer: { kind: 'existing', uuid: buyer.uuid }, note: '+972 paid' })).ok);
  assert.ok(
    (await sellScroll(t.deps, store, { scrollUuid: soldScrolls[1].uuid, buyer: { kind: 'new', username: '=SUM(1)', email: 'formula@example.test' }, note: '' })).ok,
  );
  browser = await signedInBrowser(t.app, t.deps, store);
});
after(() => t.close());

describe('GET /store/inventory.csv', () => {
  test('every scroll of the inventory, as the API lists them, with its fields as columns', async () => {
    const { res, rows } = await download(browser, '/store/inventory.csv');
    const day = t.deps.clock.now().toISOString().slice(0, 10);
    assert.equal(res.headers['content-disposition'], `attachment; filename="mezuzah-inventory-${day}.csv"`);
    const [header, ...data] = rows;
    assert.deepEqual(header, [
      'uuid', 'is_verified', 'note', 'size', 'font', 'create_time', 'written_time', 'examinated_time', 'last_repaired_time',
      'certificate_pdf_url', 'sofer.uuid', 'sofer.username', 'megiah.uuid', 'megiah.username',
    ]);
    const api = (await apiList('/api/v1/store/inventory', storeKey, 'mezuzot')).map((record) => flatten(record));
    assert.equal(api.length, SCROLLS);
    assert.equal(data.length, SCROLLS, 'all rows, not one page');
    assert.deepEqual(
      data,
      api.map((record) => header.map((column) => neutral(record[column]))),
    );
  });

  test('Hebrew survives, and formulas are text', async () => {
    const { res, rows } = await download(browser, '/store/inventory.csv');
    const body = res.rawPayload.toString('utf8');
    assert.ok(body.includes('"סופר בן-דוד"'));
    assert.ok(body.includes('"כתב אר""י"'));
    const formula = rows.find((row) => row[0] === formulaScroll.uuid);
    assert.ok(formula);
    assert.deepEqual([formula[2], formula[3], formula[4], formula[13]], ["'=1+2", "'+41 cm", "'-Ari", "'@megiah"]);
    // The domain trims the note's leading tab; the formula after it is still neutralised, the line break kept in its cell.
    assert.ok(rows.some((row) => row[2] === '\'=cmd|"/c calc"!A1\nsecond line, with "quotes"'));
    for (const row of rows) for (const cell of row) assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `cell ${JSON.stringify(cell)}`);
  });

  test('with the page\'s search and filter, the rows the page lists', async () => {
    const { rows } = await download(browser, '/store/inventory.csv?status=verified');
    assert.deepEqual(rows.slice(1).map((row) => row[0]), [formulaScroll.uuid]);
    const searched = await download(browser, `/store/inventory.csv?q=${encodeURIComponent(formulaScroll.qrCode)}`);
    assert.deepEqual(searched.rows.slice(1).map((row) => row[0]), [formulaScroll.uuid]);
  });

  test('the inventory page links it, with its filter', async () => {
    assert.ok((await browser.get('/store/inventory')).body.includes('href="/store/inventory.csv" download>Export the inventory (CSV)'));
    assert.ok((await browser.get('/store/inventory?status=awaiting&q=x')).body.includes('href="/store/inventory.csv?q=x&amp;status=awaiting" download>'));
  });
});

describe('GET /store/sales.csv', () => {
  test('every sale, as the API\'s sales history lists them', async () => {
    const { res, rows } = await download(browser, '/store/sales.csv');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="mezuzah-sales-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...data] = rows;
    assert.deepEqual(header, ['mezuzah_uuid', 'create_time', 'note', 'to.uuid', 'to.username']);
    const api = (await apiList('/api/v1/store/sales-history', storeKey, 'sales')).map((record) => flatten(record));
    assert.equal(data.length, 2);
    assert.deepEqual(data, api.map((record) => header.map((column) => neutral(record[column]))));
    assert.deepEqual(data.map((row) => [row[2], row[4]]), [['', "'=SUM(1)"], ["'+972 paid", 'קונה ישראלי']]);
    assert.ok((await browser.get('/store/sales')).body.includes('href="/store/sales.csv" download>Export the sales (CSV)'));
  });
});

describe('GET /store/credit-ledger.csv', () => {
  test('every ledger entry, newest first; a negative change stays a number, a formula in a grant\'s note does not', async () => {
    const { res, rows } = await download(browser, '/store/credit-ledger.csv');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="mezuzah-credits-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.deepEqual(rows, [
      ['create_time', 'delta', 'reason', 'mezuzah_uuid', 'balance_after', 'note'],
      ['2025-03-01 10:00:00', '-1', 'sale', soldScrolls[1].uuid, '3', ''],
      ['2025-03-01 10:00:00', '-1', 'sale', soldScrolls[0].uuid, '4', ''],
      ['2025-03-01 10:00:00', '5', 'grant', '', '5', '\'=HYPERLINK("https://evil.example","Click")'],
    ]);
    assert.ok((await browser.get('/store')).body.includes('href="/store/credit-ledger.csv" download>Export the credit history (CSV)'));
  });
});

describe('who may export', () => {
  test('a visitor is sent to sign in; a megiah gets 403; another store gets its own rows only', async () => {
    for (const url of ['/store/inventory.csv', '/store/sales.csv', '/store/credit-ledger.csv']) {
      const res = await portalBrowser(t.app).get(url);
      assert.equal(res.statusCode, 303, url);
      assert.equal(res.headers.location, `/sign-in?next=${encodeURIComponent(url)}`);
    }
    const megiah = await signedInBrowser(t.app, t.deps, await makeMegiah(t.deps));
    assert.equal((await megiah.get('/store/inventory.csv')).statusCode, 403);
    const other = await signedInBrowser(t.app, t.deps, (await makeStore(t.deps)).account);
    for (const url of ['/store/inventory.csv', '/store/sales.csv', '/store/credit-ledger.csv']) {
      assert.equal((await download(other, url)).rows.length, 1, `${url}: the header alone`);
    }
  });
});

describe('reading in batches', () => {
  test('the repositories\' cursors walk every row once, newest first, on either database', async () => {
    const walk = async <T extends { id: number }>(next: (cursor: { beforeId: number | null; limit: number }) => Promise<T[]>) => {
      const out: T[] = [];
      let beforeId: number | null = null;
      for (;;) {
        const batch = await next({ beforeId, limit: 2 });
        out.push(...batch);
        if (batch.length < 2) return out;
        beforeId = batch[batch.length - 1].id;
      }
    };
    const scrolls = await walk((cursor) => t.db.scrolls.listOwnedBatch(store.id, {}, cursor));
    assert.deepEqual(scrolls.map((s) => s.uuid), (await t.db.scrolls.listOwnedBy(store.id, { offset: 0, limit: 100 })).items.map((s) => s.uuid));
    const verified = await walk((cursor) => t.db.scrolls.listOwnedBatch(store.id, { examination: 'verified' }, cursor));
    assert.deepEqual(verified.map((s) => s.uuid), [formulaScroll.uuid]);
    const sales = await walk((cursor) => t.db.sales.listBySellerBatch(store.id, cursor));
    assert.deepEqual(sales.map((s) => s.scrollUuid), [soldScrolls[1].uuid, soldScrolls[0].uuid]);
    const entries = await walk((cursor) => t.db.credits.listEntriesBatch(store.id, cursor));
    assert.deepEqual(entries.map((e) => e.delta), [-1, -1, 5]);
  });

  test('readInBatches stops after a short batch and reads past a full one', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => ({ id: 1001 - i }));
    const calls: (number | null)[] = [];
    const read: { id: number }[] = [];
    for await (const row of readInBatches(async ({ beforeId, limit }) => {
      calls.push(beforeId);
      return rows.filter((row) => beforeId === null || row.id < beforeId).slice(0, limit);
    })) read.push(row);
    assert.deepEqual(read, rows);
    assert.deepEqual(calls, [null, 502, 2]);
  });
});

describe('renderCsv', () => {
  test('characters no stored text may hold show as U+FFFD; a carriage return first is neutralised and quoted', async () => {
    const entry: CreditEntry = {
      id: 1, accountId: 1, delta: 3, reason: 'grant', scrollId: null, saleId: null, balanceAfter: 3, grantedById: null,
      createdAt: '2025-03-01 10:00:00', scrollUuid: null, note: '\r=1+1 \u202Ereversed\u0007',
    };
    // Bytes, not text(): a TextDecoder would drop the byte order mark this checks.
    const csv = (await buffer(renderCsv(creditLedgerCsv, (async function* () { yield entry; })()))).toString('utf8');
    assert.equal(csv, `${BOM}"create_time","delta","reason","mezuzah_uuid","balance_after","note"\r\n"2025-03-01 10:00:00","3","grant","","3","'\r=1+1 \uFFFDreversed\uFFFD"\r\n`);
  });
});
