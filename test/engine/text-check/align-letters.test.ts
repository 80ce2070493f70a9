import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LETTER_GAP, letterWidth, WORD_GAP } from '../../../src/engine/template.ts';
import { alignLetters, lineScale, type TextLetter } from '../../../src/engine/text-check/align-letters.ts';
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

test('a word the scribe left out (the next written on) is read as a word missing, not letters missing either side', () => {
  const ink = inkOf();
  // ישראל (letters 3–7) left out: יהוה and אלהינו move back by its width and gap.
  const shift = ink[8].X0 - ink[3].X0;
  const r = alignLetters([...ink.slice(0, 3), ...ink.slice(8).map((g) => ({ ...g, X0: g.X0 - shift, X1: g.X1 - shift }))], letters);
  assert.deepEqual(ops(r), letters.map((_, i) => (i >= 3 && i <= 7 ? 'missing' : 'match')));
  assert.deepEqual(r.extra, []);
});

test('a word written twice is a word of extra ink, its groups marked as a word', () => {
  const ink = inkOf();
  // יהוה (letters 8–11) written again after itself.
  const copy = ink.slice(8, 12);
  const shift = copy[3].X1 - copy[0].X0 + WORD_GAP * H;
  const moved = (g: InkGroup) => ({ ...g, X0: g.X0 + shift, X1: g.X1 + shift });
  const r = alignLetters([...ink.slice(0, 12), ...copy.map(moved), ...ink.slice(12).map(moved)], letters);
  assert.deepEqual(ops(r), letters.map(() => 'match'));
  assert.equal(r.extra.length, 4);
  assert.ok(r.extra.every((e) => e.inWord));
  assert.ok(r.extra.every((e) => e.after === 7 || e.after === 11), JSON.stringify(r.extra.map((e) => e.after)));
});

test("two letters written in each other's place are read as swapped when their shapes say so", () => {
  const ink = inkOf();
  // שמע's מ and ע written as עמ: each letter's shape unlike its own, like the other's.
  const [m, ayin] = [ink[1], ink[2]];
  const wM = m.X1 - m.X0;
  const wA = ayin.X1 - ayin.X0;
  const swapped = [{ ...ayin, X0: m.X0, X1: m.X0 + wA }, { ...m, X0: m.X0 + wA + LETTER_GAP * H, X1: m.X0 + wA + LETTER_GAP * H + wM }];
  const groups = [ink[0], ...swapped, ...ink.slice(3)];
  // The shape of group j is the shape of the letter it was drawn as: alike its own letter, 8 for any other.
  const drawnAs = ['ש', 'ע', 'מ', ...letters.slice(3).map((l) => l.char)];
  const r = alignLetters(groups, letters, (i, j, k) => (k === 1 && drawnAs[j] === letters[i].char ? 0 : 8));
  assert.deepEqual([r.letters[1].op, r.letters[2].op], ['swap', 'swap']);
  assert.equal(r.letters.filter((l) => l.op === 'match').length, letters.length - 2);
});

test("a word's letters drifted apart (a gap inside it as wide as a word's) are still read one to one, not the letter after the gap missing and its ink extra", () => {
  const ink = inkOf();
  // אלהינו (letters 12–17) with a gap of two word gaps between its ה and its י.
  const shift = 2 * WORD_GAP * H;
  const r = alignLetters([...ink.slice(0, 15), ...ink.slice(15).map((g) => ({ ...g, X0: g.X0 + shift, X1: g.X1 + shift }))], letters);
  assert.deepEqual(ops(r), letters.map(() => 'match'));
  assert.deepEqual(r.extra, []);
});

test('small ink is taken by a letter where the text has one, and no letter takes a speck: neither is extra ink, nor does a speck narrow a word gap', () => {
  const ink = inkOf();
  // ישראל's י small (as a short י in a hand whose letters are large), and a speck in the gap after ישראל.
  ink[3] = { ...ink[3], area: 20, small: true };
  const end = ink[7].X1;
  const speck: InkGroup = { X0: end + 0.3 * WORD_GAP * H, X1: end + 0.45 * WORD_GAP * H, Y0: 0.4 * H, Y1: 0.5 * H, area: 5, box: [0, 0, 1, 1], blobs: [], index: 0, small: true };
  const withSpeck = [...ink.slice(0, 8), speck, ...ink.slice(8)];
  const r = alignLetters(withSpeck, letters);
  assert.deepEqual(ops(r), letters.map(() => 'match'));
  assert.equal(r.letters[3].groups[0], ink[3], 'the small י read as the י');
  assert.deepEqual(r.extra.map((e) => e.group), [speck], 'the speck left to no letter');
  // The same speck as ordinary ink costs what extra ink costs: cheaper to read it as a piece of the ל before it.
  const plain = alignLetters(withSpeck.map((g) => (g === speck ? { ...g, small: false } : g)), letters);
  assert.equal(plain.letters[7].op, 'merge');
});

