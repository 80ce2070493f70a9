import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDecoded } from '../../../src/engine/analyze-photo.ts';
import { decodePhoto } from '../../../src/engine/decode-photo.ts';
import type { AlignedLetter, ExtraInk } from '../../../src/engine/text-check/align-letters.ts';
import type { InkGroup } from '../../../src/engine/text-check/page-ink.ts';
import { fragmentsOf, partsWithin } from '../../../src/engine/text-check/letter-parts.ts';
import { handWidths, LINE_LETTERS, readLetters, touchingOverStretched } from '../../../src/engine/text-check/read-letters.ts';
import { MEZUZAH_LETTER_COUNT } from '../../../src/text/mezuzah-text.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll } from '../../../tools/synth/index.ts';

// Where each letter of the text stands, on clean synthetic registration photos
// (3 MP, two scribes): each of the 713 letters placed, nearly all as one group
// of ink of their own. Over ten such photos of seven scribes, 7,002 of 7,130
// letters read one to one; most of the rest are letters the synthetic hands set
// so close that the photo shows them touching.

async function lettersOf(k: number) {
  const scroll = makeScroll(makeScribe(deriveSeed('tc', 'scribe', k % 7)), deriveSeed('tc', 'scroll', k));
  const photo = await photographScroll(scroll, { kind: 'registration', seed: deriveSeed('tc', 'registration', k), megapixels: 3 });
  const bytes = new Uint8Array(photo.jpeg);
  const read = await readDecoded(bytes, await decodePhoto(bytes, false));
  assert.ok(read.kind === 'scroll', read.kind === 'invalid' ? read.reason : '');
  const letters = readLetters(read.img, read.map);
  assert.ok(letters);
  return { ...letters, img: read.img };
}

test('every letter of a clean registration photo is placed, nearly all one to one, each in the photo and in reading order', async () => {
  for (const k of [1, 8]) {
    const { letters, stray, img } = await lettersOf(k);
    assert.equal(letters.length, MEZUZAH_LETTER_COUNT);
    const oneToOne = letters.filter((l) => l.op === 'match').length;
    assert.ok(oneToOne >= 705, `scroll ${k}: ${oneToOne} of 713 one to one`);
    assert.ok(stray.length <= 1, `scroll ${k}: ${stray.length} groups of ink no letter took`);
    for (const l of letters) {
      if (!l.box) continue;
      const [x, y, w, h] = l.box;
      assert.ok(x >= 0 && y >= 0 && x + w <= img.width && y + h <= img.height && w > 0 && h > 0, `line ${l.line} word ${l.word} letter ${l.letter}: ${l.box}`);
    }
    // A letter is set against its neighbours' letters within its word only: none before a word's first letter, none after its last.
    letters.forEach((l, i) => {
      if (l.letter === 1) assert.equal(l.toward.before, null, `line ${l.line} word ${l.word}`);
      if (letters[i + 1]?.word !== l.word) assert.equal(l.toward.after, null, `line ${l.line} word ${l.word}`);
    });
    assert.ok(letters.filter((l) => l.toward.before !== null && l.toward.after !== null).length > 300, 'most letters inside a word are set against both neighbours');
    // Hebrew runs right to left: along each line, each letter read one to one stands left of the one before it.
    for (let line = 1; line <= 22; line++) {
      const centres = letters.filter((l) => l.line === line && l.op === 'match').map((l) => l.box![0] + l.box![2] / 2);
      const backwards = centres.filter((c, i) => i > 0 && c >= centres[i - 1]).length;
      assert.equal(backwards, 0, `scroll ${k}, line ${line}`);
    }
  }
});

