import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyHomography, areaScaleAt, multiplyHomographies } from '../../src/engine/homography.ts';

test('a product of homographies maps as its factors in turn, and its weight turns negative past a warp\'s vanishing line', () => {
  const turn = new Float64Array([Math.cos(0.3), -Math.sin(0.3), 40, Math.sin(0.3), Math.cos(0.3), -15, 0, 0, 1]);
  // Sends the line x = 500 to infinity (its weight 1 − x / 500).
  const warp = new Float64Array([1, 0, 0, 0, 1, 0, -1 / 500, 0, 1]);
  const product = multiplyHomographies(turn, warp);
  for (const [x, y] of [[0, 0], [120, 340], [-250, 80], [480, -30]]) {
    const [wx, wy] = applyHomography(warp, x, y);
    const [ex, ey] = applyHomography(turn, wx, wy);
    const [px, py] = applyHomography(product, x, y);
    assert.ok(Math.hypot(px - ex, py - ey) < 1e-9, `(${x}, ${y}): ${px}, ${py} against ${ex}, ${ey}`);
  }
  const weight = (x: number, y: number) => product[6] * x + product[7] * y + product[8];
  assert.ok(weight(499, 0) > 0 && weight(501, 0) < 0);
});

test('the area scale of a homography is its Jacobian\'s determinant where it is taken', () => {
  assert.equal(areaScaleAt(new Float64Array([2, 0, 7, 0, 3, -1, 0, 0, 1]), 10, 20), 6);
  // q / w with w = 1 − x / 500: at the origin the identity, at x = 250 (w = ½) 1 / w³ = 8 times.
  const warp = new Float64Array([1, 0, 0, 0, 1, 0, -1 / 500, 0, 1]);
  assert.ok(Math.abs(areaScaleAt(warp, 0, 0) - 1) < 1e-12);
  assert.ok(Math.abs(areaScaleAt(warp, 250, 40) - 8) < 1e-9);
  // Numerically: the area of a small square's image.
  const d = 1e-4;
  const [x0, y0] = applyHomography(warp, 250, 40);
  const [x1, y1] = applyHomography(warp, 250 + d, 40);
  const [x2, y2] = applyHomography(warp, 250, 40 + d);
  assert.ok(Math.abs(((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / (d * d) - 8) < 1e-3);
});
