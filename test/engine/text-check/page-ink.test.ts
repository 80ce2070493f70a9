import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lettersOf, washedOutShare, type InkGroup } from '../../../src/engine/text-check/page-ink.ts';

// A line's blobs as groups: letters of ordinary size, and small ink (a י, a
// speck) kept apart where it stands alone along the line.

const blob = (X0: number, X1: number, area: number, Y0 = 0, Y1 = 1): InkGroup => ({ X0, X1, Y0, Y1, area, box: [0, 0, 1, 1], blobs: [Math.round(X0 * 100)], index: 0 });

test('small ink alone along the line is kept as small, dust and small ink over a letter are left out of the letters (the latter noted within the letter), parts of one letter joined', () => {
  const letters = [blob(0, 1, 100), blob(1.3, 2.2, 90), blob(2.5, 3.5, 110), blob(3.8, 4.6, 95)];
  const yud = blob(4.9, 5.2, 15); // a sixth of a letter's ink, standing alone
  const crownTip = blob(1.5, 1.7, 10, -0.5, -0.3); // over the second letter
  const dust = blob(5.5, 5.55, 3);
  const leg = blob(2.6, 2.9, 40); // a ה's leg under its roof: a part of the third letter
  const groups = lettersOf([dust, ...letters, crownTip, yud, leg]);
  assert.deepEqual(groups.map((g) => [g.X0, g.X1, g.small ?? false]), [[0, 1, false], [1.3, 2.2, false], [2.5, 3.5, false], [3.8, 4.6, false], [4.9, 5.2, true]]);
  assert.deepEqual(groups.map((g) => g.index), [0, 1, 2, 3, 4]);
  assert.equal(groups[2].area, 150, 'the leg joined to its letter');
  assert.deepEqual(groups.map((g) => (g.within ?? []).flatMap((w) => w.blobs)), [[], [crownTip.blobs[0]], [], [], []], 'the crown tip noted within the letter it is over');
});

test("a line's specks of dust do not make a mark a tenth of a letter count as one: the typical letter is measured without them", () => {
  // The last line's six letters (one a ה in two blobs), a mark far along the line, and five specks by the sheet's edge.
  const letters = [blob(0, 0.02, 1180), blob(0.025, 0.042, 1080), blob(0.065, 0.084, 800), blob(0.066, 0.07, 240), blob(0.09, 0.11, 1390), blob(0.125, 0.14, 700), blob(0.15, 0.17, 1180)];
  const mark = blob(0.64, 0.645, 114);
  const specks = [1, 1, 1, 3, 13].map((area, i) => blob(0.3 + 0.05 * i, 0.301 + 0.05 * i, area));
  const groups = lettersOf([...letters, mark, ...specks]);
  assert.deepEqual(groups.filter((g) => !g.small).map((g) => g.X0), [0, 0.025, 0.065, 0.09, 0.125, 0.15]);
  assert.deepEqual(groups.filter((g) => g.small).map((g) => g.X0), [0.64], 'the mark is small ink, the specks dust');
});

test("washed-out ink is told in a box apart from the page's ink: a stroke the light washed out counts, a letter's blurred edge and a letter at full contrast do not", () => {
  // Parchment 200; upright strokes 8 px wide, 100 px tall: dark ones (40) with edges blurred over 4 px, and one washed out (150) at x 200.
  const width = 400;
  const height = 300;
  const data = new Uint8Array(width * height).fill(200);
  const stroke = (x0: number, level: number, blur: number) => {
    for (let y = 100; y < 200; y++) {
      for (let x = x0 - blur; x < x0 + 8 + blur; x++) {
        const inside = x >= x0 && x < x0 + 8;
        const edge = inside ? 1 : 1 - (x < x0 ? x0 - x : x - x0 - 7) / (blur + 1);
        data[y * width + x] = Math.min(data[y * width + x], Math.round(200 - (200 - level) * edge));
      }
    }
  };
  stroke(100, 40, 4);
  stroke(140, 40, 4);
  stroke(200, 150, 0);
  stroke(300, 40, 0);
  const page = { width, height, data };
  // The page's ink: its dark pixels.
  const labels = Int32Array.from(data, (v) => (v < 100 ? 1 : 0));
  // Between the two dark strokes, only their blurred edges: nothing washed out.
  assert.equal(washedOutShare(page, labels, [108, 100, 140, 200], 6), 0);
  // The washed-out stroke: a fifth of a box 40 px wide.
  const washed = washedOutShare(page, labels, [184, 100, 224, 200], 6);
  assert.ok(washed >= 0.15 && washed <= 0.25, `${washed}`);
  // A dark stroke is the page's ink, not washed out.
  assert.equal(washedOutShare(page, labels, [284, 100, 324, 200], 6), 0);
});
