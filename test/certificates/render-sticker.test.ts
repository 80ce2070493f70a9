import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import {
  renderStickerPng,
  renderStickerSheetPdf,
  renderStickerSvg,
  stickerPngDpi,
  stickerPngSize,
  stickerSheet,
} from '../../src/certificates/render-sticker.ts';
import { pointsPerMillimetre, stickerQrBoxMm, stickerSizeMm } from '../../src/certificates/sticker-layout.ts';
import { buildStickerPayloads } from './certificate-payload-factory.ts';
import { pdftoppmMissing, rasterisePdfPage } from './pdf-raster.ts';
import { readPdfText } from './pdf-text.ts';
import { expectedQrRows, sampleQrRows } from './qr-sampling.ts';

const [sticker] = buildStickerPayloads(1);

/** The sticker's QR box in pixels of an image `width` pixels wide. */
function qrBoxPixels(width: number) {
  const scale = width / stickerSizeMm.width;
  return { x: stickerQrBoxMm.x * scale, y: stickerQrBoxMm.y * scale, size: stickerQrBoxMm.size * scale };
}

describe('renderStickerPng', () => {
  it('is a 70 × 37 mm label at print resolution', async () => {
    const meta = await sharp(await renderStickerPng(sticker)).metadata();
    assert.equal(meta.format, 'png');
    assert.deepEqual({ width: meta.width, height: meta.height }, stickerPngSize());
    assert.deepEqual(stickerPngSize(), { width: 1654, height: 874 });
    assert.equal(meta.density, stickerPngDpi);
  });

  it('carries the QR code of the URL, module for module', async () => {
    const png = await renderStickerPng(sticker);
    const expected = expectedQrRows(sticker.url);
    assert.deepEqual(await sampleQrRows(png, qrBoxPixels(stickerPngSize().width), expected.length), expected);
  });

  it('keeps the quiet zone around the QR code blank', async () => {
    const png = await renderStickerPng(sticker);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const box = qrBoxPixels(info.width);
    const module = box.size / expectedQrRows(sticker.url).length;
    const quiet = Math.floor(4 * module);
    let dark = 0;
    for (let y = Math.ceil(box.y - quiet); y < box.y + box.size + quiet; y++) {
      for (let x = Math.ceil(box.x - quiet); x < box.x + box.size + quiet; x++) {
        const inside = x >= box.x - 1 && x <= box.x + box.size + 1 && y >= box.y - 1 && y <= box.y + box.size + 1;
        if (!inside && data[y * info.width + x] < 200) dark++;
      }
    }
    assert.equal(dark, 0);
  });
});

describe('renderStickerSvg', () => {
  it('is an SVG of the label size with text as outlines', async () => {
    const svg = await renderStickerSvg(sticker);
    assert.match(svg, /^<svg [^>]*width="70mm" height="37mm"/);
    assert.ok(!svg.includes('<text'));
    assert.ok(svg.includes(`aria-label="${sticker.code}"`));
    assert.ok(svg.includes('aria-label="סרקו לאימות"'));
  });

  it('rasterises to the same QR code', async () => {
    const svg = await renderStickerSvg(sticker);
    const png = await sharp(Buffer.from(svg), { density: 600 }).png().toBuffer();
    const { width } = await sharp(png).metadata();
    const expected = expectedQrRows(sticker.url);
    assert.deepEqual(await sampleQrRows(new Uint8Array(png), qrBoxPixels(width ?? 0), expected.length), expected);
  });
});

describe('renderStickerSheetPdf', () => {
  it('puts 24 stickers on an A4 sheet and the 25th on a second one', async () => {
    const stickers = buildStickerPayloads(25);
    const { pages } = await readPdfText(await renderStickerSheetPdf(stickers));
    assert.equal(pages.length, 2);
    for (const page of pages) {
      assert.equal(Math.round(page.width), 595);
      assert.equal(Math.round(page.height), 842);
    }
    const codesOn = (n: number) => pages[n].items.map((i) => i.str).filter((s) => s.startsWith('K7QX-'));
    assert.deepEqual(codesOn(0), stickers.slice(0, 24).map((s) => s.code));
    assert.deepEqual(codesOn(1), [stickers[24].code]);
  });

  it('prints each code inside its own label of the 3 × 8 grid, under its QR code', async () => {
    const stickers = buildStickerPayloads(24);
    const [page] = (await readPdfText(await renderStickerSheetPdf(stickers))).pages;
    const mm = pointsPerMillimetre;
    stickers.forEach((s, index) => {
      const item = page.items.find((i) => i.str === s.code);
      assert.ok(item, s.code);
      const column = index % 3;
      const row = Math.floor(index / 3);
      const left = (stickerSheet.left + column * stickerSizeMm.width) * mm;
      const top = (stickerSheet.top + row * stickerSizeMm.height) * mm;
      const yFromTop = page.height - item.y;
      assert.ok(item.x > left && item.x + item.width < left + stickerSizeMm.width * mm, `${s.code} within its column`);
      assert.ok(yFromTop > top + (stickerQrBoxMm.y + stickerQrBoxMm.size) * mm, `${s.code} below its QR`);
      assert.ok(yFromTop < top + stickerSizeMm.height * mm, `${s.code} within its row`);
    });
  });

  it('prints every label with its own QR code, in its place on the sheet', { skip: pdftoppmMissing }, async () => {
    const stickers = buildStickerPayloads(24);
    const dpi = 150;
    const png = await rasterisePdfPage(await renderStickerSheetPdf(stickers), 1, dpi);
    const pixels = (mm: number) => (mm / 25.4) * dpi;
    for (const index of [0, 4, 23]) {
      const left = stickerSheet.left + (index % 3) * stickerSizeMm.width;
      const top = stickerSheet.top + Math.floor(index / 3) * stickerSizeMm.height;
      const box = { x: pixels(left + stickerQrBoxMm.x), y: pixels(top + stickerQrBoxMm.y), size: pixels(stickerQrBoxMm.size) };
      const expected = expectedQrRows(stickers[index].url);
      assert.deepEqual(await sampleQrRows(png, box, expected.length), expected, stickers[index].code);
    }
  });

  it('prints every code whole, however wide its letters', async () => {
    const codes = ['CWMCCYMTMSAC', 'WWWWWWWWWWWW', 'MMMMMMMMMMMM', '111111111111'];
    const [page] = (await readPdfText(await renderStickerSheetPdf(codes.map((code) => ({ code, url: `https://r.test/q/${code}` }))))).pages;
    for (const code of codes) assert.ok(page.items.some((i) => i.str === code), code);
  });

  it('makes one page for a full sheet and one blank page for no stickers', async () => {
    assert.equal((await readPdfText(await renderStickerSheetPdf(buildStickerPayloads(24)))).pages.length, 1);
    const empty = await readPdfText(await renderStickerSheetPdf([]));
    assert.equal(empty.pages.length, 1);
    assert.equal(empty.pages[0].items.length, 0);
  });
});
