import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { focalLength35mm } from '../../src/engine/exif-focal.ts';
import { describeShot, photographScroll } from '../../tools/synth/camera.ts';
import { makeScribe } from '../../tools/synth/scribe.ts';
import { makeScroll } from '../../tools/synth/scroll.ts';

const scroll = makeScroll(makeScribe(4), 9);

test('a photo has the size and orientation asked for, and says so', async () => {
  const portrait = await photographScroll(scroll, { kind: 'phone', seed: 1, long: 640, aspect: 4 / 3, orientation: 'portrait', exif: 1 });
  const meta = await sharp(portrait.jpeg).metadata();
  assert.equal(meta.format, 'jpeg');
  assert.deepEqual([meta.width, meta.height], [480, 640]);
  assert.deepEqual([portrait.info.width, portrait.info.height, portrait.info.long], [480, 640, 640]);

  const landscape = await photographScroll(scroll, { kind: 'phone', seed: 1, megapixels: 0.3, aspect: 16 / 9, orientation: 'landscape', exif: 1 });
  const { width, height } = await sharp(landscape.jpeg).metadata();
  assert.ok(width! > height!);
  assert.ok(Math.abs((width! * height!) / 1e6 - 0.3) < 0.01);
  assert.ok(Math.abs(width! / height! - 16 / 9) < 0.01);
});

test('an EXIF-tagged photo is stored turned, and upright once the tag is honoured', async () => {
  const spec = { kind: 'phone', seed: 2, long: 400, aspect: 4 / 3, orientation: 'portrait', exif: 6 } as const;
  const tagged = await photographScroll(scroll, spec);
  const plain = await photographScroll(scroll, { ...spec, exif: 1 });
  const meta = await sharp(tagged.jpeg).metadata();
  assert.deepEqual([meta.width, meta.height, meta.orientation], [400, 300, 6]);
  assert.deepEqual([tagged.info.width, tagged.info.height, tagged.info.exif], [300, 400, 6]);
  const upright = await sharp(tagged.jpeg).rotate().greyscale().resize(30, 40).raw().toBuffer();
  const reference = await sharp(plain.jpeg).greyscale().resize(30, 40).raw().toBuffer();
  let difference = 0;
  for (let i = 0; i < upright.length; i++) difference += Math.abs(upright[i] - reference[i]);
  assert.ok(difference / upright.length < 4, `mean difference ${difference / upright.length}`);
});

test("the lens's angle of view is reported as a 35 mm equivalent, and stored in the EXIF only when asked", async () => {
  const spec = { kind: 'phone', seed: 3, long: 400, aspect: 4 / 3, exif: 6 } as const;
  const main = await photographScroll(scroll, spec);
  assert.ok(main.info.focal35 >= 24 && main.info.focal35 <= 29.5, `main camera ${main.info.focal35} mm`);
  assert.equal(focalLength35mm((await sharp(main.jpeg).metadata()).exif), null, 'no focal length stored unless asked');
  // Asked, the same photo with the focal length in its EXIF: the same pixels,
  // so a bench condition with and without it differs in what the EXIF says only.
  const tagged = await photographScroll(scroll, { ...spec, exifFocal: true });
  assert.equal(focalLength35mm((await sharp(tagged.jpeg).metadata()).exif), Math.round(main.info.focal35));
  assert.deepEqual(await sharp(tagged.jpeg).raw().toBuffer(), await sharp(main.jpeg).raw().toBuffer(), 'the EXIF is all that differs');
  const wide = await photographScroll(scroll, { ...spec, fov: 105, exifFocal: true });
  assert.equal(wide.info.focal35, 13.3);
  const meta = await sharp(wide.jpeg).metadata();
  assert.equal(focalLength35mm(meta.exif), 13);
  assert.equal(meta.orientation, 6, 'the orientation tag is kept beside it');
});

