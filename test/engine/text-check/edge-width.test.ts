import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgeWidth } from '../../../src/engine/text-check/edge-width.ts';
import type { Gray } from '../../../src/engine/raster.ts';

// The letters' edge width: a page of dark strokes on light parchment, sharp or
// blurred by a box of known width, read across its lines.

/** A page of `lines` lines of vertical strokes 6 px wide every 16 px, 40 px tall, each edge a ramp `ramp` px wide. */
function page(ramp: number, lines = 6): Gray {
  const width = 640;
  const height = lines * 80;
  const data = new Uint8Array(width * height).fill(220);
  for (let y = 0; y < height; y++) {
    if (y % 80 < 20 || y % 80 >= 60) continue;
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
  const sharp = edgeWidth(page(0), frames, spans)!;
  const blurred = edgeWidth(page(6), frames, spans)!;
  assert.ok(sharp <= 1 / 40, `${sharp}`);
  assert.ok(blurred >= 3 / 40 && blurred <= 5 / 40, `${blurred}`);
});

test('a page with too few edges says nothing of its sharpness', () => {
  assert.equal(edgeWidth(page(0), [frames[0]], [[0, 40]]), null);
});
