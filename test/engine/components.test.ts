import assert from 'node:assert/strict';
import { test } from 'node:test';
import { connectedComponents } from '../../src/engine/components.ts';
import { hazeOf, inkMask, withoutHaze } from '../../src/engine/ink.ts';

/** The components of a mask drawn as rows of '#' (ink) and '.' (background), with the mask. */
function componentsOf(rows: string[]) {
  const width = rows[0].length;
  const mask = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => [...row].forEach((c, x) => (mask[y * width + x] = c === '#' ? 1 : 0)));
  return { mask, width, ...connectedComponents(mask, width, rows.length) };
}

test('components: 8-connected, a U joined from two provisional labels, numbered in scan order, with their moments', () => {
  const { width, blobs, labels } = componentsOf([
    '#.#....#',
    '#.#...#.',
    '###.....',
    '........',
    '.....##.',
  ]);
  assert.equal(blobs.length, 3);
  // The U: its two arms start as separate labels and meet on the third row.
  assert.deepEqual(blobs[0], { area: 7, minX: 0, minY: 0, maxX: 2, maxY: 2, cx: 1, cy: 8 / 7 });
  // Two pixels touching only diagonally are one blob.
  assert.deepEqual(blobs[1], { area: 2, minX: 6, minY: 0, maxX: 7, maxY: 1, cx: 6.5, cy: 0.5 });
  assert.deepEqual(blobs[2], { area: 2, minX: 5, minY: 4, maxX: 6, maxY: 4, cx: 5.5, cy: 4 });
  // Labels hold 1 + the blob's index, 0 for background.
  assert.equal(labels[0], 1);
  assert.equal(labels[2], 1);
  assert.equal(labels[1 * width + 6], 2);
  assert.equal(labels[4 * width + 6], 3);
  assert.equal(labels[3 * width + 3], 0);
});

test('components: labels merged in a chain (3 into 2, then 2 into 1) all resolve to one blob', () => {
  const { mask, blobs, labels } = componentsOf([
    '#...#...#',
    '#...#...#',
    '#...#####',
    '#########',
  ]);
  assert.equal(blobs.length, 1);
  assert.equal(blobs[0].area, mask.reduce((a, b) => a + b, 0));
  for (let i = 0; i < mask.length; i++) assert.equal(labels[i], mask[i] ? 1 : 0);
});

test('ink: strokes darker than their local background are ink, under uneven light; the light itself is not', () => {
  const width = 203; // not a multiple of the background's reduction step
  const height = 121;
  const data = new Uint8Array(width * height);
  // Light from the top left: dim in one corner, bright in the other.
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = 60 + Math.round((80 * x) / width + (110 * y) / height);
  for (let y = 40; y < 80; y++) for (const x of [20, 21, 22, 180, 181, 182]) data[y * width + x] = Math.round(data[y * width + x] * 0.6);
  const mask = inkMask({ width, height, data }, 12, 0.3);
  const inkAt = (x: number, y: number) => mask[y * width + x] === 1;
  assert.ok(inkAt(21, 45) && inkAt(21, 75) && inkAt(181, 45) && inkAt(181, 75), 'both strokes, in the dim and the bright parts');
  let stray = 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask[y * width + x] && !((x >= 20 && x <= 22) || (x >= 180 && x <= 182))) stray++;
  assert.equal(stray, 0, 'no background pixel is ink');
});

/**
 * A page of the veil tests, 240 × 160: parchment with a little grain (180 ± 5)
 * and rows of short strokes like letters, ink at a fifth of the parchment (36).
 */
const PAGE = (() => {
  const width = 240;
  const height = 160;
  const isStroke = (x: number, y: number) => y % 32 >= 8 && y % 32 < 24 && x % 12 >= 4 && x % 12 < 7;
  const grain = (i: number) => 180 + ((i * 7919) % 11) - 5;
  const data = new Uint8Array(width * height).map((_, i) => (isStroke(i % width, Math.floor(i / width)) ? 36 : grain(i)));
  return { width, height, data, isStroke, grain };
})();

