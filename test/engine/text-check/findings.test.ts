import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findingsOf } from '../../../src/engine/text-check/findings.ts';
import type { LookAlike } from '../../../src/engine/text-check/look-alikes.ts';
import type { LetterReading, LettersRead, StrayInk } from '../../../src/engine/text-check/read-letters.ts';
import { readText } from '../../support/letters-read.ts';
import type { LetterOp } from '../../../src/engine/text-check/align-letters.ts';

// How letters as read become findings: each place once, at its level (a word
// missing is one finding), the look-alike named, the verdict "no errors" only
// for a whole text read without one, and boxes in the uploaded photo's pixels.

const at = (line: number, word: number, letter?: number) => (l: LetterReading) => l.line === line && l.word === word && (letter === undefined || l.letter === letter);
const op = (o: LetterOp, pieces = o === 'merge' ? 2 : 1) => ({ op: o, box: o === 'missing' ? null : undefined, lookAlike: null, pieces }) as Partial<LetterReading>;

test('a whole text read one to one, each letter like its own, has no findings and all 713 letters read', () => {
  const check = findingsOf(readText(), 1);
  assert.ok(check.kind === 'read');
  assert.deepEqual(check.findings, []);
  assert.equal(check.verdict, 'no_errors_found');
  assert.deepEqual(check.read, { lines: 22, words: 170, letters: 713 });
});

test('a word every letter of which is missing is one missing word; a single letter missing is a missing letter', () => {
  // Line 1 is שמע ישראל יהוה אלהינו יהוה אחד.
  const check = findingsOf(readText((l) => (at(1, 2)(l) ? { ...op('missing'), box: null } : at(1, 4, 3)(l) ? { ...op('missing'), box: null } : {})), 2);
  assert.ok(check.kind === 'read');
  assert.deepEqual(
    check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found]),
    [
      ['missing_word', 1, 2, null, 'ישראל', ''],
      ['missing_letter', 1, 4, 3, 'ה', ''],
    ],
  );
  assert.equal(check.verdict, 'errors_found');
  // Boxes stand where the letters next to them were read, in the uploaded photo's pixels (twice the image read).
  for (const f of check.findings) assert.ok(f.box[2] > 0 && f.box[3] > 0 && f.box[0] >= 0);
});

test('a letter read missing with a part of it in its place is broken, at the part\'s box', () => {
  const partial = { op: 'missing', lookAlike: null, pieces: 1, partial: true, box: [400, 40, 6, 20] } as Partial<LetterReading>;
  const check = findingsOf(readText((l) => (at(1, 4, 3)(l) ? partial : {})), 2);
  assert.ok(check.kind === 'read');
  assert.deepEqual(
    check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found, f.box]),
    [['broken_letter', 1, 4, 3, 'ה', 'ה', [800, 80, 12, 40]]],
  );
});

test('two letters in one group are touching; a letter in two pieces is broken, unless it is written so (ה, ק: in three) or faint ink joins its pieces', () => {
  const check = findingsOf(
    readText((l) =>
      at(1, 1, 1)(l)
        ? op('touch')
        : at(1, 1, 2)(l)
          ? op('touched')
          : at(2, 1, 1)(l)
            ? op('merge')
            : at(2, 2, 1)(l)
              ? op('match', 2)
              : at(2, 3, 1)(l)
                ? op('merge', 1)
                : l.char === 'ה' && l.line === 3
                  ? op('merge')
                  : at(2, 1, 4)(l)
                    ? op('merge', 3)
                    : {},
    ),
    1,
  );
  assert.ok(check.kind === 'read');
  // Line 2 begins יהוה אלהיך בכל.
  assert.deepEqual(
    check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected]),
    [
      ['touching_letters', 1, 1, 1, 'שמ'],
      ['broken_letter', 2, 1, 1, 'י'],
      ['broken_letter', 2, 1, 4, 'ה'],
      ['broken_letter', 2, 2, 1, 'א'],
    ],
  );
});

