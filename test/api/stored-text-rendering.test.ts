// No stored value can break a certificate, a sticker or a page (issue 50,
// finding 6). Every free-text column is overwritten straight in the database
// with one hostile value at a time, as text stored before validation existed
// (or by hand) would be, and every renderer is then asked for what shows it:
// the certificate (PDF, PNG, DOCX; API and portal), the stickers (single and
// sheet), the QR page, the public check (API and portal), the JSON reads and
// every portal page that prints a name, a place, a note or a label. Each must
// answer 200 with output its format's reader accepts, and no page may carry a
// control, a bidi override or a character XML forbids.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import JSZip from 'jszip';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Account } from '../../src/db/records.ts';
import type { SqlDriver } from '../../src/db/driver.ts';
import { openDriver } from '../../src/db/open-database.ts';
import { sql } from '../../src/db/sql.ts';
import { formatTimestamp } from '../../src/domain/clock.ts';
import { sellScroll } from '../../src/domain/sell-scroll.ts';
import { readPdfText } from '../certificates/pdf-text.ts';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeAccount, makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestScroll, type TestStore } from '../support/factories.ts';
import { postForm, storeGet } from '../support/requests.ts';
import { testDatabaseKind } from '../support/test-databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** What no page or XML part may carry, written out here rather than taken from the code under test. */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFDD0-\uFDEF\uFFFE\uFFFF]|\p{Cs}/u;
const MARKUP = `<>&"'`;

/** [what, value]; PostgreSQL text cannot hold NUL, so that one runs on SQLite only. */
const hostileValues: readonly [string, string][] = [
  ['the issue\'s bidi override and control', '\u202E10cm\u0001x'],
  ...(testDatabaseKind === 'sqlite' ? ([['NUL', 'a\u0000b']] as [string, string][]) : []),
  ['a C1 control (NEL)', 'a\u0085b'],
  ['an ANSI escape and DEL', '\u001B[31mred\u007F'],
  ['U+FFFF and U+FFFE', 'a\uFFFFb\uFFFE'],
  ['an unpaired surrogate', 'a\uD800b'],
  ['isolates and embeddings left open', '\u2067a\u202Ab'],
  ['markup', MARKUP],
  ['line breaks and tabs', 'one\ntwo\r\nthree\tfour\u2028five'],
  ['a very long word', 'W'.repeat(12_000)],
  ['very many words', 'word '.repeat(3_000)],
];

let t: TestApp;
let driver: SqlDriver;
let store: TestStore;
let sofer: Account;
let megiah: Account;
let buyer: Account;
let admin: Account;
/** Verified and in the store's inventory: certificate, stickers, QR page, public check. */
let kept: TestScroll;
/** Not yet verified: the watermarked certificate, the megiah's and the admin's queues. */
let waiting: TestScroll;
/** Verified and sold: the sales pages, the QR page of a sold scroll. */
let sold: TestScroll;
let storeBrowser: PortalBrowser;
let megiahBrowser: PortalBrowser;
let adminBrowser: PortalBrowser;

before(async () => {
  t = await createTestApp();
  driver = await openDriver(t.database.location);
  store = await makeStore(t.deps, { agent: true, credits: 5 });
  sofer = await makeSofer(t.deps);
  megiah = await makeMegiah(t.deps);
  buyer = await makeBuyer(t.deps);
  admin = await makeAccount(t.deps, { role: 'admin' });
  const people = { sofer: sofer.uuid, megiah: megiah.uuid };
  kept = await makeScroll(t.deps, store.account, { ...people, verified: true });
  waiting = await makeScroll(t.deps, store.account, people);
  sold = await makeScroll(t.deps, store.account, { ...people, verified: true });
  const sale = await sellScroll(t.deps, store.account, { scrollUuid: sold.uuid, buyer: { kind: 'existing', uuid: buyer.uuid }, note: 'paid' });
  assert.ok(sale.ok);
  // Signed in before the emails change: a session outlives them.
  storeBrowser = await signedInBrowser(t.app, t.deps, store.account);
  megiahBrowser = await signedInBrowser(t.app, t.deps, megiah);
  adminBrowser = await signedInBrowser(t.app, t.deps, admin);
});
after(async () => {
  await driver.close();
  await t.close();
});