/** A grey level lifted toward white by a veil of strength k (glare, haze): s + k (262 − s). */
const lift = (s: number, k: number) => Math.min(255, Math.round(s + k * (262 - s)));

test('ink: letters under a veil of glare are ink once the veil is taken off; bare parchment, and a page without glare, are as before', () => {
  const { width, height, data: parchment, isStroke } = PAGE;
  // Glare over the right half, k = 0.6.
  const veiled = parchment.map((s, i) => (i % width >= width / 2 ? lift(s, 0.6) : s));
  const inkIn = (mask: Uint8Array, fromX: number, toX: number) => {
    let strokes = 0;
    let stray = 0;
    for (let y = 0; y < height; y++) for (let x = fromX; x < toX; x++) if (mask[y * width + x]) isStroke(x, y) ? strokes++ : stray++;
    return { strokes, stray };
  };
  const strokePixels = inkIn(new Uint8Array(width * height).fill(1), width / 2 + 16, width - 16).strokes;
  const plain = inkMask({ width, height, data: veiled }, 12, 0.3);
  const unveiled = inkMask({ width, height, data: veiled }, 12, 0.3, true);
  assert.ok(inkIn(plain, width / 2 + 16, width - 16).strokes < strokePixels / 10, 'the ratio test alone misses the veiled strokes');
  assert.deepEqual(inkIn(unveiled, width / 2 + 16, width - 16), { strokes: strokePixels, stray: 0 }, 'every veiled stroke pixel, and nothing between');
  // Left of the glare, and on a page with no glare at all, unveiling changes nothing.
  assert.deepEqual(inkIn(unveiled, 0, width / 2 - 16), inkIn(plain, 0, width / 2 - 16));
  assert.deepEqual(inkMask({ width, height, data: parchment }, 12, 0.3, true), inkMask({ width, height, data: parchment }, 12, 0.3));
  // Blank parchment under glare: no ink to find a veil by, and none made up.
  const blank = new Uint8Array(width * height).map((_, i) => Math.round(PAGE.grain(i) + 0.6 * 82));
  assert.equal(inkMask({ width, height, data: blank }, 12, 0.3, true).reduce((a, b) => a + b, 0), 0);
});

/**
 * A page of strokes 5 px wide, a core of `ink` and edges of `inkEdge` (a stroke's
 * soft edge), on PAGE's parchment (180 ± 5), every pixel exposed `gain` times and
 * clipped at 255; `count` tells a mask's pixels on cores, on edges and elsewhere.
 */
const STROKES = (() => {
  const { width, height, grain } = PAGE;
  const core = (x: number, y: number) => y % 32 >= 8 && y % 32 < 24 && x % 12 >= 4 && x % 12 < 7;
  const edge = (x: number, y: number) => y % 32 >= 8 && y % 32 < 24 && (x % 12 === 3 || x % 12 === 7);
  const page = (ink: number, inkEdge: number, gain: number) => ({
    width,
    height,
    data: new Uint8Array(width * height).map((_, i) => {
      const x = i % width;
      const y = Math.floor(i / width);
      return Math.min(255, Math.round(gain * (core(x, y) ? ink : edge(x, y) ? inkEdge : grain(i))));
    }),
  });
  const count = (mask: Uint8Array) => {
    let cores = 0;
    let edges = 0;
    let stray = 0;
    mask.forEach((m, i) => {
      const x = i % width;
      const y = Math.floor(i / width);
      if (m) core(x, y) ? cores++ : edge(x, y) ? edges++ : stray++;
    });
    return { cores, edges, stray };
  };
  const all = count(new Uint8Array(width * height).fill(1));
  return { page, count, all, whole: { cores: all.cores, edges: all.edges, stray: 0 } };
})();