test('a letter shaped like a look-alike is a wrong letter naming it; two neighbours each shaped like the other are swapped', () => {
  const leaning = (char: string): Partial<LetterReading> => ({ lookAlike: { char, ratio: 0.1, own: 1, other: 1, meanRatio: 0.8 } });
  // Line 1 word 1 is שמע; word 6 is אחד.
  const check = findingsOf(readText((l) => (at(1, 6, 3)(l) ? leaning('ר') : at(1, 1, 1)(l) ? leaning('מ') : at(1, 1, 2)(l) ? leaning('ש') : {})), 1);
  assert.ok(check.kind === 'read');
  assert.deepEqual(
    check.findings.map((f) => [f.kind, f.word, f.letter, f.expected, f.found]),
    [
      ['swapped_letters', 1, 1, 'שמ', 'מש'],
      ['wrong_letter', 6, 3, 'ד', 'ר'],
    ],
  );
  // A lean short of the thresholds is no finding.
  const faint = findingsOf(readText((l) => (at(1, 6, 3)(l) ? { lookAlike: { char: 'ר', ratio: 0.6, own: 1, other: 1, meanRatio: 0.8 } } : {})), 1);
  assert.ok(faint.kind === 'read');
  assert.deepEqual(faint.findings, []);
  // Nor is one instance alone: near a ר of the hand, yet nearer the mean of its own ד than of the ר's.
  const alone = findingsOf(readText((l) => (at(1, 6, 3)(l) ? { lookAlike: { char: 'ר', ratio: 0.1, own: 1, other: 1, meanRatio: 1.2 } } : {})), 1);
  assert.ok(alone.kind === 'read');
  assert.deepEqual(alone.findings, []);
});

test('a letter unlike every instance of its own letter and as near the look-alike\'s as they are to one another is a wrong letter, though its lean alone is short', () => {
  const judged = (lookAlike: Partial<LookAlike>) => {
    const check = findingsOf(readText((l) => (at(2, 3, 1)(l) ? { lookAlike: { char: 'כ', ratio: 0.6, own: 5, other: 0.8, meanRatio: 0.8, ...lookAlike } } : {})), 1);
    assert.ok(check.kind === 'read');
    return check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found]);
  };
  // Line 2 word 3 is בכל: its ב read as a כ.
  assert.deepEqual(judged({}), [['wrong_letter', 2, 3, 1, 'ב', 'כ']]);
  // Not when as near its own letter's instances as they are to one another, or further from the look-alike's than they are, or nearer its own than the look-alike's.
  assert.deepEqual(judged({ own: 2 }), []);
  assert.deepEqual(judged({ other: 1.5 }), []);
  assert.deepEqual(judged({ ratio: 0.9 }), []);
  // Nor when nearer its own letter's mean.
  assert.deepEqual(judged({ meanRatio: 1.1 }), []);
});

test("a letter whose ink in its own box is unlike every instance of its own letter, near a look-alike's so drawn, and nearer its mean, is written as it, the confidence its box's lean", () => {
  type InBox = NonNullable<LetterReading['inBox']>;
  const judged = (inBox: Partial<InBox>, lookAlike: LookAlike | null = null) => {
    // Line 21 word 6 is להם: its ם read in its box as a ס; on the frame it says nothing (ratio 1) or is not set against a look-alike at all (null).
    const check = findingsOf(readText((l) => (at(21, 6, 3)(l) ? { lookAlike, inBox: { char: 'ס', ratio: 0.2, framed: 0.6, own: 5, meanRatio: 0.9, ...inBox } } : {})), 1);
    assert.ok(check.kind === 'read');
    return check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found, f.confidence]);
  };
  const found = [['wrong_letter', 21, 6, 3, 'ם', 'ס', 0.8]];
  assert.deepEqual(judged({}), found);
  assert.deepEqual(judged({}, { char: 'ס', ratio: 1, own: 1, other: 1, meanRatio: 0.9 }), found);
  // Written in its neighbour's place, the neighbour leaning back: swapped, as sure as the box says (line 2 word 3 is בכל: a ב written as a כ in its box, the כ leaning to a ב on the frame).
  const swap = findingsOf(readText((l) => (at(2, 3, 1)(l) ? { lookAlike: null, inBox: { char: 'כ', ratio: 0.25, framed: 0.6, own: 5, meanRatio: 0.9 } } : at(2, 3, 2)(l) ? { lookAlike: { char: 'ב', ratio: 0.8, own: 1, other: 1, meanRatio: 0.9 } } : {})), 1);
  assert.ok(swap.kind === 'read');
  assert.deepEqual(swap.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found, f.confidence]), [['swapped_letters', 2, 3, 1, 'בכ', 'כב', 0.75]]);
  // Not past any of them: its box's lean, how unlike its own letter's instances it is there, the mean's (the frame's is the reading's: look-alikes.ts).
  assert.deepEqual(judged({ ratio: 0.4 }), []);
  assert.deepEqual(judged({ own: 2.5 }), []);
  assert.deepEqual(judged({ meanRatio: 1.05 }), []);
});

