import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgeWidths } from '../../../src/engine/text-check/edge-width.ts';
import type { Gray } from '../../../src/engine/raster.ts';

// The letters' edge width: a page of dark strokes on light parchment, sharp or
// blurred by a box of known width, read across its lines.

/** A page of `lines` lines of vertical strokes 6 px wide every 16 px, 40 px tall, each edge a ramp `rampOf(line)` px wide. */
function page(rampOf: number | ((line: number) => number), lines = 6): Gray {
  const width = 640;
  const height = lines * 80;
  const data = new Uint8Array(width * height).fill(220);
  for (let y = 0; y < height; y++) {
    if (y % 80 < 20 || y % 80 >= 60) continue;
    const ramp = typeof rampOf === 'number' ? rampOf : rampOf(Math.floor(y / 80));
    for (let x = 0; x < width; x++) {
      const inStroke = (p: number) => p % 16 >= 5 && p % 16 < 11;
      // The stroke's share of a box `ramp` wide around x: a ramp from parchment to ink.
      let share = 0;
      for (let k = 0; k < ramp; k++) share += inStroke(x + k - (ramp >> 1)) ? 1 : 0;
      data[y * width + x] = Math.round(220 - 180 * (ramp === 0 ? (inStroke(x) ? 1 : 0) : share / ramp));
    }
  }
  return { width, height, data };
}
const frames = Array.from({ length: 6 }, (_, l) => ({ top: l * 80 + 20, base: l * 80 + 60 }));
const spans = frames.map(() => [0, 640] as [number, number]);

test('edges are read as wide as the blur makes them, in letter heights', () => {
  const sharp = edgeWidths(page(0), frames, spans).page!;
  const blurred = edgeWidths(page(6), frames, spans).page!;
  assert.ok(sharp <= 1 / 40, `${sharp}`);
  assert.ok(blurred >= 3 / 40 && blurred <= 5 / 40, `${blurred}`);
});

test('a line blurred on a sharp page is read blurred, line by line, the page sharp', () => {
  const { page: whole, lines } = edgeWidths(page((line) => (line === 2 ? 6 : 0)), frames, spans);
  assert.ok(whole! <= 1 / 40, `${whole}`);
  lines.forEach((width, l) => assert.ok(l === 2 ? width! >= 3 / 40 && width! <= 5 / 40 : width! <= 1 / 40, `line ${l}: ${width}`));
});

test('a page with too few edges says nothing of its sharpness, nor a line of its own', () => {
  assert.deepEqual(edgeWidths(page(0), [frames[0], null], [[0, 24], null]), { page: null, lines: [null, null] });
  // Strokes blurred across their whole width: no edge falls from parchment to ink in a few pixels.
  assert.deepEqual(edgeWidths(page((line) => (line === 1 ? 30 : 0)), frames, spans).lines.map((w) => w === null), [false, true, false, false, false, false]);
});