test('ink: an overexposed page keeps whole letters in the unveiled ink (parchment clipped over lifted ink); with dark ink, or in the plain ink, as before', () => {
  const { page, count, all, whole } = STROKES;
  // Exposed 1.8×: the parchment clips at 255, the core is 113 (0.44 of it: lifted, no veil), the edges 198 (0.78).
  const bright = page(63, 110, 1.8);
  assert.deepEqual(count(inkMask(bright, 12, 0.3)), { cores: all.cores, edges: 0, stray: 0 }, 'the ratio test alone loses the edges');
  assert.deepEqual(count(inkMask(bright, 12, 0.3, true)), whole, 'whole strokes, and nothing between');
  // The same exposure over dark ink (core 36, 0.14 of the white): ink as it is, not lifted, so the unveiled ink is the plain one.
  const darkInk = page(20, 110, 1.8);
  assert.deepEqual(inkMask(darkInk, 12, 0.3, true), inkMask(darkInk, 12, 0.3));
  // Exposed right, nothing is clipped: the unveiled ink is the plain one, and both hold whole strokes.
  const exposed = page(63, 110, 1);
  assert.deepEqual(inkMask(exposed, 12, 0.3, true), inkMask(exposed, 12, 0.3));
  assert.deepEqual(count(inkMask(exposed, 12, 0.3)), whole);
});

test('ink, clipped: where the parchment is clipped at white, whole strokes are ink, dark or lifted, in the plain and the faint contrast; where it is not, the contrast asked is as before', () => {
  const { page, count, whole } = STROKES;
  // Exposed 1.8× over dark ink (core 36, not lifted): the edges, 198 against the white (0.78), are lost to the
  // ratio test and to the unveiled ink alike, and are ink in the clipped ink, plain and faint.
  const bright = page(20, 110, 1.8);
  assert.equal(count(inkMask(bright, 12, 0.3, true)).edges, 0);
  assert.deepEqual(count(inkMask(bright, 12, 0.3, false, true)), whole, 'whole strokes, and nothing between');
  assert.deepEqual(count(inkMask(bright, 12, 0.2, false, true)), whole);
  assert.deepEqual(count(inkMask(page(63, 110, 1.8), 12, 0.3, false, true)), whole, 'lifted ink the same');
  // Exposed right, nothing is clipped: the clipped ink is the plain one.
  const exposed = page(63, 110, 1);
  assert.deepEqual(inkMask(exposed, 12, 0.3, false, true), inkMask(exposed, 12, 0.3));
  // Marks 0.85 of the parchment (153: a stain, a crease) are not ink on parchment exposed right; on
  // parchment clipped at 1.5× (230 against the white) they are, as an overexposed stroke's edge is.
  assert.deepEqual(count(inkMask(page(153, 153, 1), 12, 0.3, false, true)), { cores: 0, edges: 0, stray: 0 });
  assert.deepEqual(count(inkMask(page(153, 153, 1.5), 12, 0.3, false, true)), whole);
});