/** Every free-text column holds `value` (tagged per column where a page shows several side by side). */
async function storeEverywhere(value: string): Promise<void> {
  for (const account of [store.account, sofer, megiah, buyer, admin]) {
    await driver.run(sql`
      UPDATE accounts SET username = ${value}, email = ${`${value}@${account.role}.test`}, country = ${value}, state = ${value},
        city = ${value}, megiah_type = ${value}, company = ${value}
      WHERE id = ${account.id}`);
  }
  for (const scroll of [kept, waiting, sold]) {
    await driver.run(sql`UPDATE scrolls SET font = ${value}, size = ${value}, note = ${value} WHERE uuid = ${scroll.uuid}`);
  }
  await driver.run(sql`UPDATE sales SET note = ${value}`);
  await driver.run(sql`UPDATE api_keys SET label = ${value}`);
  // The ledger is append-only: a grant carries the value, written through the repository, past the use case.
  await t.db.transaction((tx) => tx.credits.grant(store.account.id, 1, formatTimestamp(t.clock.now()), { note: value, grantedById: admin.id }));
}

function assertOk(res: LightMyRequestResponse, what: string, contentType: RegExp): void {
  assert.equal(res.statusCode, 200, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  assert.match(String(res.headers['content-type']), contentType, what);
}

function assertPage(res: LightMyRequestResponse, what: string): void {
  assertOk(res, what, /^text\/html/);
  const forbidden = FORBIDDEN.exec(res.body);
  assert.equal(forbidden, null, `${what} carries U+${forbidden?.[0].codePointAt(0)?.toString(16).toUpperCase()}`);
  assert.ok(!res.body.includes(MARKUP), `${what} carries the markup unescaped`);
}

function assertJson(res: LightMyRequestResponse, what: string): void {
  assertOk(res, what, /^application\/json/);
  assert.doesNotThrow(() => JSON.parse(res.body), what);
}

async function assertPdf(bytes: Buffer, what: string): Promise<void> {
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', what);
  const { pages } = await readPdfText(new Uint8Array(bytes));
  assert.ok(pages.length >= 1, what);
}

async function assertPng(bytes: Buffer, what: string): Promise<void> {
  const { format, width } = await sharp(bytes).metadata();
  assert.equal(format, 'png', what);
  assert.ok((width ?? 0) > 100, what);
}

/** Every XML part of the package holds only characters XML 1.0 allows, and no bidi control. */
async function assertDocx(bytes: Buffer, what: string): Promise<void> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = Object.keys(zip.files).filter((name) => name.endsWith('.xml') || name.endsWith('.rels'));
  assert.ok(parts.includes('word/document.xml'), what);
  for (const name of parts) {
    const xml = await zip.file(name)!.async('string');
    const forbidden = FORBIDDEN.exec(xml);
    assert.equal(forbidden, null, `${what} ${name} carries U+${forbidden?.[0].codePointAt(0)?.toString(16).toUpperCase()}`);
  }
}

/** librsvg (through sharp) parses the SVG as the XML it must be. */
async function assertSvg(res: LightMyRequestResponse, what: string): Promise<void> {
  assertOk(res, what, /^image\/svg\+xml/);
  await assert.doesNotReject(sharp(Buffer.from(res.body)).png().toBuffer(), what);
}

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url: `/${url}` });
const api = (url: string) => storeGet(t.app, store.key, url);