test('the same shot of the same scroll gives the same bytes; another seed does not', async () => {
  const spec = { kind: 'phone', seed: 7, megapixels: 0.25, finger: true, glare: true, shadow: 0.4, motion: 3 } as const;
  const a = await photographScroll(scroll, spec);
  const b = await photographScroll(makeScroll(makeScribe(4), 9), spec);
  assert.ok(Buffer.from(a.jpeg).equals(Buffer.from(b.jpeg)));
  assert.deepEqual(a.info, b.info);
  const c = await photographScroll(scroll, { ...spec, seed: 8 });
  assert.ok(!Buffer.from(a.jpeg).equals(Buffer.from(c.jpeg)));
});

test('conditions given in the spec override the draw and are reported', async () => {
  // Landscape, so that the sheet turned a quarter fits the frame at the coverage asked for.
  const sut = await photographScroll(scroll, { kind: 'phone', seed: 3, megapixels: 0.25, orientation: 'landscape', tilt: 30, roll: 90, curl: 0.05, bg: 'tile', jpeg: 60, coverage: 0.5 });
  assert.equal(sut.info.tilt, 30);
  assert.equal(sut.info.roll, 90);
  assert.equal(sut.info.curl, 0.05);
  assert.equal(sut.info.bg, 'tile');
  assert.equal(sut.info.jpeg, 60);
  assert.ok(Math.abs(sut.info.coverage - 0.5) < 0.12, `measured coverage ${sut.info.coverage}`);
  // Turned a quarter clockwise: the top edge of the scroll (first two corners) now runs down the frame.
  const [[x0, y0], [x1, y1]] = sut.info.corners;
  assert.ok(Math.abs(y1 - y0) > Math.abs(x1 - x0));
});

test('fixing one condition leaves the rest of the shot as the seed draws it', () => {
  // So a condition can be varied alone, and a spec can be planned ahead of its photo
  // (the unreadable-blur image sizes its blur from the scale of the shot it fixes the blur of).
  const fixes = { tilt: 12, roll: 45, coverage: 0.6, curl: 0.03, bg: 'cloth', exposure: 0.8, defocus: 6, motion: 4, jpeg: 70, finger: true, glare: true, shadow: 0.3 } as const;
  // Tilt, roll, coverage and curl move the camera to frame the sheet as asked, so they alone may change the scale.
  const framing = new Set(['tilt', 'roll', 'coverage', 'curl']);
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const spec = { kind: 'phone', seed } as const;
    const drawn = describeShot(scroll, spec);
    for (const [name, value] of Object.entries(fixes)) {
      const fixed = describeShot(scroll, { ...spec, [name]: value });
      assert.deepEqual({ ...fixed.conditions, [name]: null }, { ...drawn.conditions, [name]: null }, `seed ${seed}: fixing ${name} keeps the other conditions`);
      if (!framing.has(name)) assert.equal(fixed.pxPerMm, drawn.pxPerMm, `seed ${seed}: fixing ${name} keeps the pose`);
    }
  }
});

