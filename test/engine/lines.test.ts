import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Blob } from '../../src/engine/components.ts';
import { decodePhoto } from '../../src/engine/decode-photo.ts';
import { inkBlobs } from '../../src/engine/reader/inks.ts';
import { findLines } from '../../src/engine/lines/find-lines.ts';
import { letterHeightAt } from '../../src/engine/lines/line.ts';
import { vanishingPointOfLines, withSizesAlongLines } from '../../src/engine/lines/perspective.ts';
import { reduce, type Gray } from '../../src/engine/raster.ts';
import { createRandom } from '../../tools/synth/index.ts';
import { tunePhoto } from '../../tools/scenes/index.ts';

/**
 * Letter-sized blobs on `lines` horizontal lines of `letters` each, lines set
 * `linePitch` apart and letters `letterPitch` apart, centres jittered.
 */
function page(lines: number, letters: number, letterPitch: number, linePitch: number, seed: number): Blob[] {
  const rnd = createRandom(seed);
  const size = 16;
  const blobs: Blob[] = [];
  for (let l = 0; l < lines; l++) {
    for (let k = 0; k < letters; k++) {
      const cx = 60 + k * letterPitch + rnd.normal() * 2.5;
      const cy = 60 + l * linePitch + rnd.normal() * 2.5;
      blobs.push({ area: 150, minX: cx - size / 2, maxX: cx + size / 2, minY: cy - size / 2, maxY: cy + size / 2, cx, cy });
    }
  }
  return blobs;
}

test('lines set closer than letters are still read along the text, not down the columns (the rival direction)', () => {
  // Lines 22 px apart, letters 23 px apart: a letter's nearest neighbour is
  // more often the one above or below than the next on its line, so the
  // dominant link direction runs down the columns. Read along the text, the
  // 22 lines gather the letters into fewer, longer lines, and that reading wins.
  const blobs = page(22, 30, 23, 22, 7);
  const layout = findLines(blobs, 900, 700);
  assert.ok(layout, 'lines are found');
  const along = Math.abs(Math.sin(layout.angle));
  assert.ok(along < 0.2, `text direction ${((layout.angle * 180) / Math.PI).toFixed(1)}° should be horizontal`);
  // Down the columns no line could hold more than 22 letters.
  const long = layout.lines.filter((line) => line.blobs.length >= 25).length;
  assert.ok(long >= 15, `${long} of 22 lines hold most of their 30 letters`);
});

test('ordinary spacing (letters closer than lines) is read along the text', () => {
  const layout = findLines(page(22, 30, 20, 34, 8), 900, 900);
  assert.ok(layout && Math.abs(Math.sin(layout.angle)) < 0.2);
  assert.ok(layout.lines.filter((line) => line.blobs.length >= 25).length >= 15);
});

test('marks above the letters (crowns, dots) do not turn the text direction down the columns', () => {
  // A page turned by 15°, every letter with a small mark just above it (a
  // crown's tip, a dot: ink too small to be a letter). Each letter's nearest
  // neighbour is then its own mark, so links between all blobs run across the
  // lines; the direction must come from the letters alone.
  const letters = page(22, 30, 20, 34, 9);
  const turn = (15 * Math.PI) / 180;
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  const blobs: Blob[] = [];
  const place = (x: number, y: number, half: number, area: number) => {
    const cx = 500 + (x - 350) * c - (y - 400) * s;
    const cy = 500 + (x - 350) * s + (y - 400) * c;
    blobs.push({ area, minX: cx - half, maxX: cx + half, minY: cy - half, maxY: cy + half, cx, cy });
  };
  for (const b of letters) {
    place(b.cx, b.cy, 8, 150);
    place(b.cx, b.cy - 12, 2, 16);
  }
  const layout = findLines(blobs, 1000, 1000);
  assert.ok(layout, 'lines are found');
  // The text runs at 15° (mod 180°).
  const off = Math.abs(Math.sin(layout.angle - turn));
  assert.ok(off < 0.1, `text direction ${((layout.angle * 180) / Math.PI).toFixed(1)}° should be 15°`);
  assert.ok(layout.lines.filter((line) => line.blobs.length >= 25).length >= 15);
});

/** The text direction findLines reads in a grey image, in degrees (mod 180°, within ±90°), its ink as the engine's first reading takes it. */
function textDirection(img: Gray): number {
  const { blobs } = inkBlobs(img);
  const layout = findLines(blobs, img.width, img.height);
  assert.ok(layout, 'lines are found');
  const degrees = (layout.angle * 180) / Math.PI;
  return ((((degrees + 90) % 180) + 180) % 180) - 90;
}