for (const [what, value] of hostileValues) {
  describe(`every field holds ${what}`, () => {
    before(() => storeEverywhere(value));

    test('the certificate through the API: PDF, PNG and DOCX, verified and not', { timeout: 120_000 }, async () => {
      for (const scroll of [kept, waiting]) {
        const res = await api(`/api/v1/store/mezuzah-certificate/${scroll.uuid}`);
        assertJson(res, 'mezuzah-certificate');
        const urls = res.json();
        const pdf = await fetchFile(urls.pdf_url);
        assert.equal(pdf.statusCode, 200);
        await assertPdf(pdf.rawPayload, 'certificate PDF');
        await assertPng((await fetchFile(urls.img_url)).rawPayload, 'certificate PNG');
        await assertDocx((await fetchFile(urls.doc_url)).rawPayload, 'certificate DOCX');
      }
    });

    test('the certificate through the portal', { timeout: 120_000 }, async () => {
      const base = `/store/scrolls/${waiting.uuid}/certificate`;
      const pdf = await storeBrowser.get(`${base}.pdf`);
      assertOk(pdf, 'portal PDF', /^application\/pdf/);
      await assertPdf(pdf.rawPayload, 'portal PDF');
      const png = await storeBrowser.get(`${base}.png`);
      assertOk(png, 'portal PNG', /^image\/png/);
      await assertPng(png.rawPayload, 'portal PNG');
      const docx = await storeBrowser.get(`${base}.docx`);
      assertOk(docx, 'portal DOCX', /officedocument/);
      await assertDocx(docx.rawPayload, 'portal DOCX');
    });

    test('the stickers: single (PNG, SVG) and a sheet, through the API and the portal', async () => {
      const png = await api(`/api/v1/store/mezuzah-sticker/${kept.uuid}`);
      assertOk(png, 'sticker PNG', /^image\/png/);
      await assertPng(png.rawPayload, 'sticker PNG');
      await assertSvg(await api(`/api/v1/store/mezuzah-sticker/${kept.uuid}?format=svg`), 'sticker SVG');
      const sheet = await t.app.inject({
        method: 'POST',
        url: '/api/v1/store/mezuzah-sticker-sheet',
        headers: { 'x-api-key': store.key },
        payload: { uuids: [kept.uuid, waiting.uuid] },
      });
      assertOk(sheet, 'sticker sheet', /^application\/pdf/);
      await assertPdf(sheet.rawPayload, 'sticker sheet');
      await assertSvg(await storeBrowser.get(`/store/scrolls/${kept.uuid}/sticker.svg`), 'portal sticker SVG');
      await assertPng((await storeBrowser.get(`/store/scrolls/${kept.uuid}/sticker.png`)).rawPayload, 'portal sticker PNG');
    });

    test('the QR page of a scroll in a store and of a sold one, and scan-qrcode', async () => {
      for (const scroll of [kept, sold]) {
        assertPage(await t.app.inject({ method: 'GET', url: `/q/${scroll.qrCode}` }), `QR page of ${scroll === kept ? 'a kept' : 'a sold'} scroll`);
        assertJson(await t.app.inject({ method: 'GET', url: `/api/v1/public/scan-qrcode/${scroll.qrCode}` }), 'scan-qrcode');
      }
    });

    test('the public check result, through the API and the portal\'s /check', async () => {
      for (const scroll of [kept, sold]) {
        const res = await postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: scroll.photo } });
        assertJson(res, 'check-mezuzah');
        assert.equal(res.json().uuid, scroll.uuid);
        const visitor = portalBrowser(t.app);
        await visitor.get('/check');
        const posted = await visitor.upload('/check', { image: { data: scroll.photo } });
        assert.equal(posted.statusCode, 303, 'the answer is a page of its own');
        assertPage(await visitor.get(String(posted.headers.location)), 'portal check result');
      }
    });

    test('the store\'s pages', async () => {
      for (const url of ['/store', '/store/inventory', '/store/sales', '/store/register', `/store/scrolls/${kept.uuid}`, `/store/scrolls/${waiting.uuid}`, '/settings/api-keys']) {
        assertPage(await storeBrowser.get(url), url);
      }
    });

    test('the megiah\'s and the admin\'s pages', async () => {
      assertPage(await megiahBrowser.get('/megiah'), '/megiah');
      assertPage(await megiahBrowser.get('/settings/api-keys'), 'megiah /settings/api-keys');
      for (const url of ['/admin/accounts', '/admin/scrolls', ...[store.account, sofer, megiah, buyer, admin].map((a) => `/admin/accounts/${a.uuid}`)]) {
        assertPage(await adminBrowser.get(url), url);
      }
    });

    test('the store API\'s JSON reads', async () => {
      for (const url of [
        '/api/v1/store/inventory',
        `/api/v1/store/mezuzah/${kept.uuid}`,
        '/api/v1/store/sales-history',
        '/api/v1/store/credits',
        '/api/v1/store/sofers-megiahs',
        // Looked up by the name it was created with (the lookup key), answered with the one stored now.
        `/api/v1/store/sofers-megiahs/lookup?username=${encodeURIComponent(sofer.username)}`,
      ]) {
        assertJson(await api(url), url);
      }
    });
  });
}