test('conditions are honoured in the picture, not only reported', async () => {
  const side = (corners: readonly (readonly [number, number])[], i: number): number =>
    Math.hypot(corners[(i + 1) % 4][0] - corners[i][0], corners[(i + 1) % 4][1] - corners[i][1]);
  const foreshortening = (corners: readonly (readonly [number, number])[]): number =>
    Math.max(side(corners, 0) / side(corners, 2), side(corners, 2) / side(corners, 0), side(corners, 1) / side(corners, 3), side(corners, 3) / side(corners, 1));
  const inFrame = ({ info }: Awaited<ReturnType<typeof photographScroll>>): boolean =>
    info.corners.every(([x, y]) => x >= 0 && y >= 0 && x <= info.width && y <= info.height);
  const brightness = async (jpeg: Buffer): Promise<number> => (await sharp(jpeg).greyscale().stats()).channels[0].mean;
  for (const seed of [1, 2]) {
    // Fixed so that only the condition under test changes between two shots of a seed.
    const base = { kind: 'phone', seed, megapixels: 0.05, roll: 0, curl: 0, coverage: 0.5, exif: 1 } as const;

    const frontal = await photographScroll(scroll, { ...base, tilt: 0 });
    const corners = frontal.info.corners;
    assert.ok(foreshortening(corners) < 1.01, 'seen square on, opposite edges are equal');
    assert.ok(Math.abs(side(corners, 0) / side(corners, 1) / (scroll.widthMm / scroll.heightMm) - 1) < 0.02, 'with the sheet’s proportions');
    const tilted = await photographScroll(scroll, { ...base, tilt: 35 });
    assert.ok(foreshortening(tilted.info.corners) > 1.2, `tilted, the far edge is shorter (${foreshortening(tilted.info.corners).toFixed(2)})`);

    assert.ok(!inFrame(await photographScroll(scroll, { ...base, crop: true })), 'a cropped shot loses a corner');
    assert.ok(inFrame(await photographScroll(scroll, { ...base, crop: false })), 'an uncropped shot keeps all four');

    const dim = await photographScroll(scroll, { ...base, exposure: 0.6 });
    const bright = await photographScroll(scroll, { ...base, exposure: 1.2 });
    assert.ok((await brightness(bright.jpeg)) > 1.6 * (await brightness(dim.jpeg)), 'exposure scales the brightness');

    // A fingertip covers a patch of the frame: strongly changed there, untouched elsewhere.
    const [withFinger, without] = await Promise.all(
      [true, false].map(async (finger) => sharp((await photographScroll(scroll, { ...base, finger })).jpeg).greyscale().raw().toBuffer()),
    );
    let changed = 0;
    for (let i = 0; i < withFinger.length; i++) if (Math.abs(withFinger[i] - without[i]) > 40) changed++;
    assert.ok(changed > 0.001 * withFinger.length && changed < 0.25 * withFinger.length, `finger changed ${changed} of ${withFinger.length} pixels`);
  }
});

test('registration shots are near frontal, well lit, on a plain backdrop', async () => {
  for (const seed of [1, 2, 3]) {
    const { info } = await photographScroll(scroll, { kind: 'registration', seed, megapixels: 0.2 });
    assert.ok(info.tilt <= 8 && Math.abs(info.roll) <= 4 && info.curl <= 0.006);
    assert.ok(['plain', 'paper'].includes(info.bg));
    assert.ok(!info.finger && !info.crop && !info.glare && info.shadow === 0 && info.motion === 0 && info.exif === 1);
    assert.ok(info.coverage > 0.3 && info.coverage < 0.75, `coverage ${info.coverage}`);
  }
});

test('default sizes: phone photos 1 to 12 megapixels, registrations 2 to 8, mostly portrait', () => {
  const megapixels = (kind: 'phone' | 'registration', seed: number): number => {
    const { conditions } = describeShot(scroll, { kind, seed });
    return (conditions.width * conditions.height) / 1e6;
  };
  const phone = Array.from({ length: 200 }, (_, seed) => megapixels('phone', seed));
  assert.ok(Math.min(...phone) >= 0.99 && Math.max(...phone) <= 12.25, `phone ${Math.min(...phone)}–${Math.max(...phone)} MP`);
  assert.ok(Math.max(...phone) > 10 && Math.min(...phone) < 1.5, 'the whole range is used');
  const registration = Array.from({ length: 200 }, (_, seed) => megapixels('registration', seed));
  assert.ok(Math.min(...registration) >= 1.99 && Math.max(...registration) <= 8.01);
  const tilts = Array.from({ length: 200 }, (_, seed) => describeShot(scroll, { kind: 'phone', seed }).conditions.tilt);
  assert.ok(Math.max(...tilts) <= 35 && Math.max(...tilts) > 30);
});
