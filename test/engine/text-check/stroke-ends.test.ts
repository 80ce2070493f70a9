import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markStrokeEnds, type InkGroup } from '../../../src/engine/text-check/page-ink.ts';
import { brokenEnds, brokenTops, drawnDownAs, endsAsFarAs, handExtent, reachPast, sideEnds } from '../../../src/engine/text-check/stroke-ends.ts';

// A letter with a stroke broken off: its end standing apart under the letter,
// over it or beside it is the letter's when the letter, short or narrow
// without it, reaches as far as the hand's others with it; a crown between two
// letters, a letter's own crowns, a speck, a mark past where the hand's
// letters end are not.

const WIDTH = 100;
const HEIGHT = 120;
/** 50 px a line pitch: ink apart under a stroke by up to 8 rows is its end, measured over 3 rows; pieces under 10 px are specks. */
const PITCH = 50;

type Rect = { label: number; cols: [number, number]; rows: [number, number] };

/** Blobs drawn as rectangles of their labels, and a group for each label. */
function page(rects: readonly Rect[]): { labels: Int32Array; groups: InkGroup[] } {
  const labels = new Int32Array(WIDTH * HEIGHT);
  for (const { label, cols, rows } of rects) for (let v = rows[0]; v < rows[1]; v++) for (let u = cols[0]; u < cols[1]; u++) labels[v * WIDTH + u] = label;
  const groups = [...new Set(rects.map((r) => r.label))].map((label) => {
    const own = rects.filter((r) => r.label === label);
    const box: InkGroup['box'] = [Math.min(...own.map((r) => r.cols[0])), Math.min(...own.map((r) => r.rows[0])), Math.max(...own.map((r) => r.cols[1])), Math.max(...own.map((r) => r.rows[1]))];
    let area = 0;
    for (let i = 0; i < labels.length; i++) if (labels[i] === label) area++;
    return { X0: 0, X1: 0, Y0: 0, Y1: 0, area, box, blobs: [label], index: 0 };
  });
  return { labels, groups };
}

/** A ך-like letter (label 1): a roof over rows 10–16 and a leg down columns 20–27 to row 40. */
const LETTER: Rect[] = [
  { label: 1, cols: [5, 28], rows: [10, 17] },
  { label: 1, cols: [20, 28], rows: [10, 40] },
];

const marked = (rects: Rect[]) => {
  const { labels, groups } = page([...LETTER, ...rects]);
  markStrokeEnds(groups, labels, WIDTH, PITCH, 2 * PITCH);
  return (groups[0].under ?? []).flatMap((u) => u.blobs);
};

test('ink apart just under a stroke, as wide as it and in its columns, is noted as its end; a speck, a crown over the next letter, ink further off are not', () => {
  assert.deepEqual(marked([{ label: 2, cols: [20, 28], rows: [44, 60] }]), [2], 'the leg broken off 4 rows under it');
  assert.deepEqual(marked([{ label: 2, cols: [10, 38], rows: [44, 50] }]), [], 'a mark three times as wide as the leg');
  assert.deepEqual(marked([{ label: 2, cols: [21, 23], rows: [44, 47] }]), [], 'a speck of 6 px');
  assert.deepEqual(marked([{ label: 2, cols: [20, 28], rows: [44, 52] }, { label: 3, cols: [5, 40], rows: [55, 80] }]), [], 'a crown standing on the letter under it');
  assert.deepEqual(marked([{ label: 2, cols: [20, 28], rows: [50, 60] }]), [], '10 rows under the leg');
});

test("ink under a pointed end is noted when it faces the end's last row, though the rows over it are the head's, wide: a י's tail cut at its root; under a flat base it is not", () => {
  const under = (head: Rect[]) => {
    const { labels, groups } = page([...head, { label: 2, cols: [20, 26], rows: [24, 30] }]);
    markStrokeEnds(groups, labels, WIDTH, PITCH, 2 * PITCH);
    return (groups[0].under ?? []).flatMap((u) => u.blobs);
  };
  // A head 20 px wide over rows 10–19, its tail's root 4 px wide on row 20; the piece 6 px wide, 4 rows under it.
  assert.deepEqual(under([{ label: 1, cols: [10, 30], rows: [10, 20] }, { label: 1, cols: [22, 26], rows: [20, 21] }]), [2]);
  assert.deepEqual(under([{ label: 1, cols: [10, 30], rows: [10, 21] }]), [], 'a dot under a flat base as wide as the head');
  const flat = page([{ label: 1, cols: [10, 30], rows: [10, 20] }, { label: 1, cols: [22, 26], rows: [20, 21] }, { label: 2, cols: [19, 27], rows: [24, 29] }]);
  markStrokeEnds(flat.groups, flat.labels, WIDTH, PITCH, 2 * PITCH);
  assert.equal(flat.groups[0].under, undefined, 'a dot lying flat under a bowl narrowing to its bottom');
});

