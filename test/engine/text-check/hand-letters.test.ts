import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handLetters } from '../../../src/engine/text-check/hand-letters.ts';
import { SHAPE_CELLS } from '../../../src/engine/text-check/letter-shapes.ts';
import { createRandom } from '../../../tools/synth/random.ts';

// The hand's letters as the text check judges a letter against them: its own
// letter's instances (itself left out), and the way from its letter to a
// look-alike, in the spread of its own letter's instances along it.

/** Shapes of a letter: `cells` inked, each instance with noise of its own. */
function instances(cells: readonly number[], count: number, seed: number): Float32Array[] {
  const rnd = createRandom(seed);
  return Array.from({ length: count }, () => {
    const s = new Float32Array(SHAPE_CELLS);
    for (const c of cells) s[c] = 1;
    for (let i = 0; i < SHAPE_CELLS; i++) s[i] = Math.min(1, Math.max(0, s[i] + (rnd.next() - 0.5) * 0.2));
    return s;
  });
}

const VAV = Array.from({ length: 10 }, (_, r) => (6 + r) * 16 + 8);
const ZAYIN = [...VAV, 6 * 16 + 6, 6 * 16 + 7, 6 * 16 + 9, 6 * 16 + 10];

test('an instance of a letter is like its own and not like a look-alike; a shape of the look-alike leans all the way to it', () => {
  const hand = handLetters(
    new Map([
      ['ו', instances(VAV, 30, 1)],
      ['ז', instances(ZAYIN, 6, 2)],
    ]),
  );
  const [vav] = instances(VAV, 1, 3);
  const [zayin] = instances(ZAYIN, 1, 4);
  assert.ok(hand.unlikeness('ו', vav, false) < 2, `${hand.unlikeness('ו', vav, false)}`);
  assert.ok(hand.unlikeness('ו', zayin, false) > 4, `${hand.unlikeness('ו', zayin, false)}`);
  const plain = hand.leaning('ו', 'ז', vav)!;
  const written = hand.leaning('ו', 'ז', zayin)!;
  assert.ok(Math.abs(plain.along) < 0.2 && plain.spreads < 3, JSON.stringify(plain));
  assert.ok(written.along > 0.8 && written.spreads > 8, JSON.stringify(written));
  assert.deepEqual(hand.others('ו'), ['ז']);
});

test('a letter the hand has too few instances of, or a look-alike it has none of, gives no way to lean along', () => {
  const hand = handLetters(
    new Map([
      ['ו', instances(VAV, 3, 1)],
      ['ז', instances(ZAYIN, 6, 2)],
    ]),
  );
  const [vav] = instances(VAV, 1, 3);
  assert.equal(hand.leaning('ו', 'ז', vav), null);
  assert.equal(hand.leaning('ז', 'ן', vav), null);
  // With three instances the letter's spread is the hand's, not its own.
  assert.ok(Number.isFinite(hand.unlikeness('ו', vav, false)));
  assert.equal(hand.unlikeness('ן', vav, false), Infinity);
});
