import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COARSE_GRID, FINE_GRID, letterShape } from '../../../src/engine/text-check/letter-shapes.ts';
import type { InkGroup } from '../../../src/engine/text-check/page-ink.ts';

// A letter's shape on the line's frame, and a stretched letter drawn back to
// its ordinary width: the same shape as the letter written at that width.

const WIDTH = 80;
const FRAME = { top: 10, base: 30 };

/** A solid letter (blob 1) `wide` px wide, its body from the frame's top to its base. */
function letter(wide: number): { labels: Int32Array; group: InkGroup } {
  const labels = new Int32Array(WIDTH * 40);
  for (let v = FRAME.top; v < FRAME.base; v++) for (let u = 20; u < 20 + wide; u++) labels[v * WIDTH + u] = 1;
  return { labels, group: { X0: 0, X1: 0, Y0: 0, Y1: 0, area: wide * 20, box: [20, FRAME.top, 20 + wide, FRAME.base], blobs: [1], index: 0 } };
}

test('a letter twice as wide drawn back by half has the shape of the letter written half as wide', () => {
  for (const grid of [COARSE_GRID, FINE_GRID]) {
    const narrow = letter(16);
    const wide = letter(32);
    const plain = letterShape(narrow.labels, WIDTH, [narrow.group], FRAME, grid);
    const drawnBack = letterShape(wide.labels, WIDTH, [wide.group], FRAME, grid, 0.5);
    const asIs = letterShape(wide.labels, WIDTH, [wide.group], FRAME, grid);
    const diff = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + Math.abs(x - b[i]), 0);
    assert.ok(diff(plain, drawnBack) < 0.3 * plain.reduce((s, x) => s + x, 0), `${grid.cells} cells: drawn back ${diff(plain, drawnBack)}`);
    assert.ok(diff(plain, asIs) > 0.8 * plain.reduce((s, x) => s + x, 0), `${grid.cells} cells: as it is ${diff(plain, asIs)}`);
  }
});
