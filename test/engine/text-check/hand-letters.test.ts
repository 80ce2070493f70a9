import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handLetters } from '../../../src/engine/text-check/hand-letters.ts';
import { boxedLookAlikeOf, lookAlikeOf, neighbourRatio } from '../../../src/engine/text-check/look-alikes.ts';
import { cellsOf, COARSE_GRID } from '../../../src/engine/text-check/letter-shapes.ts';
import { createRandom } from '../../../tools/synth/random.ts';

// The hand's letters as the text check judges a letter against them: the mean
// of its own letter's instances (itself left out), in their spread, and the
// nearest of the hand's instances of a letter.

/** Shapes of a letter: `cells` inked, each instance with noise of its own. */
function instances(cells: readonly number[], count: number, seed: number): Float32Array[] {
  const rnd = createRandom(seed);
  return Array.from({ length: count }, () => {
    const s = new Float32Array(cellsOf(COARSE_GRID));
    for (const c of cells) s[c] = 1;
    for (let i = 0; i < s.length; i++) s[i] = Math.min(1, Math.max(0, s[i] + (rnd.next() - 0.5) * 0.2));
    return s;
  });
}

const VAV = Array.from({ length: 10 }, (_, r) => (6 + r) * 16 + 8);
const ZAYIN = [...VAV, 6 * 16 + 6, 6 * 16 + 7, 6 * 16 + 9, 6 * 16 + 10];

test('an instance of a letter is like its own and not like a look-alike; its nearest instance is of its own letter', () => {
  const hand = handLetters(
    new Map([
      ['ו', instances(VAV, 30, 1)],
      ['ז', instances(ZAYIN, 6, 2)],
    ]),
    COARSE_GRID,
  );
  const [vav] = instances(VAV, 1, 3);
  const [zayin] = instances(ZAYIN, 1, 4);
  assert.ok(hand.unlikeness('ו', vav, false) < 2, `${hand.unlikeness('ו', vav, false)}`);
  assert.ok(hand.unlikeness('ו', zayin, false) > 4, `${hand.unlikeness('ו', zayin, false)}`);
  assert.ok(hand.nearestInstance('ז', zayin) < 0.35 * hand.nearestInstance('ו', zayin));
  assert.ok(hand.nearestInstance('ו', vav) < 0.35 * hand.nearestInstance('ז', vav));
  assert.equal(hand.nearest(zayin), 'ז');
});

test('a letter the hand has too few instances of has the hand\'s spread; one it has none of is infinitely unlike', () => {
  const own = instances(VAV, 3, 1);
  const hand = handLetters(
    new Map([
      ['ו', own],
      ['ז', instances(ZAYIN, 6, 2)],
    ]),
    COARSE_GRID,
  );
  const [vav] = instances(VAV, 1, 3);
  assert.ok(Number.isFinite(hand.unlikeness('ו', vav, false)));
  assert.equal(hand.unlikeness('ן', vav, false), Infinity);
  assert.equal(hand.nearestInstance('ן', vav), Infinity);
  // An instance is not its own nearest.
  assert.ok(hand.nearestInstance('ו', own[0]) > 0);
  // How many instances of each letter the hand has (a letter is set against its look-alikes only with enough of its own).
  assert.deepEqual([hand.count('ו'), hand.count('ז'), hand.count('ן')], [3, 6, 0]);
});

test('a letter is set against its look-alikes only when the hand has three instances of it: against one other, none is named', () => {
  // ס and its look-alike ם: the ם a ס with a square corner more.
  const SAMECH = [...VAV, 6 * 16 + 4, 15 * 16 + 4];
  const FINAL_MEM = [...SAMECH, 15 * 16 + 3, 6 * 16 + 3];
  const [written] = instances(FINAL_MEM, 1, 9); // a ם where the text has ס
  for (const [own, named] of [
    [2, null],
    [3, 'ם'],
  ] as const) {
    const hand = handLetters(new Map([['ס', instances(SAMECH, own, 5)], ['ם', instances(FINAL_MEM, 10, 6)]]), COARSE_GRID);
    assert.equal(lookAlikeOf(hand, 'ס', written)?.char ?? null, named, `${own} instances of ס`);
  }
});