test("a letter read stretched with a letter of its word beside it missing is read as the two touching; in the line's last word only when, drawn back, it is unlike its own letter; not stretched, as aligned", () => {
  const group = (index: number): InkGroup => ({ X0: 0, X1: 1, Y0: 0, Y1: 1, area: 1, box: [0, 0, 1, 1], blobs: [index + 1], index });
  // לבבכם, its ל's group wide and its first ב read missing.
  const aligned: AlignedLetter[] = [{ op: 'match', groups: [group(0)] }, { op: 'missing', groups: [] }, ...[1, 2, 3].map((j) => ({ op: 'match' as const, groups: [group(j)] }))];
  const word = (mayStretch: boolean, chars = 'לבבכם') => [...chars].map((char, i) => ({ char, startsWord: i === 0, mayStretch }));
  const ops = (text: ReturnType<typeof word>, stretched: boolean, unlike = false, letters = aligned, at = 0) =>
    touchingOverStretched({ letters }, text, (i) => stretched && i === at, (i) => unlike && i === at).letters.map((a) => a.op);
  assert.deepEqual(ops(word(false), true), ['touch', 'touched', 'match', 'match', 'match']);
  assert.deepEqual(ops(word(true), true), ['match', 'missing', 'match', 'match', 'match']);
  assert.deepEqual(ops(word(true), true, true), ['touch', 'touched', 'match', 'match', 'match'], 'in the last word, unlike its own drawn back');
  assert.deepEqual(ops(word(false), false), ['match', 'missing', 'match', 'match', 'match']);
  // ונתתי, its נ read missing and the first ת's group wide: the letter before it.
  const before: AlignedLetter[] = [{ op: 'match', groups: [group(0)] }, { op: 'missing', groups: [] }, ...[1, 2, 3].map((j) => ({ op: 'match' as const, groups: [group(j)] }))];
  assert.deepEqual(ops(word(true, 'ונתתי'), true, true, before, 2), ['match', 'touch', 'touched', 'match', 'match']);
  assert.deepEqual(ops(word(true, 'ונתתי'), true, false, before, 2), ['match', 'missing', 'match', 'match', 'match']);
  // Two stretched letters either side of one missing: the first takes it, the second stays as read.
  assert.deepEqual(
    touchingOverStretched({ letters: before }, word(false, 'ונתתי'), (i) => i === 0 || i === 2).letters.map((a) => a.op),
    ['touch', 'touched', 'match', 'match', 'match'],
  );
  // Not across a word's start: the letter missing before a word's first letter is the word before's.
  const across = [...word(false, 'לב'), ...word(false, 'בכם')];
  assert.deepEqual(ops(across, true, false, aligned, 2), ['match', 'missing', 'match', 'match', 'match']);
});

test('the enlarged letters of the first verse are known as such: the ע of שמע and the ד of אחד, no other', () => {
  const large = LINE_LETTERS.flatMap((text, l) => text.filter((t) => t.large).map((t) => [l + 1, t.word, t.letter, t.char]));
  assert.deepEqual(large, [
    [1, 1, 3, 'ע'],
    [1, 6, 3, 'ד'],
  ]);
});

test('a letter read missing alone is partial when a part of it, no speck, no stroke\'s end of the letter before, stands in its place in the line\'s body', () => {
  // A line whose letters stand 100 px high from y 100; letter 2 read missing.
  const frame = { top: 100, base: 200 };
  const piece = (index: number, top: number, bottom: number, small = true): ExtraInk => ({ group: { X0: 0, X1: 1, Y0: 0, Y1: 1, area: 1, box: [0, top, 10, bottom], blobs: [index + 1], index, small }, after: 1, inWord: false });
  const letters = (missing: number[]): AlignedLetter[] => [0, 1, 2, 3].map((i) => ({ op: missing.includes(i) ? 'missing' : 'match', groups: [] }));
  const leg = piece(9, 120, 170);
  const frames = Array.from({ length: 10 }, () => frame);
  const partial = (read: { letters: AlignedLetter[]; extra: ExtraInk[] }, beside = new Map<ExtraInk, number>()) => [...fragmentsOf(read, beside, frames)].map(([i, e]) => [i, e.group.index]);
  assert.deepEqual(partial({ letters: letters([2]), extra: [leg] }), [[2, 9]]);
  // A speck is shorter than a part of a letter; ink above the letters' top (the tail of a letter of the line above) is not in its place.
  assert.deepEqual(partial({ letters: letters([2]), extra: [piece(9, 150, 170)] }), []);
  assert.deepEqual(partial({ letters: letters([2]), extra: [piece(9, 40, 95)] }), []);
  // Ink that is not small would be a letter of its own (read as added), and a stroke's end counted with the letter before is that letter's.
  assert.deepEqual(partial({ letters: letters([2]), extra: [piece(9, 120, 170, false)] }), []);
  assert.deepEqual(partial({ letters: letters([2]), extra: [leg] }, new Map([[leg, 1]])), []);
  // Two letters missing side by side: which the part is of is not told.
  assert.deepEqual(partial({ letters: letters([2, 3]), extra: [leg] }), []);
  // Ink before the letter before, or part of a word's ink no word takes, is not in the missing letter's place.
  assert.deepEqual(partial({ letters: letters([2]), extra: [{ ...leg, after: 0 }] }), []);
  assert.deepEqual(partial({ letters: letters([2]), extra: [{ ...leg, inWord: true }] }), []);
});

