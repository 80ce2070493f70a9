import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cutAcrossLines, lettersOf, type InkGroup } from '../../../src/engine/text-check/page-ink.ts';
import { washedOutShare } from '../../../src/engine/text-check/unseen-letters.ts';
import { LINE_PITCH } from '../../../src/engine/template.ts';

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

test("small ink over small ink along the line is one letter's pieces, joined: a ו's head broken off its stroke; a letter's ink when together as much", () => {
  const letters = [blob(0, 1, 100), blob(1.3, 2.2, 90), blob(2.5, 3.5, 110), blob(3.8, 4.6, 95)];
  // Heights in the page's canonical units (a line pitch 0.05, a letter some 0.03 tall).
  const head = blob(4.9, 5.2, 12, 0, 0.01);
  const stroke = blob(5.1, 5.25, 14, 0.012, 0.03); // overlapping the head by two thirds of its own width, 0.04 pitches under it
  const apart = blob(5.6, 5.8, 12); // further on: small ink of its own
  const groups = lettersOf([...letters, stroke, apart, head]);
  assert.deepEqual(groups.slice(4).map((g) => [g.X0, g.X1, g.area, g.blobs.length, g.small]), [[4.9, 5.25, 26, 2, true], [5.6, 5.8, 12, 1, true]]);
  const whole = lettersOf([...letters, blob(4.9, 5.2, 20, 0, 0.01), blob(5.1, 5.25, 20, 0.012, 0.03)]);
  assert.deepEqual(whole.slice(4).map((g) => [g.area, g.small]), [[40, false]], 'together over SPECK_SHARE of a letter: a letter');
  const below = lettersOf([...letters, blob(4.9, 5.2, 12, 0, 0.01), blob(5.1, 5.25, 14, 0.02, 0.03)]);
  assert.deepEqual(below.slice(4).map((g) => g.blobs.length), [1, 1], 'a speck 0.2 pitches under a י: two small inks');
});

test("dust over dust across a break is a stroke's two pieces, kept when together more than dust: a ה's short leg cut in two under its roof; dust beside small ink is not joined", () => {
  const letters = [blob(0, 1, 100), blob(1.3, 2.2, 90), blob(2.5, 3.5, 110), blob(3.8, 4.6, 95)];
  // Each piece under DUST_SHARE of a letter (8 of 100), together over it; heights as above (a line pitch 0.05).
  const upper = blob(2.6, 2.75, 5, 0.01, 0.02);
  const lower = blob(2.62, 2.76, 5, 0.022, 0.03);
  const groups = lettersOf([...letters, lower, upper]);
  assert.deepEqual(groups[2].within?.map((w) => [...w.blobs].sort()), [[upper.blobs[0], lower.blobs[0]].sort()], 'one piece within the third letter, of both blobs');
  const alone = lettersOf([...letters, blob(4.9, 5.0, 5, 0.01, 0.02), blob(4.91, 5.01, 5, 0.022, 0.03)]);
  assert.deepEqual(alone.slice(4).map((g) => [g.blobs.length, g.small]), [[2, true]], 'standing alone along the line: small ink of two pieces');
  const apart = lettersOf([...letters, blob(2.6, 2.75, 5, 0, 0.01), blob(2.62, 2.76, 5, 0.02, 0.03)]);
  assert.equal(apart[2].within, undefined, 'two specks 0.2 pitches apart: dust, left out');
  const side = lettersOf([...letters, blob(2.6, 2.7, 5, 0.01, 0.02), blob(2.8, 2.9, 5, 0.022, 0.03)]);
  assert.equal(side[2].within, undefined, 'side by side: dust, left out');
  const besideSmall = lettersOf([...letters, blob(2.6, 2.75, 20, 0.01, 0.02), blob(2.62, 2.76, 5, 0.022, 0.03)]);
  assert.deepEqual(besideSmall[2].within?.map((w) => w.blobs.length), [1], 'dust under small ink: the small ink alone');
  // Whichever comes first along the line: two specks of dust joined are still dust to small ink under them.
  const dustFirst = lettersOf([...letters, blob(4.9, 5.0, 5, 0, 0.005), blob(4.91, 5.0, 5, 0.007, 0.012), blob(4.92, 5.0, 20, 0.014, 0.03)]);
  assert.deepEqual(dustFirst.slice(4).map((g) => [g.blobs.length, g.area]), [[2, 10], [1, 20]]);
});

