// comparePoints on constructed fingerprints: what a second photo of the same
// ink does to word ends (a smooth distortion, thicker or thinner strokes, words
// tied to the wrong place), against another scroll's hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { comparePoints, MATCH_THRESHOLD } from '../../src/engine/compare.ts';
import type { ScrollPoints } from '../../src/engine/fingerprint.ts';
import { applyHomography, invertHomography } from '../../src/engine/homography.ts';
import { CANONICAL_X, CANONICAL_Y, TEMPLATE_LINES, WORD_END_COUNT } from '../../src/engine/template.ts';

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

/** A hand: every word end off its template place by a drift that accumulates along the line. */
function hand(seed: number): ScrollPoints {
  const rnd = random(seed);
  const keys = new Uint16Array(WORD_END_COUNT);
  const xs = new Float32Array(WORD_END_COUNT);
  const ys = new Float32Array(WORD_END_COUNT);
  for (const line of TEMPLATE_LINES) {
    let drift = 0;
    for (const word of line) {
      for (const key of [2 * word.id, 2 * word.id + 1]) {
        drift += 0.012 * rnd();
        keys[key] = key;
        xs[key] = CANONICAL_X[key] + drift;
        ys[key] = CANONICAL_Y[key] + 0.002 * rnd();
      }
    }
  }
  return { keys, xs, ys };
}

type Photo = { readonly noise?: number; readonly thicker?: number; readonly misTiedLines?: number; readonly seed?: number };

/** The same ink seen again: a smooth distortion, measurement noise, strokes thicker by `thicker` on each side, lines tied one word off. */
function photograph(scroll: ScrollPoints, photo: Photo = {}): ScrollPoints {
  const rnd = random(photo.seed ?? 7);
  const xs = new Float32Array(scroll.xs.length);
  const ys = new Float32Array(scroll.ys.length);
  for (let i = 0; i < scroll.keys.length; i++) {
    const x = scroll.xs[i];
    const y = scroll.ys[i];
    const start = scroll.keys[i] % 2 === 0;
    xs[i] = 0.01 + 1.02 * x + 0.01 * y * y + 0.004 * x * x * y + (start ? -1 : 1) * (photo.thicker ?? 0) + (photo.noise ?? 0.0003) * rnd();
    ys[i] = -0.02 + 0.99 * y + 0.008 * x * y + (photo.noise ?? 0.0003) * rnd();
  }
  const keys = Uint16Array.from(scroll.keys);
  // A missed word gap early in a line ties every later word of the line one place on.
  for (let line = 0; line < (photo.misTiedLines ?? 0); line++) {
    const words = TEMPLATE_LINES[line * 2];
    for (let w = 1; w + 1 < words.length; w++) {
      keys[2 * words[w].id] = 2 * words[w + 1].id;
      keys[2 * words[w].id + 1] = 2 * words[w + 1].id + 1;
    }
  }
  const order = [...keys.keys()].filter((i, _, all) => all.findIndex((j) => keys[j] === keys[i]) === i);
  return { keys: Uint16Array.from(order.map((i) => keys[i])), xs: Float32Array.from(order.map((i) => xs[i])), ys: Float32Array.from(order.map((i) => ys[i])) };
}

test('the same ink photographed again matches; another hand does not', () => {
  const scroll = hand(1);
  const same = comparePoints(scroll, photograph(scroll));
  assert.ok(same > 0.95, `same ${same}`);
  const other = comparePoints(scroll, photograph(hand(2)));
  assert.ok(other < 0.3, `other ${other}`);

});

test('strokes seen thicker in one photo (every word wider by the same amount) still match', () => {
  const scroll = hand(3);
  // 0.003 column widths on each side: more than the agreement tolerance, so only the start/end term can absorb it.
  const similarity = comparePoints(scroll, photograph(scroll, { thicker: 0.003 }));
  assert.ok(similarity > 0.95, `similarity ${similarity}`);
});

test('words tied one place off on several lines do not drag the fit away from the rest', () => {
  const scroll = hand(4);
  const misTied = photograph(scroll, { misTiedLines: 8 });
  const similarity = comparePoints(scroll, misTied);
  // About 70% of the word ends are still tied right; a start dragged by the rest found 0.41 of them.
  assert.ok(similarity > 0.6, `similarity ${similarity}`);
  assert.ok(similarity >= MATCH_THRESHOLD);
  const other = comparePoints(hand(5), misTied);
  assert.ok(other < 0.3, `other ${other}`);
});

test('a comparison always gives the same answer', () => {
  const a = hand(6);
  const b = photograph(a, { misTiedLines: 8, seed: 3 });
  assert.equal(comparePoints(a, b), comparePoints(a, b));
});

test('invertHomography undoes the map', () => {
  const h = new Float64Array([1.2, 0.1, 30, -0.05, 0.9, 12, 0.0004, -0.0002, 1]);
  const inverse = invertHomography(h);
  assert.ok(inverse);
  for (const [x, y] of [[0, 0], [100, 250], [-40, 900]]) {
    const [u, v] = applyHomography(h, x, y);
    const [bx, by] = applyHomography(inverse, u, v);
    assert.ok(Math.abs(bx - x) < 1e-6 && Math.abs(by - y) < 1e-6, `${x},${y} -> ${bx},${by}`);
  }
  assert.equal(invertHomography(new Float64Array([1, 2, 3, 2, 4, 6, 0, 0, 1])), null);
});
