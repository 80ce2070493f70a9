// What people are shown of a text check on a photo (src/pictures/): the photo
// upright whatever its format, each finding's box cut out with its context and
// enlarged, the box outlined; the photo for a page, never enlarged.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { UnsupportedImageError } from '../../src/engine/types.ts';
import { cropFinding, cropRegion, FINDING_CROP_LONG_SIDE, photoForPage } from '../../src/pictures/finding-pictures.ts';
import { openUprightPhoto, uprightSizeOf } from '../../src/pictures/upright-photo.ts';

/** Grey parchment with one black square at (x, y), `side` wide, in a `width` × `height` picture. */
async function markedRaw(width: number, height: number, mark: { x: number; y: number; side: number }): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3, 200);
  for (let y = mark.y; y < mark.y + mark.side; y++) pixels.fill(0, (y * width + mark.x) * 3, (y * width + mark.x + mark.side) * 3);
  return pixels;
}

/** The grey level at the middle of a JPEG. */
async function middleGrey(jpeg: Uint8Array): Promise<number> {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data[Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)];
}

describe('cropRegion', () => {
  test('the box with context on each side, kept inside the photo', () => {
    const size = { width: 1000, height: 800 };
    // Context: 1.5 × the box's longer side (20) = 30 on each side.
    assert.deepEqual(cropRegion(size, [500, 400, 10, 20]), { left: 470, top: 370, width: 70, height: 80 });
    assert.deepEqual(cropRegion(size, [0, 0, 10, 20]), { left: 0, top: 0, width: 40, height: 50 });
    assert.deepEqual(cropRegion(size, [990, 790, 10, 10]), { left: 974, top: 774, width: 26, height: 26 });
    // A box of a dot still gets context enough to see its neighbours.
    assert.deepEqual(cropRegion(size, [500, 400, 2, 2]), { left: 484, top: 384, width: 34, height: 34 });
  });
});

describe('cropFinding', () => {
  test('cuts the upright photo where the box is, even when the JPEG holds its pixels turned (EXIF orientation 6)', async () => {
    // Upright: 300 wide, 400 tall, the mark at (200, 100). Stored turned: the sensor's 400 × 300
    // pixels, which orientation 6 turns 90° clockwise; the upright (200, 100) is the stored (100, 99).
    const upright = await markedRaw(300, 400, { x: 200, y: 100, side: 20 });
    const stored = await sharp(upright, { raw: { width: 300, height: 400, channels: 3 } }).rotate(-90).raw().toBuffer({ resolveWithObject: true });
    const jpeg = new Uint8Array(await sharp(stored.data, { raw: stored.info }).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer());
    const photo = await openUprightPhoto(jpeg);
    assert.deepEqual([photo.width, photo.height], [300, 400]);
    const crop = await cropFinding(photo, [200, 100, 20, 20]);
    const meta = await sharp(crop).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.deepEqual([meta.width, meta.height], [FINDING_CROP_LONG_SIDE, FINDING_CROP_LONG_SIDE]);
    assert.ok((await middleGrey(crop)) < 40, 'the mark is in the middle');
    const elsewhere = await cropFinding(photo, [40, 300, 20, 20]);
    assert.ok((await middleGrey(elsewhere)) > 150, 'parchment elsewhere');
  });

  test('outlines the box on the crop', async () => {
    const png = new Uint8Array(await sharp(await markedRaw(200, 200, { x: 90, y: 90, side: 20 }), { raw: { width: 200, height: 200, channels: 3 } }).png().toBuffer());
    const crop = await cropFinding(await openUprightPhoto(png), [90, 90, 20, 20]);
    // The region is 80 × 80 (30 of context each side), enlarged 4.5×: the box's edge at 30 × 4.5 = 135.
    const { data, info } = await sharp(crop).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r, g, b] = at(134, 180);
    assert.ok(r > 150 && g > 80 && g < 160 && b < 60, `orange outline at the box's edge, got ${[r, g, b]}`);
  });

  test('an HEVC-coded HEIC is opened upright by the engine\'s decoder, as its header says', async () => {
    const heic = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-scroll-phone.heic', import.meta.url)));
    const size = await uprightSizeOf(heic);
    const photo = await openUprightPhoto(heic);
    assert.deepEqual([photo.width, photo.height], [size.width, size.height]);
    assert.ok(photo.height > photo.width, 'the irot box turns it to portrait');
    const crop = await cropFinding(photo, [Math.round(photo.width / 2), Math.round(photo.height / 2), 30, 40]);
    assert.equal(Math.max((await sharp(crop).metadata()).width ?? 0, (await sharp(crop).metadata()).height ?? 0), FINDING_CROP_LONG_SIDE);
  });

  test('what the engine refuses is refused here too', async () => {
    await assert.rejects(openUprightPhoto(new TextEncoder().encode('not a photo')), UnsupportedImageError);
  });
});

describe('photoForPage', () => {
  test('brought down to the long side asked for, never enlarged', async () => {
    const png = new Uint8Array(await sharp(await markedRaw(400, 200, { x: 0, y: 0, side: 10 }), { raw: { width: 400, height: 200, channels: 3 } }).png().toBuffer());
    const photo = await openUprightPhoto(png);
    const small = await photoForPage(photo, 100);
    assert.deepEqual([small.width, small.height], [100, 50]);
    assert.equal((await sharp(small.jpeg).metadata()).format, 'jpeg');
    const whole = await photoForPage(photo, 1000);
    assert.deepEqual([whole.width, whole.height], [400, 200]);
  });
});