test('how far a letter is from its nearest instances is told in how far the hand\'s instances of it lie from one another', () => {
  const vavs = instances(VAV, 20, 1);
  const hand = handLetters(new Map([['ו', vavs], ['ז', instances(ZAYIN, 6, 2)], ['ן', instances([0], 1, 3)]]), COARSE_GRID);
  const typical = hand.typicalNearest('ו');
  // The median of each instance's distance to its nearest other.
  const each = vavs.map((v) => hand.nearestInstance('ו', v)).sort((a, b) => a - b);
  assert.equal(typical, (each[9] + each[10]) / 2);
  // Under two instances there is nothing to tell it by.
  assert.ok(Number.isNaN(hand.typicalNearest('ן')));
  // A ז set against the ו's: its nearest ו much further than they are from one another, its nearest ז about as near as they are to each other (six noisy instances: within half as far again).
  const [zayin] = instances(ZAYIN, 1, 4);
  const look = lookAlikeOf(hand, 'ו', zayin)!;
  assert.equal(look.char, 'ז');
  assert.ok(look.own > 4 && look.other < 1.5, JSON.stringify(look));
});

test("a letter written as its neighbour's letter is nearer the hand's instances of that letter than of its own, whether or not the two look alike; with too few of either nothing is told", () => {
  // A ו and a wide letter that is no look-alike of it (a bar across the top half), each written in the other's place.
  const WIDE = Array.from({ length: 12 }, (_, c) => 7 * 16 + 2 + c);
  const hand = handLetters(new Map([['ו', instances(VAV, 20, 1)], ['ת', instances(WIDE, 8, 2)], ['ז', instances(ZAYIN, 2, 3)]]), COARSE_GRID);
  const [vavAsTav] = instances(WIDE, 1, 4);
  const [vav] = instances(VAV, 1, 5);
  assert.ok(neighbourRatio(hand, 'ו', 'ת', vavAsTav)! < 0.5, `${neighbourRatio(hand, 'ו', 'ת', vavAsTav)}`);
  assert.ok(neighbourRatio(hand, 'ו', 'ת', vav)! > 2, `${neighbourRatio(hand, 'ו', 'ת', vav)}`);
  // Two instances of ז are too few to tell by.
  assert.equal(neighbourRatio(hand, 'ו', 'ז', vav), null);
});

test("a letter's ink in its box is set against the look-alikes it reaches as far down as, and only when it reaches as far as its own letter", () => {
  // ם and ס drawn in their boxes (the same instances serve as the fine grid's: the frame's ratio is the box's here); a ס written in a ם's place.
  const SAMECH = [...VAV, 6 * 16 + 4, 15 * 16 + 4];
  const FINAL_MEM = [...SAMECH, 15 * 16 + 3, 6 * 16 + 3];
  const hand = handLetters(new Map([['ם', instances(FINAL_MEM, 12, 1)], ['ס', instances(SAMECH, 4, 2)], ['ט', instances(ZAYIN, 5, 3)]]), COARSE_GRID);
  const [written] = instances(SAMECH, 1, 4);
  const all = () => true;
  const boxed = boxedLookAlikeOf(hand, hand, 'ם', written, written, all)!;
  assert.equal(boxed.char, 'ס');
  assert.ok(boxed.ratio < 0.5 && boxed.framed === boxed.ratio, JSON.stringify(boxed));
  // Its ratio and how unlike its own it is are the boxed hand's, its frame's ratio the fine grid's (another hand, noisier, here).
  const fine = handLetters(new Map([['ם', instances(FINAL_MEM, 12, 11)], ['ס', instances(SAMECH, 4, 12)]]), COARSE_GRID);
  const both = boxedLookAlikeOf(hand, fine, 'ם', written, written, all)!;
  assert.equal(both.ratio, hand.nearestInstance('ס', written) / hand.nearestInstance('ם', written));
  assert.equal(both.own, hand.nearestInstance('ם', written) / hand.typicalNearest('ם'));
  assert.equal(both.framed, fine.nearestInstance('ס', written) / fine.nearestInstance('ם', written));
  assert.notEqual(both.framed, both.ratio);
  // A look-alike the letter does not reach as far as is not weighed (the ט, far on the frame, is not either); nor is any, when it does not reach as far as its own letter.
  assert.equal(boxedLookAlikeOf(hand, hand, 'ם', written, written, (c) => c !== 'ס'), null);
  assert.equal(boxedLookAlikeOf(hand, hand, 'ם', written, written, (c) => c !== 'ם'), null);
  // Nor with fewer than three instances of a look-alike on the frame's hand, nor one it is not much nearer on the frame (0.7 of its own).
  const fewOnTheFrame = handLetters(new Map([['ם', instances(FINAL_MEM, 12, 1)], ['ס', instances(SAMECH, 2, 2)]]), COARSE_GRID);
  assert.equal(boxedLookAlikeOf(hand, fewOnTheFrame, 'ם', written, written, all), null);
  const [between] = instances([...SAMECH, 15 * 16 + 3], 1, 5); // one corner square, one round
  const framed = neighbourRatio(hand, 'ם', 'ס', between)!;
  assert.ok(framed > 0.7 && framed < 1.5, `${framed}`);
  assert.equal(boxedLookAlikeOf(hand, hand, 'ם', between, between, all), null);
});
