// The inventory page: filters by verification, search by QR code, sofer,
// megiah and note words (the repository's SQL, on SQLite and PostgreSQL), and
// the stickers of the chosen scrolls on an A4 sheet.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { rejectScroll } from '../../src/domain/reject-scroll.ts';
import { readPdfText } from '../certificates/pdf-text.ts';
import { signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeScroll, makeSofer, makeStore, type TestScroll } from '../support/factories.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: Account;
let browser: PortalBrowser;
let levi: TestScroll;
let cohen: TestScroll;
let hebrew: TestScroll;
let others: TestScroll;
let rejected: TestScroll;

before(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  store = (await makeStore(t.deps)).account;
  const soferLevi = await makeSofer(t.deps, { username: 'Yosef Levi' });
  const soferCohen = await makeSofer(t.deps, { username: 'Avraham Cohen' });
  const megiahKatz = await makeMegiah(t.deps, { username: 'Rav Katz' });
  const megiahHebrew = await makeMegiah(t.deps, { username: 'הרב שפירא' });
  levi = await makeScroll(t.deps, store, { sofer: soferLevi.uuid, megiah: megiahKatz.uuid, font: 'Beit Yosef', size: '12 cm', note: 'Bought in Safed', verified: true });
  cohen = await makeScroll(t.deps, store, { sofer: soferCohen.uuid, megiah: megiahKatz.uuid, font: 'Ari', size: '15 cm', note: 'For the front door' });
  hebrew = await makeScroll(t.deps, store, { sofer: soferLevi.uuid, megiah: megiahHebrew.uuid, font: 'ספרדי', size: '10 ס"מ', note: 'כתב יפה מאוד' });
  others = await makeScroll(t.deps, (await makeStore(t.deps)).account, { sofer: soferLevi.uuid, megiah: megiahKatz.uuid });
  rejected = await makeScroll(t.deps, store, { sofer: soferCohen.uuid, megiah: megiahKatz.uuid, font: 'Vellish', size: '20 cm' });
  assert.ok((await rejectScroll(t.deps, rejected.uuid, { reason: 'parchment_or_ink', note: '' })).ok);
  browser = await signedInBrowser(t.app, t.deps, store);
});
after(() => t.close());

