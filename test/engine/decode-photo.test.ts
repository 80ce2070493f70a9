import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import sharp from 'sharp';
import { decodePhoto, enlargeToWorkingSize, WORKING_LONG_SIDE } from '../../src/engine/decode-photo.ts';
import { decodeHeic } from '../../src/engine/heic.ts';

test('the working grey is the green channel as stored, whatever colour profile the photo embeds', async () => {
  // A flat colour tagged Display P3, as an iPhone tags its photos. Converted
  // through the profile its green level differs from the stored one; the
  // analysis takes the stored one, without paying for the conversion.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 100, b: 160 } } }).withIccProfile('p3').png().toBuffer();
  const stored = (await sharp(png, { ignoreIcc: true }).raw().toBuffer())[1];
  const converted = (await sharp(png).raw().toBuffer())[1];
  assert.notEqual(stored, converted, 'the profile changes the green level');
  const { gray } = await decodePhoto(new Uint8Array(png), false);
  assert.deepEqual([gray.width, gray.height], [64, 48]);
  assert.ok(gray.data.every((v) => v === stored), `grey levels ${[...new Set(gray.data)].join(', ')}, stored ${stored}, converted ${converted}`);
});

const heicFixture = async () => new Uint8Array(await readFile(new URL('../fixtures/photos/heic-scroll-phone.heic', import.meta.url)));

test("an HEVC-coded HEIC's working grey is its luma plane, upright, one byte a pixel", async () => {
  // The iPhone-style fixture (1,000 × 1,500, under the working size), turned
  // upright by its irot box. Without a preview only the luma plane is decoded;
  // it must be the luma of libheif's RGBA of the same photo (BT.601, as HEVC
  // codes it), up to the rounding of the colour conversion (measured: 99% of
  // pixels within 0.42 of a level, 0.13% more than a level off, where RGB clips,
  // up to 4). Its green channel differs from it by 5.5 levels on average.
  const heic = await heicFixture();
  const rgba = await decodeHeic(heic, 'rgba', 8);
  const { gray } = await decodePhoto(heic, false);
  assert.deepEqual([gray.width, gray.height], [rgba.width, rgba.height]);
  assert.equal(gray.data.length, rgba.width * rgba.height);
  let off = 0;
  for (let p = 0; p < gray.data.length; p++) {
    const [r, g, b] = [rgba.data[4 * p], rgba.data[4 * p + 1], rgba.data[4 * p + 2]];
    if (Math.abs(gray.data[p] - (0.299 * r + 0.587 * g + 0.114 * b)) > 1) off++;
  }
  assert.ok(off <= gray.data.length / 100, `${off} of ${gray.data.length} pixels more than a level off their RGBA's luma`);
});

test("with a preview, an HEVC-coded HEIC's working grey is the green channel of its RGBA, and the preview is in colour", async () => {
  const heic = await heicFixture();
  const rgba = await decodeHeic(heic, 'rgba', 8);
  const { gray, preview } = await decodePhoto(heic, true);
  let differing = 0;
  for (let p = 0; p < gray.data.length; p++) if (gray.data[p] !== rgba.data[4 * p + 1]) differing++;
  assert.equal(differing, 0);
  const meta = await sharp(preview).metadata();
  assert.equal(meta.channels, 3);
});

test('a damaged HEIC is refused as such, and the next one still decodes', async () => {
  const heic = await heicFixture();
  await assert.rejects(decodePhoto(heic.subarray(0, heic.length >> 1), false), /could not be decoded|damaged/);
  const { gray } = await decodePhoto(heic, false);
  assert.equal(gray.width, 1000);
});