const FRAME = { top: 0, base: 100 };
const group = (box: InkGroup['box'], blobs = [1], under?: InkGroup['under']): InkGroup => ({ X0: 0, X1: 0, Y0: 0, Y1: 0, area: 1, box, blobs, index: 0, ...(under ? { under } : {}) });
/** A hand whose ז end at the base, 30 px (0.3 letter heights) wide; two ך only, too few to tell how far they reach. */
const HAND = handExtent([
  ...[99, 100, 102].map((bottom) => ({ char: 'ז', groups: [group([0, 0, 30, bottom])], frame: FRAME })),
  ...[160, 170].map((bottom) => ({ char: 'ך', groups: [group([0, 0, 50, bottom])], frame: FRAME })),
]);

/** A page `width` px wide, 300 tall, with rectangles [x0, y0, x1, y1] of label 1 and the group they make, and the pieces under it (`under`) or over it (`within`) drawn as their blob. */
function letterOn(width: number, rects: readonly (readonly [number, number, number, number])[], pieces: { under?: InkGroup['under']; within?: InkGroup['within'] } = {}) {
  const labels = new Int32Array(width * 300);
  const draw = ([x0, y0, x1, y1]: readonly number[], label: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) labels[y * width + x] = label;
  };
  for (const rect of rects) draw(rect, 1);
  for (const p of [...(pieces.under ?? []), ...(pieces.within ?? [])]) draw(p.box, p.blobs[0]);
  const box: InkGroup['box'] = [Math.min(...rects.map((r) => r[0])), Math.min(...rects.map((r) => r[1])), Math.max(...rects.map((r) => r[2])), Math.max(...rects.map((r) => r[3]))];
  return { labels, groups: [{ ...group(box, [1], pieces.under), ...(pieces.within ? { within: pieces.within } : {}) }] };
}
const piece = (box: InkGroup['box'], blobs = [2]) => ({ box, blobs });

test("ink under a letter is a broken stroke's end when the letter stops short of the hand's reach and with it ends near it", () => {
  assert.equal(HAND.reach.get('ז'), 0);
  assert.equal(HAND.width.get('ז'), 0.3);
  assert.equal(HAND.reach.get('ך'), undefined);
  const zayin = (bottom: number, under: ReturnType<typeof piece>) => {
    const { labels, groups } = letterOn(40, [[0, 0, 30, 12], [10, 0, 20, bottom]], { under: [under] });
    return brokenEnds('ז', groups, FRAME, HAND, labels, 40);
  };
  const end = piece([10, 85, 20, 103]);
  assert.deepEqual(zayin(80, end), [end], 'short by 0.2, with it 0.03 past');
  const round = piece([8, 85, 23, 100]);
  assert.deepEqual(zayin(80, round), [round], 'a round end under a letter short as a whole');
  assert.deepEqual(zayin(50, piece([10, 55, 20, 70])), [], 'with it still 0.3 short');
  assert.deepEqual(zayin(99, piece([10, 102, 20, 118])), [], 'a whole ז');
  assert.deepEqual(zayin(80, piece([10, 85, 20, 140])), [], 'with it 0.4 past: a crown of the next line');
  const { labels, groups } = letterOn(60, [[0, 0, 50, 120]], { under: [end] });
  assert.deepEqual(brokenEnds('ך', groups, FRAME, HAND, labels, 60), [], 'a letter the hand has too few of');
  assert.deepEqual(brokenEnds('ז', letterOn(40, [[10, 0, 20, 80]], { under: [end] }).groups, null, HAND, labels, 40), [], 'a line with no frame');
});

