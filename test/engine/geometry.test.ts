import assert from 'node:assert/strict';
import { test } from 'node:test';
import { robustLeastSquares, weightedLeastSquares } from '../../src/engine/geometry.ts';
import { createRandom } from '../../tools/synth/index.ts';

test('robust least squares fits the line through most points and ignores the far-off few that pull a plain fit away', () => {
  // y = 2 + 0.5 x with noise of 0.05, and one point in five thrown 3 to 6 off (a stray blob of the next line).
  const rnd = createRandom(11);
  const rows: number[][] = [];
  const ys: number[] = [];
  for (let i = 0; i < 60; i++) {
    const x = i / 6;
    rows.push([1, x]);
    ys.push(2 + 0.5 * x + rnd.normal() * 0.05 + (i % 5 === 0 ? 3 + 3 * rnd.next() : 0));
  }
  const plain = weightedLeastSquares(rows, ys, null, 2)!;
  const robust = robustLeastSquares(rows, ys, 2, 1)!;
  assert.ok(Math.abs(plain[0] - 2) > 0.5, `the plain fit is pulled up: intercept ${plain[0]}`);
  assert.ok(Math.abs(robust[0] - 2) < 0.05 && Math.abs(robust[1] - 0.5) < 0.01, `robust fit ${robust[0]} + ${robust[1]} x`);
});