test('the text direction of a near-frontal photo is where its rows of letters are sharpest, not where links between letters peak', async () => {
  // The tune set's (seed 1101) scroll r0163, its second registration photo: 1.3° of
  // tilt, 0.5° of roll. Its letters' links to their nearest neighbours spread ±20°
  // (crowns, descenders, letters of uneven heights) and peaked at −7.4° in the photo
  // at half size and +5.6° at full size; the lines were chained along those.
  const photo = await tunePhoto(163, 'ref2');
  assert.ok(Math.abs(photo.info.roll) < 1 && photo.info.tilt < 2, 'the shot of the tune set: near frontal');
  const { gray } = await decodePhoto(new Uint8Array(photo.jpeg), false);
  for (const img of [reduce(gray, 2), gray]) {
    const direction = textDirection(img);
    assert.ok(Math.abs(direction - photo.info.roll) < 1.5, `text direction ${direction.toFixed(1)}° for a roll of ${photo.info.roll.toFixed(1)}° (${img.width} px wide)`);
  }
});

/** 22 lines of 30 letters whose linear size grows `growth` times from the left edge to the right (a page turned away), centres jittered. */
function receding(growth: number, seed: number): Blob[] {
  const rnd = createRandom(seed);
  const blobs: Blob[] = [];
  for (let l = 0; l < 22; l++) {
    let cx = 60;
    for (let k = 0; k < 30; k++) {
      const scale = growth ** (k / 29);
      const size = 14 * scale * (0.8 + 0.4 * rnd.next());
      const cy = 60 + l * 40 + rnd.normal() * 1.5;
      blobs.push({ area: Math.round(0.6 * size * size), minX: cx - size / 2, maxX: cx + size / 2, minY: cy - size / 2, maxY: cy + size / 2, cx, cy });
      cx += 20 * scale;
    }
  }
  return blobs;
}

test('letters growing along the lines are measured so: each line\'s letter height where it passes follows them; letters of one size leave it flat', () => {
  for (const [growth, seed] of [[1.8, 3], [1, 4]] as const) {
    const blobs = receding(growth, seed);
    const found = findLines(blobs, 1400, 1000);
    assert.ok(found && found.lines.length === 22, `lines found: ${found?.lines.length}`);
    const sized = withSizesAlongLines(found, blobs);
    for (const line of sized.lines) {
      const ratio = letterHeightAt(line, line.uMax) / letterHeightAt(line, line.uMin);
      assert.ok(Math.abs(Math.log(ratio / growth)) < 0.15, `growth ${growth}: the line's letters measured to grow ${ratio.toFixed(2)} times`);
    }
    for (const line of found.lines) assert.equal(letterHeightAt(line, line.uMax), line.letterHeight, 'without it, one height along each line');
  }
});

/**
 * 22 lines of letters meeting at `vanishing` (a page seen at a steep tilt), the
 * lines `spreadDegrees` apart in all, every letter `pitch` px along x from the
 * first at x = 100; centres jittered.
 */
function fanning(vanishing: readonly [number, number], spreadDegrees: number, seed: number): Blob[] {
  const rnd = createRandom(seed);
  const blobs: Blob[] = [];
  for (let l = 0; l < 22; l++) {
    const slope = Math.tan((((l / 21 - 0.5) * spreadDegrees) * Math.PI) / 180);
    for (let x = 100; x < 1000; x += 24) {
      const cx = x + rnd.normal() * 1.5;
      const cy = vanishing[1] + slope * (x - vanishing[0]) + rnd.normal() * 1.5;
      blobs.push({ area: 150, minX: cx - 8, maxX: cx + 8, minY: cy - 8, maxY: cy + 8, cx, cy });
    }
  }
  return blobs;
}

test('lines that fan are found to meet where they do; parallel lines have no vanishing point', () => {
  const vanishing = [3000, 500] as const;
  const blobs = fanning(vanishing, 12, 5);
  const layout = findLines(blobs, 1200, 1000);
  assert.ok(layout && layout.lines.length >= 18, `lines found: ${layout?.lines.length}`);
  const fan = vanishingPointOfLines(layout, blobs);
  assert.ok(fan, 'a fan of 12° is measured');
  const reach = Math.hypot(vanishing[0] - fan.centre[0], vanishing[1] - fan.centre[1]);
  const off = Math.hypot(fan.vanishing[0] - vanishing[0], fan.vanishing[1] - vanishing[1]);
  assert.ok(off < 0.15 * reach, `vanishing point (${fan.vanishing.map((v) => v.toFixed(0))}) is ${off.toFixed(0)} px from the true one, ${reach.toFixed(0)} px from the text`);
  const parallel = page(22, 30, 24, 30, 6);
  const flat = findLines(parallel, 1000, 1000);
  assert.ok(flat);
  assert.equal(vanishingPointOfLines(flat, parallel), null);
});