test("ink under one of a letter's strokes is its end broken off when that stroke stops short of the base, though the letter does not: a leg's end, taller than wide", () => {
  // A ת 60 px wide, 100 px tall on FRAME: its roof, its right leg (x 45–55) to the base, its left leg (x 5–15) cut at 70. The hand's ת's end at the base.
  const hand = handExtent([0, 1, 2].map(() => ({ char: 'ת', groups: [group([0, 0, 60, 100])], frame: FRAME })));
  const tav = (under: ReturnType<typeof piece>) => {
    const { labels, groups } = letterOn(60, [[0, 0, 60, 12], [45, 0, 55, 100], [5, 0, 15, 70]], { under: [under] });
    return brokenEnds('ת', groups, FRAME, hand, labels, 60);
  };
  const leg = piece([5, 80, 15, 100]);
  assert.deepEqual(tav(leg), [leg], 'the left leg short by 0.3, its end brings it to the base');
  assert.deepEqual(tav(piece([5, 80, 15, 90])), [], 'as wide as tall: a dot under the stroke, no leg');
  assert.deepEqual(tav(piece([5, 74, 15, 86])), [], 'with it still 0.14 short of the base, a leg end reaching 0.8 of the way');
  assert.deepEqual(tav(piece([45, 102, 55, 115])), [], 'under the right leg, which reaches the base');
  // A ק: its body to the base, its leg to 0.5 below it; the hand's ק's end there.
  const qof = handExtent([0, 1, 2].map(() => ({ char: 'ק', groups: [group([0, 0, 60, 150])], frame: FRAME })));
  const under = piece([45, 104, 55, 125]);
  const { labels, groups } = letterOn(60, [[0, 0, 60, 12], [45, 0, 55, 100], [5, 40, 15, 150]], { under: [under] });
  assert.deepEqual(brokenEnds('ק', groups, FRAME, qof, labels, 60), [], "under a ק's body, which ends at the base while its leg reaches below");
});

test("small ink over a letter is the top of one of its strokes broken off, facing it across a break, when the letter stops short of the hand's rise and with it rises as far; of a crowned letter, only a piece reaching into its body", () => {
  // On a frame from row 100 to 200: the hand's ל's necks rise 0.5 letter heights above the line's top (to row 50), its ע's crowns 0.3.
  const frame = { top: 100, base: 200 };
  const hand = handExtent([
    ...[0, 1, 2].map(() => ({ char: 'ל', groups: [group([0, 50, 40, 200])], frame })),
    ...[0, 1, 2].map(() => ({ char: 'ע', groups: [group([0, 70, 50, 200])], frame })),
  ]);
  assert.equal(hand.rise.get('ל'), 0.5);
  // A ל whose neck (columns 5–15) rises from its body to row `top`.
  const lamed = (top: number, over: ReturnType<typeof piece>, taken = new Set<number>()) => {
    const { labels, groups } = letterOn(60, [[5, top, 15, 200], [5, 150, 40, 200]], { within: [over] });
    return brokenTops('ל', groups, frame, hand, labels, 60, taken);
  };
  const neck = piece([5, 48, 15, 70]);
  assert.deepEqual(lamed(75, neck), [neck], 'the neck short by 0.25, its top 5 rows over it rising 0.02 past');
  assert.deepEqual(lamed(75, neck, new Set([2])), [], "noted under a stroke's end of the line above");
  assert.deepEqual(lamed(52, piece([5, 40, 15, 48])), [], 'a whole ל');
  assert.deepEqual(lamed(75, piece([5, 20, 15, 70])), [], 'with it 0.3 past');
  assert.deepEqual(lamed(110, piece([5, 80, 15, 105])), [], 'with it still 0.3 short');
  assert.deepEqual(lamed(75, piece([5, 35, 15, 45])), [], '30 rows over the neck');
  assert.deepEqual(lamed(75, piece([25, 48, 33, 70])), [], 'over the body, where no stroke rises under it');
  assert.deepEqual(lamed(75, piece([0, 48, 40, 70])), [], 'four times as wide as the neck: no stroke of it');
  // A ע without its crowns (to row 100): the crowns over its arm (columns 0–15), or the arm itself broken off with them.
  const ayin = (over: ReturnType<typeof piece>, arm: number) => {
    const { labels, groups } = letterOn(60, [[0, arm, 15, 200], [0, 180, 50, 200], [35, 100, 50, 200]], { within: [over] });
    return brokenTops('ע', groups, frame, hand, labels, 60, new Set());
  };
  assert.deepEqual(ayin(piece([0, 70, 15, 98]), 100), [], "a ע's crowns standing apart over its head");
  assert.deepEqual(ayin(piece([0, 70, 15, 110]), 112), [], 'reaching only 0.1 into its body');
  const arm = piece([0, 70, 15, 140]);
  assert.deepEqual(ayin(arm, 145), [arm], 'its arm with its crowns, broken off');
});