test('two neighbours swapped are found when one is written as the other and the other only leans to the first, whichever comes first', () => {
  const plainly = (char: string): Partial<LetterReading> => ({ lookAlike: { char, ratio: 0.1, own: 1, other: 1, meanRatio: 0.8 } });
  const leans = (char: string): Partial<LetterReading> => ({ lookAlike: { char, ratio: 0.7, own: 1, other: 1, meanRatio: 0.9 } });
  // Line 1 word 1 is שמע: the ש plainly a מ, the מ leaning to ש; then the other way round.
  for (const [first, second] of [
    [plainly('מ'), leans('ש')],
    [leans('מ'), plainly('ש')],
  ]) {
    const check = findingsOf(readText((l) => (at(1, 1, 1)(l) ? first : at(1, 1, 2)(l) ? second : {})), 1);
    assert.ok(check.kind === 'read');
    assert.deepEqual(
      check.findings.map((f) => [f.kind, f.word, f.letter, f.expected, f.found]),
      [['swapped_letters', 1, 1, 'שמ', 'מש']],
    );
  }
  // A neighbour leaning to no letter, or to another, leaves one wrong letter.
  const alone = findingsOf(readText((l) => (at(1, 1, 1)(l) ? plainly('מ') : at(1, 1, 2)(l) ? leans('ע') : {})), 1);
  assert.ok(alone.kind === 'read');
  assert.deepEqual(
    alone.findings.map((f) => [f.kind, f.word, f.letter, f.expected, f.found]),
    [['wrong_letter', 1, 1, 'ש', 'מ']],
  );
});

test("two neighbours each nearer the hand's instances of the other's letter than half their own are swapped, look-alikes or not; one alone is no swap", () => {
  // Line 12 word 2 is יפתה: its פ and ת written as תפ (no look-alikes of each other), each read alone in its own place.
  const swapped = (pe: number, tav: number) =>
    findingsOf(readText((l) => (at(12, 2, 2)(l) ? { toward: { before: 1.4, after: pe } } : at(12, 2, 3)(l) ? { toward: { before: tav, after: 1.5 } } : {})), 1);
  const both = swapped(0.12, 0.3);
  assert.ok(both.kind === 'read');
  assert.deepEqual(
    both.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found, f.confidence]),
    [['swapped_letters', 12, 2, 2, 'פת', 'תפ', 0.7]],
  );
  for (const [pe, tav] of [
    [0.12, 0.6],
    [0.6, 0.12],
  ]) {
    const one = swapped(pe, tav);
    assert.ok(one.kind === 'read');
    assert.deepEqual(one.findings, [], `פ at ${pe}, ת at ${tav}`);
  }
  // Its ת and ה written as הת: the ה's two pieces in the ת's place are the ה written there, not the ת broken.
  const he = findingsOf(readText((l) => (at(12, 2, 3)(l) ? { pieces: 2, toward: { before: 1.4, after: 0.2 } } : at(12, 2, 4)(l) ? { toward: { before: 0.2, after: null } } : {})), 1);
  assert.ok(he.kind === 'read');
  assert.deepEqual(
    he.findings.map((f) => [f.kind, f.letter, f.expected, f.found]),
    [['swapped_letters', 3, 'תה', 'הת']],
  );
  // Letters not next to each other as read (the one between them not seen) are no pair.
  const read = readText((l) => (at(12, 2, 2)(l) ? { toward: { before: 1.4, after: 0.12 } } : at(12, 2, 4)(l) ? { toward: { before: 0.3, after: null } } : {}));
  const apart = findingsOf({ ...read, letters: read.letters.filter((l) => !at(12, 2, 3)(l)) }, 1);
  assert.ok(apart.kind === 'read');
  assert.deepEqual(apart.findings, []);
});

test('ink no letter took is an extra word when read as a word\'s ink, an extra letter otherwise, each with what it reads as', () => {
  const stray: StrayInk[] = [
    { line: 4, word: 2, letter: 5, box: [10, 10, 40, 30], inWord: true, readAs: 'א' },
    { line: 4, word: 2, letter: 5, box: [52, 10, 40, 30], inWord: true, readAs: 'ת' },
    { line: 5, word: 1, letter: 1, box: [10, 10, 15, 30], inWord: false, readAs: 'ו' },
  ];
  const check = findingsOf(readText(undefined, stray), 1);
  assert.ok(check.kind === 'read');
  assert.deepEqual(
    check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.found]),
    [
      ['extra_word', 4, 2, null, 'את'],
      ['extra_letter', 5, 1, 1, 'ו'],
    ],
  );
});

test('a photo that shows part of the text reads only that part and is never "no errors found"', () => {
  const whole = readText();
  const part: LettersRead = { ...whole, letters: whole.letters.filter((l) => l.line <= 11) };
  const check = findingsOf(part, 1);
  assert.ok(check.kind === 'read');
  assert.deepEqual(check.findings, []);
  assert.equal(check.verdict, 'errors_found');
  assert.equal(check.read.lines, 11);
  assert.ok(check.read.letters < 713);
});

