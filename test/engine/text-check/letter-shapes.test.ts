import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellsOf, COARSE_GRID, darknessInBox, FINE_GRID, letterDarkness, letterShape, lineFrame, localFrames, shapeDistance } from '../../../src/engine/text-check/letter-shapes.ts';
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

test("a letter's darkness drawn back by half is the darkness of the letter written half as wide, cell for cell", () => {
  const levels = { parchment: 200, ink: 40 };
  const darkness = (wide: number, across: number) => {
    const { labels, group } = letter(wide);
    const data = new Uint8Array(WIDTH * 40).fill(levels.parchment);
    labels.forEach((label, i) => label && (data[i] = levels.ink));
    return letterDarkness({ width: WIDTH, height: 40, data }, labels, [group], FRAME, FINE_GRID, levels, across);
  };
  const plain = darkness(16, 1);
  const drawnBack = darkness(32, 0.5);
  assert.ok(plain.every((x, i) => Math.abs(x - drawnBack[i]) < 1e-5), 'drawn back');
  assert.ok(!darkness(32, 1).every((x, i) => Math.abs(x - plain[i]) < 1e-5), 'as it is');
});

test("a group is read on its neighbours' frame where they drift off the line's: a line's last word written lower on its own height, a hand's letters a pixel or two up or down on the line's", () => {
  // Twenty letters 20 px tall, 10 px apart; the last six (a word) written 8 px lower.
  const groups: InkGroup[] = Array.from({ length: 20 }, (_, i) => {
    const down = i >= 14 ? 8 : 0;
    return { X0: i * 0.01, X1: i * 0.01 + 0.008, Y0: 0, Y1: 0, area: 100, box: [i * 10, 10 + down, i * 10 + 8, 30 + down], blobs: [i + 1], index: i };
  });
  const frames = localFrames(groups, lineFrame(groups));
  assert.deepEqual(frames[0], { top: 10, base: 30 });
  assert.deepEqual(frames[8], { top: 10, base: 30 });
  assert.deepEqual(frames[19], { top: 18, base: 38 });
  assert.deepEqual(frames[15], { top: 18, base: 38 });
  // A hand's letters a pixel or two up or down (a tenth of their height) are all read on the line's frame.
  const uneven = groups.slice(0, 14).map((g, i) => ({ ...g, box: [g.box[0], g.box[1] + (i % 3) - 1 + (i > 8 ? 2 : 0), g.box[2], g.box[3] + (i % 3) - 1 + (i > 8 ? 2 : 0)] as InkGroup['box'] }));
  const line = lineFrame(uneven);
  assert.ok(localFrames(uneven, line).every((f) => f === line || (f!.top === line!.top && f!.base === line!.base)));
  // Small ink is read on the frame of the letters about it, and counts for none.
  const withSpeck = [...groups.slice(0, 19), { ...groups[19], small: true, box: [190, 0, 193, 3] as InkGroup['box'] }];
  assert.deepEqual(localFrames(withSpeck, lineFrame(withSpeck.filter((g) => !g.small)))[19], { top: 18, base: 38 });
});