test("how much further a letter reaches below the line than the hand's instances of a letter do, in letter heights; unknown for a letter the hand has too few of", () => {
  assert.equal(reachPast('ז', [group([0, 0, 30, 115])], FRAME, HAND), 0.15);
  assert.equal(reachPast('ז', [group([0, 0, 30, 60])], FRAME, HAND), -0.4);
  assert.ok(Number.isNaN(reachPast('ך', [group([0, 0, 50, 165])], FRAME, HAND)));
  // Ending as far down as the hand's letter: within 0.15 of a letter height either way; never for a letter the hand has too few of.
  assert.deepEqual([84, 85, 115, 116].map((bottom) => endsAsFarAs('ז', [group([0, 0, 30, bottom])], FRAME, HAND)), [false, true, true, false]);
  assert.equal(endsAsFarAs('ך', [group([0, 0, 50, 165])], FRAME, HAND), false);
});

test("a letter drawn down as far as the hand's look-alike with a tail, past where its own ends, is drawn down as it: a ו as long as a ן; not a ן as short as a ו, nor look-alikes neither of which descends", () => {
  // The hand's ו end at the base (frame 0–100), its ן 0.25 under it, its ה at the base too and its ת 0.25 under (a blurred foot).
  const hand = handExtent([
    ...[99, 100, 101].map((bottom) => ({ char: 'ו', groups: [group([0, 0, 10, bottom])], frame: FRAME })),
    ...[124, 125, 126].map((bottom) => ({ char: 'ן', groups: [group([0, 0, 10, bottom])], frame: FRAME })),
    ...[99, 100, 101].map((bottom) => ({ char: 'ה', groups: [group([0, 0, 40, bottom])], frame: FRAME })),
    ...[124, 125, 126].map((bottom) => ({ char: 'ת', groups: [group([0, 0, 40, bottom])], frame: FRAME })),
  ]);
  const vav = (bottom: number) => drawnDownAs('ו', 'ן', [group([0, 0, 10, bottom])], FRAME, hand);
  assert.deepEqual([100, 114, 116, 125, 141].map(vav), [false, false, true, true, false], 'past 0.15 under its own, within 0.15 of the ן');
  assert.equal(drawnDownAs('ן', 'ו', [group([0, 0, 10, 100])], FRAME, hand), false);
  assert.equal(drawnDownAs('ה', 'ת', [group([0, 0, 40, 125])], FRAME, hand), false);
});

test("ink beside a letter, facing its stroke's end, is that end broken off when the letter is narrower than the hand's and as wide with it", () => {
  // The hand's ר: 0.5 letter heights wide (frame 0–50); this one's roof ends at column 30 (0.4 wide), its leg down columns 42–50.
  const frame = { top: 10, base: 60 };
  const hand = handExtent([1, 2, 3].map(() => ({ char: 'ר', groups: [group([20, 10, 45, 60])], frame })));
  const read = (piece: Rect, op: 'match' | 'touch' = 'match', roof = 30) => {
    const { labels, groups } = page([{ label: 1, cols: [roof, 50], rows: [10, 18] }, { label: 1, cols: [42, 50], rows: [10, 60] }, piece]);
    const extra = { group: groups[1], after: 0, inWord: false };
    const ends = sideEnds({ letters: [{ op, groups: [groups[0]] }], extra: [extra] }, ['ר'], frame, hand, labels, WIDTH);
    return ends.get(extra);
  };
  assert.equal(read({ label: 2, cols: [22, 27], rows: [10, 18] }), 0, "the roof's end, 3 columns off");
  assert.equal(read({ label: 2, cols: [22, 27], rows: [40, 48] }), undefined, "ink beside the letter's middle, facing no stroke's end");
  assert.equal(read({ label: 2, cols: [10, 15], rows: [10, 18] }), undefined, '15 columns off');
  assert.equal(read({ label: 2, cols: [22, 27], rows: [10, 18] }, 'touch'), undefined, 'beside letters read touching');
  assert.equal(read({ label: 2, cols: [15, 20], rows: [10, 18] }, 'match', 23), undefined, 'beside a letter as wide as the hand writes it');
});