test('a word of two letters written twice is a word of extra ink, and left out a word missing, not two letters each', () => {
  const words = ['ונתתי', 'את', 'השמים'];
  const text: TextLetter[] = words.flatMap((w, wi) => [...w].map((char, li) => ({ char, startsWord: li === 0 && wi > 0 })));
  const layout = (chars: readonly TextLetter[]): InkGroup[] => {
    let x = 0.1;
    return chars.map((l, i) => {
      if (i > 0) x += (l.startsWord ? WORD_GAP : LETTER_GAP) * H;
      const g: InkGroup = { X0: x, X1: x + letterWidth(l.char) * H, Y0: 0, Y1: H, area: 100, box: [0, 0, 1, 1], blobs: [], index: 0 };
      x = g.X1;
      return g;
    });
  };
  const twice = layout([...text.slice(0, 7), { char: 'א', startsWord: true }, { char: 'ת', startsWord: false }, ...text.slice(7)]);
  const repeated = alignLetters(twice, text);
  assert.deepEqual(ops(repeated), text.map(() => 'match'));
  assert.equal(repeated.extra.length, 2);
  assert.ok(repeated.extra.every((e) => e.inWord), 'the two groups are a word');
  const without = layout([...text.slice(0, 5), { ...text[7], startsWord: true }, ...text.slice(8)]);
  const left = alignLetters(without, text);
  assert.deepEqual(ops(left), text.map((_, i) => (i === 5 || i === 6 ? 'missing' : 'match')));
  assert.deepEqual(left.extra, []);
});

test("letters the scribe stretched to fill the line (the dilatable letters of its last word) are read as themselves, not as two letters touching with ink left over", () => {
  // Line 13, its last word's א and ת each written 2.2 times as wide: two letters' width each.
  const words = ['והשתחויתם', 'להם', 'וחרה', 'אף', 'יהוה', 'בכם', 'ועצר', 'את'];
  const last = [...words.join('')].length - 2;
  const text: TextLetter[] = words.flatMap((w, wi) => [...w].map((char, li) => ({ char, startsWord: li === 0 && wi > 0 })));
  const ink: InkGroup[] = [];
  let x = 0.1;
  text.forEach((l, i) => {
    if (i > 0) x += (l.startsWord ? WORD_GAP : LETTER_GAP) * H;
    const w = letterWidth(l.char) * H * (i >= last ? 2.2 : 1);
    ink.push({ X0: x, X1: x + w, Y0: 0, Y1: H, area: 100, box: [0, 0, 1, 1], blobs: [], index: ink.length });
    x += w;
  });
  // Drawn back to their width, the stretched letters are still a little unlike the hand's others.
  const shapes = (_i: number, j: number, k: number) => (j >= last && k === 1 ? 4 : 0);
  const mayStretch = text.map((l, i) => ({ ...l, mayStretch: i >= last }));
  assert.deepEqual(ops(alignLetters(ink, mayStretch, shapes)), text.map(() => 'match'));
  // Where the text says nothing of stretching, the same ink is two letters touching and ink left over.
  const plain = alignLetters(ink, text, shapes);
  assert.deepEqual(ops(plain).slice(last), ['touch', 'touched']);
  assert.equal(plain.extra.length, 1);
});

test('ink further off a letter than its pieces stand is no piece of it: a letter the hand writes narrow is read alone, not with a stroke 0.4 letter heights past it', () => {
  const ink = inkOf();
  // יהוה's last ה written at under half the table's width, and a small stroke 0.4 letter heights past it:
  // together they are as wide as the table's ה, which by the widths alone makes a letter in pieces of them the cheaper reading.
  const he = ink[11];
  const narrow = { ...he, X1: he.X0 + 0.45 * (he.X1 - he.X0) };
  const leg: InkGroup = { X0: narrow.X1 + 0.4 * H, X1: narrow.X1 + 0.52 * H, Y0: 0, Y1: H, area: 10, box: [0, 0, 1, 1], blobs: [], index: 0, small: true };
  const r = alignLetters([...ink.slice(0, 11), narrow, leg, ...ink.slice(12)], letters);
  assert.equal(r.letters[11].op, 'match');
  assert.deepEqual(r.letters[11].groups, [narrow]);
  assert.deepEqual(r.extra.map((e) => e.group), [leg]);
  // The same width of ink with the gap under PIECE_GAP (0.2 letter heights, the piece wider) is the letter in pieces.
  const near = { ...leg, X0: narrow.X1 + 0.2 * H, X1: narrow.X1 + 0.52 * H };
  const inPieces = alignLetters([...ink.slice(0, 11), narrow, near, ...ink.slice(12)], letters);
  assert.equal(inPieces.letters[11].op, 'merge');
});

