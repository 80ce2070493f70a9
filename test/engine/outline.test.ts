import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyHomography, fitHomography, invertHomography } from '../../src/engine/homography.ts';
import { convexHull, enclosingQuad, type Point } from '../../src/engine/outline.ts';

/** Twice the signed area: positive for vertices clockwise on screen (y down). */
function shoelace(poly: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i];
    const [bx, by] = poly[(i + 1) % poly.length];
    s += ax * by - bx * ay;
  }
  return s;
}

test('the convex hull keeps the outermost points, clockwise on screen', () => {
  const square: Point[] = [[0, 0], [10, 0], [10, 10], [0, 10]];
  const inside: Point[] = [[5, 5], [2, 8], [9, 1], [5, 0]];
  const hull = convexHull([...inside, ...square]);
  assert.equal(hull.length, 4);
  assert.deepEqual(new Set(hull.map((p) => p.join())), new Set(square.map((p) => p.join())));
  assert.ok(shoelace(hull) > 0);
});

// A 22-line block seen through a steep perspective: its corners, and its letters
// along each line (the last line `lastLine` of the width, from the right).
const corners: Point[] = [[340, 130], [850, 90], [750, 750], [170, 680]];
const toPhoto = fitHomography([1, 0, 0, 1], [0, 0, 1, 1], corners.map((c) => c[0]), corners.map((c) => c[1]), null)!;
const fromPhoto = invertHomography(toPhoto)!;
function block(lastLine: number): Point[] {
  const letters: Point[] = [];
  for (let line = 0; line < 22; line++) {
    for (let k = 0; k <= 40 * (line === 21 ? lastLine : 1); k++) letters.push(applyHomography(toPhoto, k / 40, line / 21));
  }
  return letters;
}
/** The frame cuts off the block's top-right corner. */
const cropped = (points: Point[]) => points.filter(([x, y]) => x + (130 - y) * 0.8 < 800);

test('the enclosing quadrilateral of a text block seen in perspective restores its corners, a cropped one included', () => {
  for (const points of [block(1), cropped(block(1))]) {
    const quad = enclosingQuad(convexHull(points));
    assert.ok(quad, 'a quadrilateral');
    for (const c of corners) {
      const nearest = Math.min(...quad.map((q) => Math.hypot(q[0] - c[0], q[1] - c[1])));
      assert.ok(nearest < 1, `corner ${c} found ${nearest.toFixed(1)} px away`);
    }
    assert.ok(shoelace(quad) > 0, 'clockwise on screen');
  }
});

test('a short last line leaves the enclosing quadrilateral at most a line off the block', () => {
  for (const points of [block(0.15), block(0.33), cropped(block(0.33))]) {
    const quad = enclosingQuad(convexHull(points));
    assert.ok(quad, 'a quadrilateral');
    for (const [X, Y] of [[1, 0], [0, 0], [0, 1], [1, 1]]) {
      const nearest = Math.min(...quad.map((q) => {
        const [x, y] = applyHomography(fromPhoto, q[0], q[1]);
        return Math.hypot(x - X, y - Y);
      }));
      assert.ok(nearest <= 1 / 21 + 0.005, `block corner ${X},${Y}: the quadrilateral's nearest ${nearest.toFixed(3)} away`);
    }
  }
});

test('fewer than four points have no enclosing quadrilateral', () => {
  assert.equal(enclosingQuad(convexHull([[0, 0], [1, 0], [0, 1]])), null);
});
