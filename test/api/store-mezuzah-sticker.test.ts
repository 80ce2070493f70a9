import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { stickerPngSize } from '../../src/certificates/render-sticker.ts';
import { stickerQrBoxMm, stickerSizeMm } from '../../src/certificates/sticker-layout.ts';
import { readPdfText } from '../certificates/pdf-text.ts';
import { expectedQrRows, sampleQrRows } from '../certificates/qr-sampling.ts';
import { makeBuyer, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { sell, storeGet } from '../support/requests.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 3 });
});
after(() => t.close());

const sticker = (key: string, uuid: string, query = '') => storeGet(t.app, key, `/api/v1/store/mezuzah-sticker/${uuid}${query}`);
const sheet = (key: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/store/mezuzah-sticker-sheet', headers: { 'x-api-key': key }, payload: body as object });

/** The codes printed on each page of a sheet, in reading order (row by row). */
async function codesOnSheet(pdf: Uint8Array, codes: readonly string[]): Promise<string[][]> {
  const { pages } = await readPdfText(pdf);
  return pages.map((page) =>
    page.items
      .filter((item) => codes.includes(item.str))
      .sort((a, b) => b.y - a.y || a.x - b.x)
      .map((item) => item.str),
  );
}

describe('200 one sticker', () => {
  test('PNG by default: label size at 600 dpi, its QR code encodes {PUBLIC_BASE_URL}/q/{code}', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const res = await sticker(store.key, scroll.uuid);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.equal(res.headers['content-disposition'], `inline; filename="mezuzah-sticker-${scroll.qrCode}.png"`);
    assert.equal(res.headers['cache-control'], 'private, no-store');
    const png = new Uint8Array(res.rawPayload);
    const meta = await sharp(png).metadata();
    assert.deepEqual({ width: meta.width, height: meta.height }, stickerPngSize());
    const scale = stickerPngSize().width / stickerSizeMm.width;
    const box = { x: stickerQrBoxMm.x * scale, y: stickerQrBoxMm.y * scale, size: stickerQrBoxMm.size * scale };
    const expected = expectedQrRows(`${TEST_BASE_URL}/q/${scroll.qrCode}`);
    assert.deepEqual(await sampleQrRows(png, box, expected.length), expected);
  });

  test('SVG: vector label in millimetres, the code printed (as outlines) for people', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const res = await sticker(store.key, scroll.uuid, '?format=svg');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/svg+xml');
    assert.match(res.body, /^<svg [^>]*width="70mm" height="37mm"/);
    assert.ok(res.body.includes(`aria-label="${scroll.qrCode}"`));
    const png = await sharp(Buffer.from(res.body), { density: 300 }).png().toBuffer();
    const { width } = await sharp(png).metadata();
    const scale = (width ?? 0) / stickerSizeMm.width;
    const expected = expectedQrRows(`${TEST_BASE_URL}/q/${scroll.qrCode}`);
    const box = { x: stickerQrBoxMm.x * scale, y: stickerQrBoxMm.y * scale, size: stickerQrBoxMm.size * scale };
    assert.deepEqual(await sampleQrRows(new Uint8Array(png), box, expected.length), expected);
  });
});

describe('200 sheet', () => {
  test('25 scrolls: 24 on the first A4 page and one on the second, in the order asked', async () => {
    const scrolls = [];
    for (let i = 0; i < 25; i++) scrolls.push(await makeScroll(t.deps, store.account));
    const uuids = scrolls.map((s) => s.uuid).reverse();
    const res = await sheet(store.key, { uuids });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="mezuzah-stickers.pdf"');
    const codes = scrolls.map((s) => s.qrCode).reverse();
    assert.deepEqual(await codesOnSheet(new Uint8Array(res.rawPayload), codes), [codes.slice(0, 24), codes.slice(24)]);
  });

  test('a uuid listed twice prints twice', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const res = await sheet(store.key, { uuids: [scroll.uuid, scroll.uuid] });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(await codesOnSheet(new Uint8Array(res.rawPayload), [scroll.qrCode]), [[scroll.qrCode, scroll.qrCode]]);
  });
});

describe('400', () => {
  test('an unknown format', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const res = await sticker(store.key, scroll.uuid, '?format=jpeg');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
    assert.match(res.json().msg, /format/);
  });

  for (const [what, body] of [
    ['no uuids', {}],
    ['an empty list', { uuids: [] }],
    ['more than ten sheets', { uuids: Array.from({ length: 241 }, (_, i) => `uuid-${i}`) }],
    ['a uuid that is not a string', { uuids: [7] }],
  ] as const) {
    test(`sheet: ${what}`, async () => {
      const res = await sheet(store.key, body);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().status, 'invalid_request');
      assert.match(res.json().msg, /uuids/);
    });
  }
});

describe('403 / 404, as for the single-scroll read', () => {
  test("another store's scroll", async () => {
    const other = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, other.account);
    const res = await sticker(store.key, scroll.uuid);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
    const mine = await makeScroll(t.deps, store.account);
    const onSheet = await sheet(store.key, { uuids: [mine.uuid, scroll.uuid] });
    assert.equal(onSheet.statusCode, 403);
    assert.ok(onSheet.json().msg.includes(scroll.uuid), 'names the refused scroll');
  });

  test('a scroll the store has sold', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' })).statusCode, 200);
    assert.equal((await sticker(store.key, scroll.uuid, '?format=svg')).statusCode, 403);
  });

  test('an unknown scroll', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const res = await sticker(store.key, unknown);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
    const onSheet = await sheet(store.key, { uuids: [unknown] });
    assert.equal(onSheet.statusCode, 404);
  });
});