test("a letter's leg standing a little into its roof's span is its piece even when the hand writes the letter far narrower than the table", () => {
  const ink = inkOf();
  // יהוה's first ה written at half the table's width, its leg (ink of its own, not small) starting 0.05 letter heights inside the roof's end:
  // together 0.6 of the table's ה, further from it than two pieces of one letter are held to when they stand apart.
  const he = ink[9];
  const roof = { ...he, X1: he.X0 + 0.5 * (he.X1 - he.X0) };
  const leg: InkGroup = { X0: roof.X1 - 0.05 * H, X1: roof.X1 - 0.05 * H + (0.6 - 0.5) * (he.X1 - he.X0) + 0.05 * H, Y0: 0, Y1: 1.3 * H, area: 40, box: [0, 0, 1, 1], blobs: [], index: 0 };
  const r = alignLetters([...ink.slice(0, 9), roof, leg, ...ink.slice(10)], letters);
  assert.equal(r.letters[9].op, 'merge');
  assert.deepEqual(r.letters[9].groups, [roof, leg]);
  assert.deepEqual(r.extra, []);
});

test('a letter added a little into its neighbour\'s span stays a letter added: two letters together are wider than one, and are held to the pieces\' closer spread', () => {
  const ink = inkOf();
  // A ה added after ישראל's ש, starting 0.05 letter heights inside the ש's span; the rest of the line moved on by its width and a letter's gap.
  const shin = ink[4];
  const width = letterWidth('ה') * H;
  const added: InkGroup = { X0: shin.X1 - 0.05 * H, X1: shin.X1 - 0.05 * H + width, Y0: 0, Y1: H, area: 100, box: [0, 0, 1, 1], blobs: [], index: 0 };
  const shift = width - 0.05 * H + LETTER_GAP * H;
  const after = ink.slice(5).map((g) => ({ ...g, X0: g.X0 + shift, X1: g.X1 + shift }));
  const r = alignLetters([...ink.slice(0, 5), added, ...after], letters);
  // Which group of the word is left over is the widths' to say (the ה is as wide as the ר after it); none is taken as a piece of the ש.
  assert.deepEqual(r.letters[4].groups, [shin]);
  assert.deepEqual(ops(r), letters.map(() => 'match'));
  assert.equal(r.extra.length, 1);
});

test("a letter added snug against one the hand writes narrower than the table is a letter added, not that letter's piece: a letter's pieces span the hand's width of it", () => {
  // A hand that writes its letters at 0.7 of the table's widths and spaces them wider (the line as long as the table's).
  const narrowHand: InkGroup[] = [];
  let x = 0.1;
  letters.forEach((l, i) => {
    if (i > 0) x += (l.startsWord ? WORD_GAP : LETTER_GAP) * H + (0.3 * (letterWidth(letters[i - 1].char) + letterWidth(l.char)) * H) / 2;
    const w = 0.7 * letterWidth(l.char) * H;
    narrowHand.push({ X0: x, X1: x + w, Y0: 0, Y1: H, area: 100, box: [0, 0, 1, 1], blobs: [], index: 0 });
    x += w;
  });
  const scale = lineScale(narrowHand, letters);
  const widths = new Map<string, number[]>();
  letters.forEach((l, i) => (widths.get(l.char) ?? widths.set(l.char, []).get(l.char)!).push((narrowHand[i].X1 - narrowHand[i].X0) / scale));
  const hand = new Map([...widths].map(([char, ws]) => [char, ws[0]]));
  // A ו added after ישראל's ל, 0.1 letter heights from it; the rest of the line moved on.
  const lamed = narrowHand[7];
  const vav: InkGroup = { X0: lamed.X1 + 0.1 * H, X1: lamed.X1 + 0.35 * H, Y0: 0, Y1: H, area: 60, box: [0, 0, 1, 1], blobs: [], index: 0 };
  const shift = vav.X1 - lamed.X1 + LETTER_GAP * H;
  const ink = [...narrowHand.slice(0, 8), vav, ...narrowHand.slice(8).map((g) => ({ ...g, X0: g.X0 + shift, X1: g.X1 + shift }))];
  const read = alignLetters(ink, letters, undefined, hand);
  assert.deepEqual(ops(read), letters.map(() => 'match'));
  assert.deepEqual(read.extra.map((e) => e.group), [vav]);
  // By the table's widths the ל and the ו together are as wide as a ל: a ל in pieces.
  assert.equal(alignLetters(ink, letters).letters[7].op, 'merge');
});