/** The QR codes the page lists, in order. */
async function listed(query: string): Promise<string[]> {
  const res = await browser.get(`/store/inventory${query}`);
  assert.equal(res.statusCode, 200, query);
  return [...res.body.matchAll(/<td class="qr"[^>]*><a href="[^"]+"><bdi class="code">([^<]+)<\/bdi>/g)].map((m) => m[1]);
}

const codes = (...scrolls: TestScroll[]) => scrolls.map((s) => s.qrCode);

describe('filters', () => {
  test('all, verified, awaiting examination, rejected; the choice is kept in the form and the pager', async () => {
    assert.deepEqual(await listed(''), codes(rejected, hebrew, cohen, levi));
    assert.deepEqual(await listed('?status=all'), codes(rejected, hebrew, cohen, levi));
    assert.deepEqual(await listed('?status=verified'), codes(levi));
    assert.deepEqual(await listed('?status=awaiting'), codes(hebrew, cohen));
    assert.deepEqual(await listed('?status=rejected'), codes(rejected));
    const page = await browser.get('/store/inventory?status=awaiting&per_page=1');
    assert.match(page.body, /<option value="awaiting" selected>Awaiting examination<\/option>/);
    assert.ok(page.body.includes('href="/store/inventory?status=awaiting&amp;page=1&amp;per_page=1"'));
    assert.ok(page.body.includes('href="/store/inventory.csv?status=awaiting"'));
  });

  test('a status the page does not offer is the 400 page', async () => {
    assert.equal((await browser.get('/store/inventory?status=sold')).statusCode, 400);
    assert.equal((await browser.get('/store/inventory.csv?status=sold')).statusCode, 400);
  });
});

describe('search', () => {
  test('by QR code: exactly, in lower case, with look-alike letters, or the sticker\'s address pasted', async () => {
    const code = cohen.qrCode;
    assert.deepEqual(await listed(`?q=${code}`), codes(cohen));
    assert.deepEqual(await listed(`?q=${code.toLowerCase()}`), codes(cohen));
    const lookAlike = code.replace(/0/g, 'O').replace(/1/g, 'I');
    assert.deepEqual(await listed(`?q=${encodeURIComponent(lookAlike)}`), codes(cohen));
    assert.deepEqual(await listed(`?q=${encodeURIComponent(`${TEST_BASE_URL}/q/${code}`)}`), codes(cohen));
    assert.deepEqual(await listed(`?q=${code.slice(2, 8)}`), codes(cohen), 'part of a code');
  });

  test('by sofer, megiah, script, size and note, every word matching, in any case and in Hebrew', async () => {
    assert.deepEqual(await listed('?q=levi'), codes(hebrew, levi));
    assert.deepEqual(await listed('?q=katz'), codes(rejected, cohen, levi));
    assert.deepEqual(await listed('?q=KATZ+levi'), codes(levi), 'every word must match');
    assert.deepEqual(await listed('?q=cohen&status=rejected'), codes(rejected));
    assert.deepEqual(await listed('?q=front+door'), codes(cohen));
    assert.deepEqual(await listed('?q=door+Safed'), [], 'words of two scrolls match neither');
    assert.deepEqual(await listed(`?q=${encodeURIComponent('שפירא')}`), codes(hebrew));
    assert.deepEqual(await listed(`?q=${encodeURIComponent('יפה')}`), codes(hebrew));
    assert.deepEqual(await listed(`?q=${encodeURIComponent('10 ס"מ')}`), codes(hebrew));
    assert.deepEqual(await listed('?q=levi&status=verified'), codes(levi), 'search and filter together');
  });

  test('never another store\'s scrolls; SQL wildcards match themselves', async () => {
    assert.ok(!(await listed('?q=levi')).includes(others.qrCode));
    assert.deepEqual(await listed('?q=%25'), []);
    assert.deepEqual(await listed('?q=_'), []);
    const none = await browser.get('/store/inventory?q=%3Cnothing%3E');
    assert.match(none.body, /No scroll matches\./);
    assert.ok(!none.body.includes('<nothing>'));
  });
});

describe('the list', () => {
  test('each row: a checkbox to print, the code linking to the scroll, a phone summary line, the status, a sale link', async () => {
    const res = await browser.get('/store/inventory');
    assert.ok(res.body.includes(`<input type="checkbox" name="scroll" value="${cohen.uuid}" aria-label="Print the sticker of ${cohen.qrCode}">`));
    assert.ok(res.body.includes(`<td class="qr" data-label="QR code"><a href="/store/scrolls/${cohen.uuid}"><bdi class="code">${cohen.qrCode}</bdi></a></td>`));
    assert.ok(res.body.includes('<td class="summary"><bdi>Ari</bdi> · <bdi>15 cm</bdi> · <bdi>Avraham Cohen</bdi></td>'));
    assert.match(res.body, /<form method="get" action="\/store\/sticker-sheet\.pdf" class="stickers">/);
    assert.match(res.body, /a scan of its sticker shows “registered, awaiting the examiner’s confirmation”/);
  });
});

describe('the sticker sheet', () => {
  test('the chosen scrolls\' stickers, in the order listed, as the API\'s sheet makes them', async () => {
    const res = await browser.get(`/store/sticker-sheet.pdf?scroll=${hebrew.uuid}&scroll=${levi.uuid}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="mezuzah-stickers.pdf"');
    const { pages } = await readPdfText(new Uint8Array(res.rawPayload));
    const printed = pages.flatMap((page) => page.items.map((item) => item.str)).filter((text) => codes(hebrew, levi, cohen).includes(text));
    assert.deepEqual(printed, codes(hebrew, levi));
  });

  test('the scroll\'s page links its one sticker on a sheet', async () => {
    const res = await browser.get(`/store/scrolls/${cohen.uuid}`);
    assert.ok(res.body.includes(`href="/store/sticker-sheet.pdf?scroll=${cohen.uuid}" download>Print the sticker (A4 label sheet, PDF)`));
    assert.equal((await browser.get(`/store/sticker-sheet.pdf?scroll=${cohen.uuid}`)).statusCode, 200);
  });

  test('none chosen: back to the inventory, told to choose', async () => {
    const res = await browser.get('/store/sticker-sheet.pdf');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/store/inventory');
    const page = await browser.get('/store/inventory');
    assert.match(page.body, /class="notice error" role="alert">Choose at least one scroll whose sticker to print\./);
  });

  test('another store\'s scroll among them is 404, printing nothing', async () => {
    const res = await browser.get(`/store/sticker-sheet.pdf?scroll=${levi.uuid}&scroll=${others.uuid}`);
    assert.equal(res.statusCode, 404);
    assert.match(String(res.headers['content-type']), /text\/html/);
  });
});
