import assert from 'node:assert/strict';
import { test } from 'node:test';
import { connectedComponents } from '../../src/engine/components.ts';
import { inkMask } from '../../src/engine/ink.ts';

/** A mask from rows of '#' (ink) and '.' (background). */
function maskOf(rows: string[]): { mask: Uint8Array; width: number; height: number } {
  const width = rows[0].length;
  const mask = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => [...row].forEach((c, x) => (mask[y * width + x] = c === '#' ? 1 : 0)));
  return { mask, width, height: rows.length };
}

test('components: 8-connected, a U joined from two provisional labels, numbered in scan order, with their moments', () => {
  const { mask, width, height } = maskOf([
    '#.#....#',
    '#.#...#.',
    '###.....',
    '........',
    '.....##.',
  ]);
  const { blobs, labels } = connectedComponents(mask, width, height);
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
  const { mask, width, height } = maskOf([
    '#...#...#',
    '#...#...#',
    '#...#####',
    '#########',
  ]);
  const { blobs, labels } = connectedComponents(mask, width, height);
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

test('ink: nothing in a black image (no background to measure contrast against)', () => {
  const mask = inkMask({ width: 64, height: 64, data: new Uint8Array(64 * 64).fill(5) }, 8, 0.3);
  assert.equal(mask.reduce((a, b) => a + b, 0), 0);
});