test("a letter's darkness counts its edge's grey as a share of ink, shares a pixel among the cells it overlaps, and takes the parts it is given", () => {
  const PARCHMENT = 200;
  const INK = 40;
  const levels = { parchment: PARCHMENT, ink: INK };
  const cell = (FRAME.base - FRAME.top) / FINE_GRID.cells;
  // A stroke 4 px wide whose right edge is a column of grey half-way between parchment and ink (blob 1), and a dot 3 px square apart to its left (blob 2).
  const stroke = (left: number, edge: boolean) => {
    const labels = new Int32Array(WIDTH * 40);
    const data = new Uint8Array(WIDTH * 40).fill(PARCHMENT);
    const paint = (v: number, u: number, label: number) => {
      labels[v * WIDTH + u] = label;
      data[v * WIDTH + u] = INK;
    };
    for (let v = FRAME.top; v < FRAME.base; v++) {
      for (let u = left; u < left + 4; u++) paint(v, u, 1);
      if (edge) data[v * WIDTH + left + 4] = (PARCHMENT + INK) / 2;
    }
    for (let v = 26; v < 29; v++) for (let u = left - 6; u < left - 3; u++) paint(v, u, 2);
    const group: InkGroup = { X0: 0, X1: 0, Y0: 0, Y1: 0, area: 80, box: [left, FRAME.top, left + 4, FRAME.base], blobs: [1], index: 0 };
    return { image: { width: WIDTH, height: 40, data }, labels, group };
  };
  const total = (s: Float32Array) => s.reduce((sum, x) => sum + x, 0);
  const sharp = stroke(30, false);
  const soft = stroke(30, true);
  const a = letterDarkness(sharp.image, sharp.labels, [sharp.group], FRAME, FINE_GRID, levels);
  const b = letterDarkness(soft.image, soft.labels, [soft.group], FRAME, FINE_GRID, levels);
  // Ink in cells of the letter's area: 4 × 20 px, and half a column more with the grey edge beside it.
  assert.ok(Math.abs(total(a) * cell * cell - 80) < 1e-3, `${total(a) * cell * cell}`);
  assert.ok(Math.abs((total(b) - total(a)) * cell * cell - 10) < 1e-3, `${(total(b) - total(a)) * cell * cell}`);
  // The dot given as a part of the letter is counted; not given, it is not.
  const withDot = letterDarkness(sharp.image, sharp.labels, [sharp.group], FRAME, FINE_GRID, levels, 1, [{ box: [24, 26, 27, 29], blobs: [2] }]);
  assert.ok(Math.abs((total(withDot) - total(a)) * cell * cell - 9) < 1e-3, `${(total(withDot) - total(a)) * cell * cell}`);
});

test("a neighbour's ink right beside a letter is no part of its darkness, though a pixel of parchment there would be", () => {
  const levels = { parchment: 200, ink: 40 };
  // A stroke 4 px wide (blob 1) and, touching its right side, a neighbour's stroke (blob 3).
  const darkness = (neighbour: boolean) => {
    const { labels, group } = letter(4);
    const data = new Uint8Array(WIDTH * 40).fill(levels.parchment);
    labels.forEach((label, i) => label && (data[i] = levels.ink));
    if (neighbour) for (let v = FRAME.top; v < FRAME.base; v++) for (let u = 24; u < 28; u++) [labels[v * WIDTH + u], data[v * WIDTH + u]] = [3, levels.ink];
    return letterDarkness({ width: WIDTH, height: 40, data }, labels, [group], FRAME, FINE_GRID, levels);
  };
  const total = (shape: Float32Array) => shape.reduce((sum, x) => sum + x, 0);
  assert.ok(Math.abs(total(darkness(true)) - total(darkness(false))) < 1e-5, `${total(darkness(true))} against ${total(darkness(false))}`);
});

test('a pixel straddling two cells is shared between them by the share of it in each, not put whole in one', () => {
  // Cells 5/3 px wide and tall: a letter one pixel wide, centred on the grid's middle, spans 0.3 of a cell either side of a column boundary; its one row lies inside a cell.
  const labels = new Int32Array(WIDTH * 40);
  const data = new Uint8Array(WIDTH * 40).fill(200);
  labels[15 * WIDTH + 40] = 1;
  data[15 * WIDTH + 40] = 40;
  const group: InkGroup = { X0: 0, X1: 0, Y0: 0, Y1: 0, area: 1, box: [40, 15, 41, 16], blobs: [1], index: 0 };
  const shape = letterDarkness({ width: WIDTH, height: 40, data }, labels, [group], FRAME, FINE_GRID, { parchment: 200, ink: 40 });
  const cellArea = ((FRAME.base - FRAME.top) / FINE_GRID.cells) ** 2;
  // Row: 8 cells above the top, and (15 - 10) px = 3 cells down; columns 10 and 11, either side of the middle.
  const row = FINE_GRID.above + 3;
  const inked = [...shape.entries()].filter(([, x]) => x > 0).map(([i, x]) => [Math.floor(i / FINE_GRID.columns), i % FINE_GRID.columns, Math.round(x * cellArea * 1000) / 1000]);
  assert.deepEqual(inked, [
    [row, 10, 0.5],
    [row, 11, 0.5],
  ]);
});

