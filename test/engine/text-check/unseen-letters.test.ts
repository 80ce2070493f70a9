import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AlignedLetter } from '../../../src/engine/text-check/align-letters.ts';
import type { InkGroup } from '../../../src/engine/text-check/page-ink.ts';
import { notSeen, unseenRuns } from '../../../src/engine/text-check/unseen-letters.ts';

// Runs of letters read missing that the photo does not show: where their
// place has room for them and holds washed-out ink.

test('letters read missing are not seen when their place, between the ink read either side, has room for them and holds washed-out ink: washed out, not left out', () => {
  const frame = { top: 100, base: 200 };
  const frames = Array.from({ length: 6 }, () => frame);
  const chars = [...'בבבבבב'];
  // Groups 40 px wide, right to left every 60 px: group k's ink from x 500 − 60 k to 540 − 60 k; letters 100 px high.
  const g = (k: number): InkGroup => ({ X0: 0, X1: 1, Y0: 0, Y1: 1, area: 1, box: [500 - 60 * k, 100, 540 - 60 * k, 200], blobs: [k + 1], index: k });
  const letters = (missing: number[]): AlignedLetter[] => [0, 1, 2, 3, 4, 5].map((i) => (missing.includes(i) ? { op: 'missing', groups: [] } : { op: 'match', groups: [g(i)] }));
  // Washed-out ink over `share` of whatever box is asked.
  const boxes: number[][] = [];
  const nears: number[] = [];
  const washed = (share: number) => (box: readonly number[], near: number) => (boxes.push([...box]), nears.push(near), share);
  assert.deepEqual(unseenRuns(letters([2, 3]), chars, frames, washed(0.2)), [{ from: 2, to: 3, box: [300, 100, 440, 200] }]);
  // Measured from the ink after the run (to its left) to the ink before it (to its right).
  assert.deepEqual(boxes, [[300, 100, 440, 200]]);
  // Ink within 0.06 of a letter height of the letters' is their edge.
  assert.deepEqual(nears, [6]);
  // Blank parchment there: left out.
  assert.deepEqual(unseenRuns(letters([2, 3]), chars, frames, washed(0.02)), []);
  // A run at the line's start or end has no place between letters to measure.
  assert.deepEqual(unseenRuns(letters([0, 1]), chars, frames, washed(0.2)), []);
  assert.deepEqual(unseenRuns(letters([5]), chars, frames, washed(0.2)), []);
  // Two runs apart, each its own.
  assert.deepEqual(unseenRuns(letters([1, 4]), chars, frames, washed(0.2)).map((u) => [u.from, u.to]), [[1, 1], [4, 4]]);
  // A letter left out where the scribe wrote on: the ink either side a letter's gap apart, no room for a ב.
  const wroteOn: AlignedLetter[] = [{ op: 'match', groups: [g(0)] }, { op: 'match', groups: [g(1)] }, { op: 'missing', groups: [] }, { op: 'match', groups: [g(2)] }, { op: 'match', groups: [g(3)] }];
  assert.deepEqual(unseenRuns(wroteOn, chars, frames, washed(0.2)), []);
  // The two letters before the run swapped: its place starts at the ink nearest it, not at the letter before's.
  const swapped: AlignedLetter[] = [{ op: 'swap', groups: [g(1)] }, { op: 'swap', groups: [g(0)] }, { op: 'missing', groups: [] }, { op: 'match', groups: [g(3)] }];
  assert.deepEqual(unseenRuns(swapped, chars, frames, washed(0.2)).map((u) => u.box), [[360, 100, 440, 200]]);
});

test("what of a line is not seen: the runs' letters and the ink standing in their places, but a run holding a letter a part of which stands in its place", () => {
  const ink = (left: number, right: number): InkGroup => ({ X0: 0, X1: 1, Y0: 0, Y1: 1, area: 1, box: [left, 100, right, 200], blobs: [1], index: 0 });
  const runs = [
    { from: 2, to: 3, box: [300, 100, 440, 200] as const },
    { from: 6, to: 6, box: [100, 100, 160, 200] as const },
  ];
  const unseen = notSeen(runs, (i) => i === 6);
  assert.deepEqual([1, 2, 3, 4, 6].map(unseen.letter), [false, true, true, false, false]);
  // Ink within the first run's place is its own; ink reaching past it, or in the place of the run with a part of its letter, is not.
  assert.deepEqual([ink(320, 360), ink(280, 320), ink(420, 460), ink(110, 150)].map(unseen.ink), [true, false, false, false]);
});