test("small ink over a letter is joined only on the same side of the letter's top: a crown's tip over its roof and its leg under it stay apart; a piece's rows leave its break out", () => {
  const letters = [blob(0, 1, 100), blob(1.3, 2.2, 90), blob(2.5, 3.5, 110, 0, 0.03), blob(3.8, 4.6, 95)];
  const tip = blob(2.6, 2.75, 10, -0.006, -0.001);
  const leg = blob(2.62, 2.76, 12, 0.002, 0.03);
  assert.deepEqual(lettersOf([...letters, tip, leg])[2].within?.map((w) => w.blobs), [tip.blobs, leg.blobs]);
  // A leg cut in two: pieces of 7 and 4 rows 4 rows apart span 15 rows, their ink 11.
  const upper = { ...blob(2.6, 2.75, 5, 0.01, 0.02), box: [0, 10, 5, 17] as InkGroup['box'] };
  const lower = { ...blob(2.62, 2.76, 5, 0.022, 0.03), box: [0, 21, 5, 25] as InkGroup['box'] };
  assert.deepEqual(lettersOf([...letters, upper, lower])[2].within?.map((w) => [w.box, w.rows]), [[[0, 10, 5, 25], 11]]);
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

// Letters touching across the gap between two lines are cut where one's
// stroke meets the other, not at the gap's middle: a ל's head touching the
// tapering end of the leg of the letter above keeps its head.

/** A page of `height` rows, 40 px a line pitch, lines' middles at rows 40, 80, 120; ink painted as rectangles [left, top, right, bottom) under one label. */
function painted(rects: readonly (readonly [number, number, number, number])[], width = 60, height = 160) {
  const labels = new Int32Array(width * height);
  for (const [l, t, r, b] of rects) for (let v = t; v < b; v++) for (let u = l; u < r; u++) labels[v * width + u] = 1;
  const toCanonical = (u: number, v: number): [number, number] => [(width - u) / width, (v / 40) * LINE_PITCH];
  const rowOf = (Y: number) => Math.round((Y / LINE_PITCH) * 40);
  const box: [number, number, number, number] = [Math.min(...rects.map((r) => r[0])), Math.min(...rects.map((r) => r[1])), Math.max(...rects.map((r) => r[2])), Math.max(...rects.map((r) => r[3]))];
  const [X1, Y0] = toCanonical(box[0], box[1]);
  const [X0, Y1] = toCanonical(box[2], box[3]);
  let area = 0;
  for (const l of labels) if (l === 1) area++;
  const whole: InkGroup = { X0, X1, Y0, Y1, area, box, blobs: [1], index: 0 };
  let next = 2;
  return { labels, width, whole, cut: () => cutAcrossLines(whole, labels, width, toCanonical, rowOf, () => next++) };
}

// The letter of line 1 (middle row 40): a roof and a leg tapering to 2 px at rows 48 to 51; the ל of line 2 (middle row 80): its head (rows 52 to 57) touching that tip, its neck, its body.
const upperLetter = [[10, 28, 40, 34], [34, 34, 40, 48], [37, 48, 39, 52]] as const;
const lamed = [[34, 52, 44, 58], [36, 58, 42, 70], [20, 70, 42, 76], [36, 76, 42, 92]] as const;

test("a ל's head touching the leg of the letter above is cut from it where the leg's end meets it, each part boxed tight and the lower one labelled anew", () => {
  const { labels, width, whole, cut } = painted([...upperLetter, ...lamed]);
  const parts = cut();
  assert.equal(parts.length, 2);
  const [upper, lower] = parts;
  assert.deepEqual(upper.box, [10, 28, 40, 51], 'the leg ends one row short of its tip: the tip is the thinnest row nearest the gap');
  assert.deepEqual(lower.box, [20, 51, 44, 92]);
  assert.deepEqual(upper.blobs, [1]);
  assert.deepEqual(lower.blobs, [2]);
  assert.equal(upper.area + lower.area, whole.area);
  assert.equal(labels[60 * width + 38], 2, "the ל's neck is the lower part's");
  // Each part spans its own columns, not the whole blob's (X runs from the right margin: X0 from a box's right, X1 from its left).
  assert.deepEqual([upper.X0, upper.X1], [(60 - 40) / 60, (60 - 10) / 60]);
  assert.deepEqual([lower.X0, lower.X1], [(60 - 44) / 60, (60 - 20) / 60]);
  assert.ok(Math.round((upper.Y0 + upper.Y1) / 2 / LINE_PITCH) === 1 && Math.round((lower.Y0 + lower.Y1) / 2 / LINE_PITCH) === 2, 'each part in its line');
});

test('a chain of letters touching over three lines is cut into its three lines; a letter no taller than a line and its neck is left whole', () => {
  // Line 3's ל (middle row 120) reaching up to the ל of line 2, whose head touches line 1's letter.
  const lowerLamed = [[34, 92, 40, 94], [32, 94, 42, 98], [36, 98, 42, 110], [22, 110, 42, 116], [36, 116, 42, 132]] as const;
  const { whole, cut } = painted([...upperLetter, ...lamed, ...lowerLamed]);
  const parts = cut();
  assert.deepEqual(parts.map((p) => Math.round((p.Y0 + p.Y1) / 2 / LINE_PITCH)), [1, 2, 3]);
  assert.equal(parts.reduce((a, p) => a + p.area, 0), whole.area);
  const alone = painted(lamed).cut();
  assert.equal(alone.length, 1, 'a ל with its neck is not cut');
});

test("a tail of even width touching the letter below is cut at the gap's middle, not where the stroke happens to be a pixel thinner", () => {
  // Line 1's ך: its roof, its tail 4 px wide down to row 68 (3 px at row 50), touching the top of line 2's letter (rows 68 to 92).
  const { cut } = painted([[10, 28, 40, 34], [34, 34, 38, 50], [35, 50, 38, 51], [34, 51, 38, 68], [20, 68, 44, 92]]);
  const [upper, lower] = cut();
  assert.equal(upper.box[3], 60);
  assert.equal(lower.box[1], 60);
  // A broad tail (12 px, 10 at row 50): within a quarter of the thinnest, where a pixel is not enough.
  const broad = painted([[10, 28, 40, 34], [24, 34, 36, 50], [25, 50, 35, 51], [24, 51, 36, 68], [10, 68, 44, 92]]).cut();
  assert.equal(broad[0].box[3], 60);
});
