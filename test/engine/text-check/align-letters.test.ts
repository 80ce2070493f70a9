import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LETTER_GAP, letterWidth, WORD_GAP } from '../../../src/engine/template.ts';
import { alignLetters, type TextLetter } from '../../../src/engine/text-check/align-letters.ts';
import type { InkGroup } from '../../../src/engine/text-check/page-ink.ts';
import { joined } from '../../../src/engine/text-check/page-ink.ts';

// The alignment alone, on ink laid out from the text's own letter widths
// (a letter height of 0.03 column widths), then edited as a scroll's errors
// would edit it.

const LINE = ['שמע', 'ישראל', 'יהוה', 'אלהינו'];
const letters: TextLetter[] = LINE.flatMap((w, wi) => [...w].map((char, li) => ({ char, startsWord: li === 0 && wi > 0 })));
const H = 0.03;

function inkOf(): InkGroup[] {
  const groups: InkGroup[] = [];
  let x = 0.1;
  letters.forEach((l, i) => {
    if (i > 0) x += (l.startsWord ? WORD_GAP : LETTER_GAP) * H;
    const w = letterWidth(l.char) * H;
    groups.push({ X0: x, X1: x + w, Y0: 0, Y1: H, area: 100, box: [0, 0, 1, 1], blobs: [], index: 0 });
    x += w;
  });
  return groups;
}
const ops = (r: ReturnType<typeof alignLetters>) => r.letters.map((l) => l.op);

test('ink laid out as the text is reads every letter one to one', () => {
  const r = alignLetters(inkOf(), letters);
  assert.deepEqual(ops(r), letters.map(() => 'match'));
  assert.deepEqual(r.extra, []);
});

test('a letter with no ink is read as missing, in its place', () => {
  const ink = inkOf();
  ink.splice(6, 1); // ישראל's ר
  const r = alignLetters(ink, letters);
  assert.equal(r.letters[6].op, 'missing');
  assert.equal(r.letters.filter((l) => l.op !== 'match').length, 1);
});

test('a letter never written (the scribe wrote on, no room left) is read as missing, in its place', () => {
  const ink = inkOf();
  const dropped = ink[10]; // יהוה's ו
  const shift = dropped.X1 - dropped.X0 + LETTER_GAP * H;
  const r = alignLetters([...ink.slice(0, 10), ...ink.slice(11).map((g) => ({ ...g, X0: g.X0 - shift, X1: g.X1 - shift }))], letters);
  assert.equal(r.letters[10].op, 'missing');
  assert.equal(r.letters.filter((l) => l.op !== 'match').length, 1);
});

test('two letters in one group are read as touching', () => {
  const ink = inkOf();
  ink.splice(4, 2, joined(ink[4], ink[5])); // ישראל's ש and ר
  const r = alignLetters(ink, letters);
  assert.deepEqual([r.letters[4].op, r.letters[5].op], ['touch', 'touched']);
  assert.equal(r.letters.filter((l) => l.op === 'match').length, letters.length - 2);
});

test('a letter in two pieces is read as one letter of two groups', () => {
  const ink = inkOf();
  const a = ink[1]; // שמע's מ, cut through its middle
  const mid = (a.X0 + a.X1) / 2;
  ink.splice(1, 1, { ...a, X1: mid - 0.1 * H }, { ...a, X0: mid + 0.1 * H });
  const r = alignLetters(ink, letters);
  assert.equal(r.letters[1].op, 'merge');
  assert.equal(r.letters[1].groups.length, 2);
});

test("a word's worth of ink between two words that no letter takes is extra, after the letter before it", () => {
  const ink = inkOf();
  const before = ink[7]; // ישראל's ל, the word's last
  const width = 0.9 * H;
  const shift = width + WORD_GAP * H;
  const after = ink.slice(8).map((g) => ({ ...g, X0: g.X0 + shift, X1: g.X1 + shift }));
  const stray: InkGroup = { X0: before.X1 + WORD_GAP * H, X1: before.X1 + WORD_GAP * H + width, Y0: 0, Y1: H, area: 100, box: [0, 0, 1, 1], blobs: [], index: 0 };
  const r = alignLetters([...ink.slice(0, 8), stray, ...after], letters);
  assert.deepEqual(ops(r), letters.map(() => 'match'));
  assert.deepEqual(r.extra.map((e) => e.after), [7]);
});

test('a line with no ink has every letter missing', () => {
  const r = alignLetters([], letters);
  assert.deepEqual(ops(r), letters.map(() => 'missing'));
});