test("the small ink within a letter that is a part of it stands under its roof, as tall as a leg, above the base: no crown's tip, dot or crown of the next line", () => {
  const frame = { top: 100, base: 200 };
  const part = (label: number, top: number, bottom: number) => ({ box: [40, top, 50, bottom] as const, blobs: [label] });
  const letter: InkGroup = { X0: 0, X1: 1, Y0: 0, Y1: 1, area: 1, box: [0, 100, 100, 200], blobs: [1], index: 0, within: [part(2, 140, 200), part(3, 90, 140), part(4, 150, 170), part(5, 190, 250)] };
  // A ה's short leg (2); a crown's tip reaching down from over the roof (3); a dot (4); a crown of the next line's letter under the base (5).
  assert.deepEqual(partsWithin([letter], frame).flatMap((p) => p.blobs), [2]);
  // Two specks stacked a break apart span 40 rows, their ink 20: no leg; a leg cut in two, its ink 35 rows, is.
  const stackedSpecks = { box: [40, 140, 50, 180] as const, blobs: [6, 7], rows: 20 };
  const cutLeg = { box: [40, 140, 50, 185] as const, blobs: [8, 9], rows: 35 };
  assert.deepEqual(partsWithin([{ ...letter, within: [stackedSpecks, cutLeg] }], frame).flatMap((p) => p.blobs), [8, 9]);
});

test("a roof's end cut off at the body's top is a part of the letter when it stands inside the columns of the letter's ink; a crown's stem past its edge is not", () => {
  const frame = { top: 100, base: 200 };
  const piece = (label: number, left: number, top: number, right: number) => ({ box: [left, top, right, top + 35] as const, blobs: [label] });
  // A ב's roof end (2) starting at the body's top, one (3) a pixel above it and one (7) ending at the letter's right edge; a crown's stem reaching down across the letter's left edge (4) or its right (8); a crown's tip starting well above the body (5) or just past ROOF_SLACK above it (9).
  const letter: InkGroup = {
    ...{ X0: 0, X1: 1, Y0: 0, Y1: 1, area: 1, box: [20, 102, 100, 200], blobs: [1], index: 0 },
    within: [piece(2, 25, 100, 45), piece(3, 60, 99, 80), piece(4, 10, 101, 30), piece(5, 40, 80, 50), piece(7, 85, 101, 100), piece(8, 90, 101, 105), piece(9, 50, 94, 60)],
  };
  assert.deepEqual(partsWithin([letter], frame).flatMap((p) => p.blobs), [2, 3, 7]);
  // A ק's roof end over its leg's group: inside the columns of the whole letter (its roof's group and its leg's), not of the leg's alone.
  const roof: InkGroup = { ...letter, box: [28, 102, 100, 140], within: [] };
  const leg: InkGroup = { ...letter, box: [20, 130, 30, 230], within: [piece(6, 22, 100, 40)] };
  assert.deepEqual(partsWithin([leg], frame).flatMap((p) => p.blobs), []);
  assert.deepEqual(partsWithin([roof, leg], frame).flatMap((p) => p.blobs), [6]);
});

test("the hand's width of a letter is the median of its instances read alone, at their line's scale, from three instances on", () => {
  const group = (width: number): InkGroup => ({ X0: 0.2, X1: 0.2 + width, Y0: 0, Y1: 0.03, area: 100, box: [0, 0, 1, 1], blobs: [], index: 0 });
  const widths = handWidths([
    { scale: 0.03, letters: [{ char: 'ב', group: group(0.027) }, { char: 'ב', group: group(0.021) }, { char: 'ס', group: group(0.02) }] },
    { scale: 0.06, letters: [{ char: 'ב', group: group(0.036) }, { char: 'ס', group: group(0.04) }] },
  ]);
  // ב: 0.9, 0.7 and 0.6 letter heights; ס written twice, too few to tell its width by.
  assert.ok(Math.abs(widths.get('ב')! - 0.7) < 1e-9, `${widths.get('ב')}`);
  assert.equal(widths.has('ס'), false);
});