test('a 10-bit HEIC (as some Android phones store photos) is decoded upright through RGBA, with or without a preview', async () => {
  // libheif-js hands out no plane deeper than eight bits, so its luma cannot be
  // taken as it is coded; the header says 10 bits, and the photo is converted to
  // RGBA, whose green channel is read. The same photo coded in 8 bits (its own
  // lossy coding) measured 2.7 levels off on average.
  const ten = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-scroll-phone-10bit.heic', import.meta.url)));
  const eight = await decodePhoto(await heicFixture(), true);
  for (const withPreview of [false, true]) {
    const { gray, preview } = await decodePhoto(ten, withPreview);
    assert.deepEqual([gray.width, gray.height], [eight.gray.width, eight.gray.height]);
    let sum = 0;
    for (let p = 0; p < gray.data.length; p++) sum += Math.abs(gray.data[p] - eight.gray.data[p]);
    assert.ok(sum / gray.data.length < 5, `${(sum / gray.data.length).toFixed(2)} levels off the 8-bit coding's green`);
    assert.equal(preview !== undefined, withPreview);
  }
});

test('a grey image under the working size is enlarged to it, its levels kept; one at the working size is not', async () => {
  // A vertical ramp, 600 × 450: enlarged by 8/3, 1,600 × 1,200, each row still its level.
  const [w, h] = [600, 450];
  const data = new Uint8Array(w * h).map((_, i) => 20 + Math.floor((Math.floor(i / w) * 200) / h));
  const enlarged = await enlargeToWorkingSize({ width: w, height: h, data });
  assert.ok(enlarged);
  assert.deepEqual([enlarged.width, enlarged.height], [WORKING_LONG_SIDE, 1200]);
  assert.equal(enlarged.data.length, enlarged.width * enlarged.height);
  for (const y of [0, 300, 600, 900, 1199]) {
    const level = data[Math.floor((y * h) / enlarged.height) * w];
    const row = enlarged.data.subarray(y * enlarged.width, (y + 1) * enlarged.width);
    assert.ok(row.every((v) => Math.abs(v - level) <= 1), `row ${y}: ${row[0]}…${row[row.length - 1]}, source ${level}`);
  }
  assert.deepEqual(await enlargeToWorkingSize({ width: 900, height: 1599, data: new Uint8Array(900 * 1599) }).then((g) => g && [g.width, g.height]), [901, WORKING_LONG_SIDE]);
  assert.equal(await enlargeToWorkingSize({ width: WORKING_LONG_SIDE, height: 900, data: new Uint8Array(WORKING_LONG_SIDE * 900) }), null);
});

test('a 12 MP JPEG is read at a third of its long side, decoded at half size; other sizes and formats at the working size', async () => {
  const photo = (width: number, height: number, format: 'jpeg' | 'png', orientation?: number) => {
    const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } });
    return (format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.png({ compressionLevel: 1 })).withMetadata(orientation ? { orientation } : {}).toBuffer().then((b) => new Uint8Array(b));
  };
  const read = async (bytes: Uint8Array, atWorkingSize = false) => {
    const { gray, reduced } = await decodePhoto(bytes, false, atWorkingSize);
    return { size: [gray.width, gray.height], reduced, levels: [...new Set(gray.data)] };
  };
  const twelve = await photo(4000, 3000, 'jpeg');
  const reduced = await read(twelve);
  assert.deepEqual([reduced.size, reduced.reduced], [[1333, 1000], true]);
  assert.ok(reduced.levels.every((v) => Math.abs(v - 120) <= 2), `green levels ${reduced.levels.join(', ')}`);
  assert.deepEqual(await read(twelve, true).then((r) => [r.size, r.reduced]), [[WORKING_LONG_SIDE, 1200], false]);
  // Upright first: a portrait phone photo stored sideways with its EXIF turn.
  assert.deepEqual(await read(await photo(4032, 3024, 'jpeg', 6)).then((r) => [r.size, r.reduced]), [[1008, 1344], true]);
  // Large enough to be decoded at half size for the working size itself; too small to be read under it.
  for (const [w, h] of [[4800, 3600], [3264, 2448]]) assert.deepEqual(await read(await photo(w, h, 'jpeg')).then((r) => [r.size, r.reduced]), [[WORKING_LONG_SIDE, 1200], false]);
  // Only JPEGs are decoded cheaper at half size.
  assert.deepEqual(await read(await photo(4000, 3000, 'png')).then((r) => [r.size, r.reduced]), [[WORKING_LONG_SIDE, 1200], false]);
});