test("a ה whose short leg joins its roof, where the hand's ה's stand apart, leaning to the hand's ח's, is a ח written for it; not where the hand's ה's are joined too", () => {
  // Line 1 word 3 is יהוה: its first ה read in one piece, leaning to a ח though short of the ratio a look-alike asks alone.
  const judged = (lookAlike: Partial<LookAlike>, others: Partial<LetterReading> = { pieces: 2 }, pieces = 1) => {
    const check = findingsOf(readText((l) => (at(1, 3, 2)(l) ? { pieces, lookAlike: { char: 'ח', ratio: 0.5, own: 2, other: 0.6, meanRatio: 0.3, ...lookAlike } } : l.char === 'ה' ? others : {})), 1);
    assert.ok(check.kind === 'read');
    return check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found]);
  };
  assert.deepEqual(judged({}), [['wrong_letter', 1, 3, 2, 'ה', 'ח']]);
  // Not when the hand's ה's are joined as often (a blurred photo), nor when it stands apart as written.
  assert.deepEqual(judged({}, { pieces: 1 }), []);
  assert.deepEqual(judged({}, { pieces: 2 }, 2), []);
  // Nor when its lean is short: nearer its own instances, or not far nearer the ח's mean.
  assert.deepEqual(judged({ ratio: 0.8 }), []);
  assert.deepEqual(judged({ meanRatio: 0.6 }), []);
  // Nor leaning to a look-alike written in two pieces, as a ה is (a ק).
  assert.deepEqual(judged({ char: 'ק' }), []);
  // Nor where the hand has too few instances of the letter read alone to tell how often it joins them: three other ה's read alone, the rest read as other letters' ink.
  let kept = 0;
  const few = findingsOf(readText((l) => (at(1, 3, 2)(l) ? { pieces: 1, lookAlike: { char: 'ח', ratio: 0.5, own: 2, other: 0.6, meanRatio: 0.3 } } : l.char === 'ה' ? (kept++ < 3 ? { pieces: 2 } : { op: 'merge', pieces: 2 }) : {})), 1);
  assert.ok(few.kind === 'read');
  assert.deepEqual(few.findings.filter((f) => f.kind === 'wrong_letter'), []);
});

test("a letter in as many pieces as the look-alike it is written as is that letter written, not its own broken: a ה in a ת's place; a ת in two pieces leaning to none is broken", () => {
  // Line 1 word 8 is את: its ת read alone in two pieces (a ה's leg apart from its roof).
  const judged = (reading: Partial<LetterReading>) => {
    const check = findingsOf(readText((l) => (at(1, 8, 2)(l) ? { pieces: 2, ...reading } : {})), 1);
    assert.ok(check.kind === 'read');
    return check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found]);
  };
  assert.deepEqual(judged({ lookAlike: { char: 'ה', ratio: 0.2, own: 4, other: 0.9, meanRatio: 0.2 } }), [['wrong_letter', 1, 8, 2, 'ת', 'ה']]);
  // Broken where it leans to no look-alike as far as a letter written wrong, or to one written whole (a ח), or where it is read from two groups.
  assert.deepEqual(judged({ lookAlike: { char: 'ה', ratio: 0.6, own: 1, other: 1, meanRatio: 0.8 } }), [['broken_letter', 1, 8, 2, 'ת', 'ת']]);
  assert.deepEqual(judged({ lookAlike: { char: 'ח', ratio: 0.2, own: 4, other: 0.9, meanRatio: 0.2 } }), [['broken_letter', 1, 8, 2, 'ת', 'ת']]);
  assert.deepEqual(judged({ op: 'merge', lookAlike: { char: 'ה', ratio: 0.2, own: 4, other: 0.9, meanRatio: 0.2 } }), [['broken_letter', 1, 8, 2, 'ת', 'ת']]);
});

test("a letter drawn down as far as its look-alike with a tail, leaning to it, is written as it though short of the ratio a look-alike asks alone: a ו written as a ן", () => {
  // Line 1 word 7 is ואהבת: its ו leaning to a ן no nearer than 0.4 of its own nearest instance.
  const judged = (lookAlike: Partial<LookAlike>) => {
    const check = findingsOf(readText((l) => (at(1, 7, 1)(l) ? { lookAlike: { char: 'ן', ratio: 0.4, own: 2, other: 1.3, meanRatio: 0.5, ...lookAlike } } : {})), 1);
    assert.ok(check.kind === 'read');
    return check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found]);
  };
  assert.deepEqual(judged({ longer: true }), [['wrong_letter', 1, 7, 1, 'ו', 'ן']]);
  assert.deepEqual(judged({ longer: false }), []);
  assert.deepEqual(judged({ longer: true, ratio: 0.8 }), [], 'nearer its own instances than the look-alike asks');
  assert.deepEqual(judged({ longer: true, meanRatio: 1.1 }), [], "nearer its own letter's mean");
});
