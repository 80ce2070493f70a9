import assert from 'node:assert/strict';
import { test } from 'node:test';
import { halve, percentile } from '../../src/engine/raster.ts';

test('halve: each pixel the rounded mean of its 2 × 2 block; an odd last row and column are dropped', () => {
  const img = {
    width: 5,
    height: 3,
    data: Uint8Array.of(
      0, 1, 10, 20, 99,
      2, 3, 30, 41, 99,
      99, 99, 99, 99, 99,
    ),
  };
  // (0+1+2+3)/4 = 1.5 → 2; (10+20+30+41)/4 = 25.25 → 25.
  assert.deepEqual(halve(img), { width: 2, height: 1, data: Uint8Array.of(2, 25) });
});

test('percentile: the grey level that the given share of pixels do not exceed', () => {
  // 100 pixels: 0, 1, ..., 99.
  const img = { width: 10, height: 10, data: Uint8Array.from({ length: 100 }, (_, i) => i) };
  assert.equal(percentile(img, 0.99), 98);
  assert.equal(percentile(img, 0.5), 49);
  assert.equal(percentile(img, 1), 99);
  assert.equal(percentile(img, 0), 0);
});