test('the distance between two shapes, summed where either has ink, is the sum over the whole grid at the best shift', () => {
  // Sparse shapes: a stroke, and a fainter one a cell lower and two cells right with a dot far from both; against the grid's plain sum at each shift.
  const a = new Float32Array(cellsOf(FINE_GRID));
  const b = new Float32Array(cellsOf(FINE_GRID));
  const at = (r: number, c: number) => r * FINE_GRID.columns + c;
  for (let r = 10; r < 20; r++) {
    a[at(r, 8)] = 1;
    b[at(r + 1, 10)] = 0.8;
  }
  b[at(3, 2)] = 0.5;
  const rows = cellsOf(FINE_GRID) / FINE_GRID.columns;
  let best = Infinity;
  for (let dy = -FINE_GRID.shift; dy <= FINE_GRID.shift; dy++) {
    for (let dx = -FINE_GRID.shift; dx <= FINE_GRID.shift; dx++) {
      let sum = 0;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < FINE_GRID.columns; c++) {
          const [rb, cb] = [r + dy, c + dx];
          const vb = rb >= 0 && rb < rows && cb >= 0 && cb < FINE_GRID.columns ? b[at(rb, cb)] : 0;
          sum += (a[at(r, c)] - vb) ** 2;
        }
      }
      best = Math.min(best, sum);
    }
  }
  assert.ok(Math.abs(shapeDistance(a, b, FINE_GRID) - best) < 1e-6, `${shapeDistance(a, b, FINE_GRID)} against ${best}`);
});

test("a letter's darkness in its own box is its form alone: as wide or as narrow, the same; its corners rounded, not", () => {
  const levels = { parchment: 200, ink: 40 };
  // A solid letter `wide` px wide on the frame, its two bottom corners cut by `cut` px (a ס's against a ם's).
  const drawn = (wide: number, cut: number) => {
    const { labels, group } = letter(wide);
    for (let k = 0; k < cut; k++) {
      for (let u = 0; u < cut - k; u++) {
        const v = FRAME.base - 1 - k;
        labels[v * WIDTH + 20 + u] = 0;
        labels[v * WIDTH + 20 + wide - 1 - u] = 0;
      }
    }
    const data = new Uint8Array(WIDTH * 40).fill(levels.parchment);
    labels.forEach((label, i) => label && (data[i] = levels.ink));
    const image = { width: WIDTH, height: 40, data };
    return { framed: letterDarkness(image, labels, [group], FRAME, FINE_GRID, levels), boxed: darknessInBox(image, labels, [group], FINE_GRID, levels)! };
  };
  const [square, wider, rounded] = [drawn(16, 0), drawn(19, 0), drawn(16, 4)];
  const apart = (a: Float32Array, b: Float32Array) => shapeDistance(a, b, FINE_GRID);
  // On the frame, 3 px of width is further than the rounded corners; in the box, none at all.
  assert.ok(apart(square.framed, wider.framed) > apart(square.framed, rounded.framed), `${apart(square.framed, wider.framed)} against ${apart(square.framed, rounded.framed)}`);
  assert.ok(apart(square.boxed, wider.boxed) < 0.05 * apart(square.boxed, rounded.boxed), `${apart(square.boxed, wider.boxed)} against ${apart(square.boxed, rounded.boxed)}`);
  // A letter written shorter than the line's letters (rows 12–28 of 10–30) is the same in its box: its top and bottom on the box's.
  const short = letter(16);
  for (let v = FRAME.top; v < FRAME.base; v++) if (v < 12 || v >= 28) for (let u = 20; u < 36; u++) short.labels[v * WIDTH + u] = 0;
  const shortData = new Uint8Array(WIDTH * 40).fill(levels.parchment);
  short.labels.forEach((label, i) => label && (shortData[i] = levels.ink));
  const shortBoxed = darknessInBox({ width: WIDTH, height: 40, data: shortData }, short.labels, [{ ...short.group, box: [20, 12, 36, 28] }], FINE_GRID, levels)!;
  assert.ok(apart(square.boxed, shortBoxed) < 1e-6, `${apart(square.boxed, shortBoxed)}`);
  // Ink two pixels tall has no box to speak of; three has.
  const { labels, group } = letter(6);
  const blank = { width: WIDTH, height: 40, data: new Uint8Array(WIDTH * 40) };
  assert.equal(darknessInBox(blank, labels, [{ ...group, box: [20, 10, 26, 12] }], FINE_GRID, levels), null);
  assert.notEqual(darknessInBox(blank, labels, [{ ...group, box: [20, 10, 26, 13] }], FINE_GRID, levels), null);
});
