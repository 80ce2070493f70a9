import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { decodePhoto } from '../../src/engine/decode-photo.ts';

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

test("an HEVC-coded HEIC's working grey is the green channel of its decoded pixels, one byte a pixel", async () => {
  // The iPhone-style fixture (1,000 × 1,500, under the working size): libheif's
  // RGBA, turned upright by the irot box, then its green channel.
  const heic = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-scroll-phone.heic', import.meta.url)));
  const rgba = await decodeHeic({ buffer: heic });
  const { gray } = await decodePhoto(heic, false);
  assert.deepEqual([gray.width, gray.height], [rgba.width, rgba.height]);
  assert.equal(gray.data.length, rgba.width * rgba.height);
  let differing = 0;
  for (let p = 0; p < gray.data.length; p++) if (gray.data[p] !== rgba.data[4 * p + 1]) differing++;
  assert.equal(differing, 0);
});