test('haze: a veil over the whole page is measured and taken off, so its letters are ink again; a clear page, and blank parchment, have none', () => {
  const { width, height, data: page, isStroke } = PAGE;
  const strokes = (mask: Uint8Array) => mask.reduce((n, m, i) => n + (m && isStroke(i % width, Math.floor(i / width)) ? 1 : 0), 0);
  const stray = (mask: Uint8Array) => mask.reduce((n, m, i) => n + (m && !isStroke(i % width, Math.floor(i / width)) ? 1 : 0), 0);
  const clear = { width, height, data: page };
  assert.equal(hazeOf(clear), 0);
  // Haze everywhere: s + 0.65 (262 − s), ink 36 → 183, parchment 180 → 233 (ink at 0.79 of it).
  const hazy = { width, height, data: page.map((s) => lift(s, 0.65)) };
  assert.equal(strokes(inkMask(hazy, 12, 0.3)), 0, 'the ratio test alone finds no letter');
  const haze = hazeOf(hazy);
  // The darkest 0.5% (ink, 183) against the brightest 1% (238): (183 − 0.4 × 238) / 0.6.
  assert.ok(haze >= 140 && haze <= 156, `haze ${haze}`);
  const dehazed = inkMask(withoutHaze(hazy, haze), 12, 0.3);
  assert.equal(strokes(dehazed), strokes(inkMask(clear, 12, 0.3)), 'every stroke pixel the clear page has');
  assert.equal(stray(dehazed), 0, 'and nothing between');
  // Blank parchment, hazy or not: nothing dark enough to be ink, so no haze to tell.
  const blank = { width, height, data: new Uint8Array(width * height).map((_, i) => Math.round(PAGE.grain(i) + 0.65 * 82)) };
  assert.equal(hazeOf(blank), 0);
  // A faint haze, under MIN_HAZE (10 levels), is none (k = 0.2: ink at 0.42 of
  // the parchment, as blur leaves small text); a little more is measured.
  assert.equal(hazeOf({ width, height, data: page.map((s) => lift(s, 0.2)) }), 0);
  assert.ok(hazeOf({ width, height, data: page.map((s) => lift(s, 0.25)) }) >= 10);
});

test('ink: nothing in a black image (no background to measure contrast against)', () => {
  const mask = inkMask({ width: 64, height: 64, data: new Uint8Array(64 * 64).fill(5) }, 8, 0.3);
  assert.equal(mask.reduce((a, b) => a + b, 0), 0);
});

/** The same components by flood fill from each unlabelled ink pixel in scan order: slow, plainly right. */
function floodComponents(mask: Uint8Array, width: number, height: number) {
  const labels = new Int32Array(width * height);
  const blobs: { area: number; minX: number; minY: number; maxX: number; maxY: number; cx: number; cy: number }[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const k = blobs.length + 1;
    const blob = { area: 0, minX: width, minY: height, maxX: -1, maxY: -1, cx: 0, cy: 0 };
    const stack = [start];
    labels[start] = k;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      blob.area++;
      blob.cx += x;
      blob.cy += y;
      blob.minX = Math.min(blob.minX, x);
      blob.maxX = Math.max(blob.maxX, x);
      blob.minY = Math.min(blob.minY, y);
      blob.maxY = Math.max(blob.maxY, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          const j = ny * width + nx;
          if (nx >= 0 && nx < width && ny >= 0 && ny < height && mask[j] && !labels[j]) {
            labels[j] = k;
            stack.push(j);
          }
        }
      }
    }
    blob.cx /= blob.area;
    blob.cy /= blob.area;
    blobs.push(blob);
  }
  return { blobs, labels };
}

test('components: the same blobs and labels as a flood fill, on random masks of widths that are not a multiple of four, sparse and dense, at any byte offset, with more runs and labels than their first buffers hold', () => {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (const [width, height, density] of [[37, 23, 0.05], [37, 23, 0.45], [41, 19, 0.2], [8, 9, 0.3], [3, 5, 0.6], [301, 211, 0.3]]) {
    // Offset by one byte inside a larger buffer, as a view into another array would be.
    const backing = new Uint8Array(width * height + 1);
    const mask = backing.subarray(1);
    // Ink values other than 1 count too, and the last pixels (beyond the last whole group of four) get ink.
    for (let i = 0; i < mask.length; i++) mask[i] = random() < density ? (i % 3 === 0 ? 255 : 1) : 0;
    mask[mask.length - 1] = 1;
    const expected = floodComponents(mask, width, height);
    const actual = connectedComponents(mask, width, height);
    assert.deepEqual(actual.blobs.map((b) => ({ ...b, cx: b.cx.toFixed(9), cy: b.cy.toFixed(9) })), expected.blobs.map((b) => ({ ...b, cx: b.cx.toFixed(9), cy: b.cy.toFixed(9) })), `${width}×${height} at ${density}`);
    assert.deepEqual(actual.labels, expected.labels, `${width}×${height} at ${density}`);
  }
});
