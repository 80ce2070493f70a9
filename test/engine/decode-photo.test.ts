import assert from 'node:assert/strict';
import { test } from 'node:test';
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
