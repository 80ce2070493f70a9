import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import sharp from 'sharp';
import { decodePhoto } from '../../src/engine/decode-photo.ts';
import { focalLength35mm, focalShareOfLongSide } from '../../src/engine/exif-focal.ts';
import { readPhotoHeader } from '../../src/engine/photo-format.ts';

const jpegWithFocal = (focal: string | null, orientation = 1) => {
  let image = sharp({ create: { width: 96, height: 72, channels: 3, background: '#d8c8a0' } });
  if (focal !== null) image = image.withExif({ IFD2: { FocalLengthIn35mmFilm: focal } });
  if (orientation !== 1) image = image.withMetadata({ orientation });
  return image.jpeg().toBuffer();
};

test("a photo's 35 mm equivalent focal length is read from its EXIF, and its share of the long side whatever the turn", async () => {
  for (const [mm, orientation] of [[13, 1], [26, 6], [77, 3]] as const) {
    const jpeg = await jpegWithFocal(String(mm), orientation);
    assert.equal(focalLength35mm((await sharp(jpeg).metadata()).exif), mm);
    const decoded = await decodePhoto(new Uint8Array(jpeg), false);
    assert.ok(Math.abs((decoded.focalShare ?? 0) - focalShareOfLongSide(mm, 4, 3)) < 1e-12, `${mm} mm: ${decoded.focalShare}`);
  }
  // A main camera (26 mm) on a 4:3 photo is the share assumed without EXIF.
  assert.ok(Math.abs(focalShareOfLongSide(26, 4000, 3000) - 0.751) < 0.001);
  assert.equal(focalShareOfLongSide(26, 3000, 4000), focalShareOfLongSide(26, 4000, 3000));
});

test("a HEIF's EXIF is read as a JPEG's (libheif's header parse, the same for HEVC and AV1; sharp writes AV1)", async () => {
  const heif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aaa' } })
    .withExif({ IFD2: { FocalLengthIn35mmFilm: '26' } })
    .heif({ compression: 'av1' })
    .toBuffer();
  const header = await readPhotoHeader(new Uint8Array(heif));
  assert.deepEqual([header.format, header.compression, header.focal35], ['heif', 'av1', 26]);
});

test("an iPhone-style HEVC-coded HEIC's EXIF lens is read from its header", async () => {
  // test/fixtures/photos/heic-ultrawide-exif.heic: a 96 × 72 JPEG with
  // FocalLengthIn35mmFilm 13 (written by sharp) through Debian's heif-enc
  // (libheif 1.15.1, x265): `heif-enc -q 50 -o heic-ultrawide-exif.heic in.jpg`
  // carries the JPEG's EXIF into the HEIF as its Exif item.
  const heic = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-ultrawide-exif.heic', import.meta.url)));
  const header = await readPhotoHeader(heic);
  assert.deepEqual([header.format, header.compression, header.focal35], ['heif', 'hevc', 13]);
  const decoded = await decodePhoto(heic, false);
  assert.deepEqual([decoded.gray.width, decoded.gray.height], [96, 72]);
  assert.ok(Math.abs((decoded.focalShare ?? 0) - focalShareOfLongSide(13, 4, 3)) < 1e-12);
});

test('no focal length without the tag, and none believed outside 10–300 mm', async () => {
  assert.equal((await decodePhoto(new Uint8Array(await jpegWithFocal(null)), false)).focalShare, null);
  assert.equal((await decodePhoto(new Uint8Array(await jpegWithFocal(null, 6)), false)).focalShare, null, 'EXIF with only an orientation');
  for (const mm of ['0', '5', '999']) assert.equal((await decodePhoto(new Uint8Array(await jpegWithFocal(mm)), false)).focalShare, null, `${mm} mm`);
});

/** A TIFF structure with IFD0 pointing at an Exif IFD that holds one entry (tag, type, value). */
function tiff(littleEndian: boolean, tag: number, type: number, value: number): Uint8Array {
  const bytes = new Uint8Array(8 + 18 + 18);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, littleEndian ? 0x4949 : 0x4d4d);
  view.setUint16(2, 42, littleEndian);
  view.setUint32(4, 8, littleEndian);
  // IFD0: one entry, the Exif IFD pointer (LONG) to offset 26.
  view.setUint16(8, 1, littleEndian);
  view.setUint16(10, 0x8769, littleEndian);
  view.setUint16(12, 4, littleEndian);
  view.setUint32(14, 1, littleEndian);
  view.setUint32(18, 26, littleEndian);
  view.setUint32(22, 0, littleEndian);
  view.setUint16(26, 1, littleEndian);
  view.setUint16(28, tag, littleEndian);
  view.setUint16(30, type, littleEndian);
  view.setUint32(32, 1, littleEndian);
  if (type === 3) view.setUint16(36, value, littleEndian);
  else view.setUint32(36, value, littleEndian);
  return bytes;
}

test('the EXIF reader takes either byte order, SHORT or LONG, with or without the Exif header, and stays within the block', () => {
  assert.equal(focalLength35mm(tiff(true, 0xa405, 3, 28)), 28);
  assert.equal(focalLength35mm(tiff(false, 0xa405, 3, 28)), 28);
  assert.equal(focalLength35mm(tiff(false, 0xa405, 4, 120)), 120);
  const withHeader = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff(false, 0xa405, 3, 24)]);
  assert.equal(focalLength35mm(withHeader), 24);
  assert.equal(focalLength35mm(tiff(true, 0xa406, 3, 28)), null, 'another tag');
  assert.equal(focalLength35mm(tiff(true, 0xa405, 5, 28)), null, 'a RATIONAL is not this tag');
  const whole = tiff(true, 0xa405, 3, 28);
  for (let cut = 0; cut < whole.length - 4; cut++) assert.equal(focalLength35mm(whole.subarray(0, cut)), null, `cut at ${cut}`);
  const loop = tiff(true, 0xa405, 3, 28);
  new DataView(loop.buffer).setUint32(18, 8, true);
  assert.equal(focalLength35mm(loop), null, 'an Exif pointer back at IFD0');
  assert.equal(focalLength35mm(new Uint8Array([1, 2, 3])), null);
  assert.equal(focalLength35mm(undefined), null);
});

test('an EXIF block with any of its bytes changed gives a focal length or none, never an exception', () => {
  // Every byte of a valid block set to every value in turn: offsets, counts and
  // types pointing anywhere (a photo's EXIF is the client's to write).
  const whole = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff(false, 0xa405, 3, 28)]);
  let read = 0;
  for (let at = 0; at < whole.length; at++) {
    for (let value = 0; value < 256; value++) {
      const changed = whole.slice();
      changed[at] = value;
      const focal = focalLength35mm(changed);
      if (focal !== null) read++;
      assert.ok(focal === null || (focal >= 10 && focal <= 300));
    }
  }
  assert.ok(read > 0);
});
