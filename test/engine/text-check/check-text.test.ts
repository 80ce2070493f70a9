import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { checkPhotoText, linesTold } from '../../../src/engine/text-check/check-text.ts';
import { findingsOf } from '../../../src/engine/text-check/findings.ts';
import { LINE_LETTERS, type StrayInk } from '../../../src/engine/text-check/read-letters.ts';
import { readText } from '../../support/letters-read.ts';
import { TEXT_TUNE } from '../../../tools/scenes/index.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll, planTextSet } from '../../../tools/synth/index.ts';
import { runTextJob, type TextSetOptions } from '../../../tools/synth/text-set.ts';
import { textError } from '../../../tools/synth/text-errors.ts';
import { haveSamples, samplePhoto } from '../samples.ts';

// The text check of whole photos: a clean registration photo read letter by
// letter, every box inside the photo as uploaded; a letter the scribe dropped
// and letters with a stroke broken off pointed at; an image without a scroll
// answered as such.

async function registrationPhoto(k: number, megapixels: number, errors = [] as ReturnType<typeof textError>[]) {
  const scroll = makeScroll(makeScribe(deriveSeed('tc', 'scribe', k % 7)), deriveSeed('tc', 'scroll', k), errors);
  const photo = await photographScroll(scroll, { kind: 'registration', seed: deriveSeed('tc', 'registration', k), megapixels });
  return new Uint8Array(photo.jpeg);
}

/** A photo of a text set (the tune set of tools/scenes unless told), rendered again, with the errors its scroll was written with. */
async function tunePhoto(path: string, set: TextSetOptions = TEXT_TUNE) {
  const job = planTextSet(set).jobs.find((j) => j.shots.some((s) => s.path === path))!;
  const [photo] = await runTextJob({ ...job, shots: job.shots.filter((s) => s.path === path) });
  return { errors: job.errors, check: await checkPhotoText(new Uint8Array(photo.jpeg)) };
}

test('a registration photo is read letter by letter: all 713 letters, 170 words, 22 lines, each box inside the photo as uploaded', async () => {
  for (const megapixels of [3, 12]) {
    const bytes = await registrationPhoto(1, megapixels);
    const { width, height } = await sharp(bytes).metadata();
    const check = await checkPhotoText(bytes);
    assert.ok(check.kind === 'read', check.kind === 'invalid' ? check.reason : '');
    assert.deepEqual(check.read, { lines: 22, words: 170, letters: 713 });
    for (const f of check.findings) {
      const [x, y, w, h] = f.box;
      assert.ok(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= width! && y + h <= height!, `${megapixels} MP, ${f.kind} at ${f.line}:${f.word}: ${f.box}`);
      assert.ok(f.confidence >= 0 && f.confidence <= 1);
    }
  }
});

test('a letter the scribe dropped is found missing at its word', async () => {
  // Line 3, word 2 (האלה): its first ה dropped.
  const error = textError('missing_letter', { line: 3, word: 2, letter: 1 });
  const check = await checkPhotoText(await registrationPhoto(2, 3, [error]));
  assert.ok(check.kind === 'read');
  assert.equal(check.verdict, 'errors_found');
  const found = check.findings.find((f) => f.kind === 'missing_letter' && f.line === 3 && f.word === 2);
  assert.ok(found, JSON.stringify(check.findings.filter((f) => f.line === 3)));
  assert.ok(Math.abs(found.letter! - 1) <= 1);
});

test('a letter with a stroke broken off is found broken, its end standing apart under it (a tail) or beside it (a roof)', async () => {
  // Line 6, word 2 (עיניך): its ך's tail cut across; line 4, word 7 (בדרך): its ר's roof cut along the line.
  for (const [k, line, word, letter] of [
    [6, 6, 2, 5],
    [1, 4, 7, 3],
  ]) {
    const check = await checkPhotoText(await registrationPhoto(k, 3, [textError('broken_letter', { line, word, letter })]));
    assert.ok(check.kind === 'read');
    assert.equal(check.verdict, 'errors_found');
    const found = check.findings.find((f) => f.kind === 'broken_letter' && f.line === line && f.word === word && f.letter === letter);
    assert.ok(found, JSON.stringify(check.findings.filter((f) => f.line === line)));
  }
});

test("a line's last word whose letters the scribe stretched is read as written, not as letters touching with one added", async () => {
  // Scribe 2 fills lines by stretching letters; line 11's last word (לכם) is stretched. Judged by its shape as written, wide, it read as touching letters and a letter added.
  const check = await checkPhotoText(await registrationPhoto(2, 3));
  assert.ok(check.kind === 'read');
  assert.deepEqual(check.findings.filter((f) => f.line === 11), []);
});

test('letters the scribe stretched inside a line, not in its last word, are read as written, not as letters touching with one added', async () => {
  // A scroll of the text tune set whose scribe left out line 18's fifth word (בם) and stretched the ת of its second (את) and the א of its first (אתם). Judged by their shapes as written, wide, they read as two letters touching and a letter added.
  const { errors, check } = await tunePhoto('reg-3mp/176dc01bc507.jpg');
  assert.ok(check.kind === 'read');
  assert.deepEqual(errors.map((e) => [e.kind, e.line, e.word]), [['missing_word', 18, 5]]);
  assert.deepEqual(check.findings.map((f) => [f.kind, f.line, f.word]), [['missing_word', 18, 5]]);
});

test('the enlarged ד of אחד written as a ר is found, judged at its own size against the hand\'s ordinary ד\'s and ר\'s', async () => {
  const error = textError('wrong_letter', { line: 1, word: 6, letter: 3, found: 'ר' });
  const check = await checkPhotoText(await registrationPhoto(1, 3, [error]));
  assert.ok(check.kind === 'read');
  const found = check.findings.find((f) => f.line === 1 && f.word === 6);
  assert.deepEqual(found && [found.kind, found.letter, found.expected, found.found], ['wrong_letter', 3, 'ד', 'ר'], JSON.stringify(check.findings.filter((f) => f.line === 1)));
});

test("a ה whose roof is cut off its right leg is found broken: its short leg, left out of its reading, is counted among its pieces", async () => {
  // The last line's הארץ: its ה in three pieces (roof, right leg, the short left leg a ה is written with apart). The short leg is small ink under the roof; counted as two, the ה was written whole.
  const { errors, check } = await tunePhoto('reg-3mp/e0a3caaeb7cb.jpg');
  assert.ok(check.kind === 'read');
  assert.deepEqual(errors.map((e) => [e.kind, e.line, e.word, e.letter]), [['broken_letter', 22, 2, 1]]);
  assert.deepEqual(check.findings.map((f) => [f.kind, f.line, f.word, f.letter]), [['broken_letter', 22, 2, 1]]);
});

test('a י broken in two, what is left of it too small to be read as the letter, is found broken, not missing', async () => {
  // Line 14's יהיה: its first י cut across, the piece left under the line's small ink (a speck or a short י) and narrower than a י; aligned, the letter is missing and the piece left over.
  const { errors, check } = await tunePhoto('reg-3mp/60669607d3e0.jpg');
  assert.ok(check.kind === 'read');
  assert.deepEqual(errors.map((e) => [e.kind, e.line, e.word, e.letter]), [['broken_letter', 14, 3, 1]]);
  assert.deepEqual(check.findings.map((f) => [f.kind, f.line, f.word, f.letter]), [['broken_letter', 14, 3, 1]]);
});

test("a ק whose leg is broken in two small pieces, one over the other, is found broken: the two are joined as one letter's pieces", async () => {
  // Line 19's ובקומך: its ק's leg cut near its top; each piece is small ink, neither read as the leg alone. The scroll has two more errors, each found.
  const { errors, check } = await tunePhoto('reg-3mp/fe6681b523b3.jpg');
  assert.ok(check.kind === 'read');
  const places = (list: readonly { kind: string; line: number; word: number; letter: number | null }[]) => list.map((e) => [e.kind, e.line, e.word, e.letter]).sort();
  assert.deepEqual(places(errors), [['broken_letter', 19, 3, 3], ['extra_word', 13, 2, null], ['swapped_letters', 20, 8, 2]]);
  assert.deepEqual(places(check.findings), places(errors));
});

test("a ב written as a כ, which the line's frame does not tell from the hand's ב's, is found drawn in its own box", async () => {
  // Line 4's ובלכתך, its ב: a set of 25 scrolls of each error kind (seed 5307, generated with `npm run synth:text`, not kept), where nothing but the letter drawn in its box finds it.
  const { errors, check } = await tunePhoto('reg-3mp/c76f5f781e4f.jpg', { seed: 5307, scribes: 30, clean: 0, perKind: 25, multi: 0, registration: [3, 12], phone: 0 });
  assert.ok(check.kind === 'read');
  assert.deepEqual(errors.map((e) => [e.kind, e.line, e.word, e.letter, e.found]), [['wrong_letter', 4, 6, 2, 'כ']]);
  assert.deepEqual(check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.found]), [['wrong_letter', 4, 6, 2, 'כ']]);
});

test("a ו written with a ז's head is found written as a ז: unlike every ו of the hand, as near its ז's as they are to one another", async () => {
  // Line 4's sixth word (ובלכתך): its first letter ו written as a ז, its nearest ז not near enough against its nearest ו to be read as one by that alone.
  const { errors, check } = await tunePhoto('reg-3mp/1592dfc814d5.jpg');
  assert.ok(check.kind === 'read');
  assert.deepEqual(errors.map((e) => [e.kind, e.line, e.word, e.letter, e.found]), [['wrong_letter', 4, 6, 1, 'ז']]);
  assert.deepEqual(check.findings.map((f) => [f.kind, f.line, f.word, f.letter, f.expected, f.found]), [['wrong_letter', 4, 6, 1, 'ו', 'ז']]);
});

test("a clean scroll whose scribe stretched a ה is read clean: drawn back, with its short leg, it is a ה of the hand, not a ח", async () => {
  // The ה of line 1's fifth word (יהוה) stretched to half again its width, its leg bridged to its roof by the blur; the hand's ה's had been drawn without their short legs, and it was read as a ח.
  const { errors, check } = await tunePhoto('reg-3mp/829225a61588.jpg');
  assert.ok(check.kind === 'read');
  assert.deepEqual(errors, []);
  assert.deepEqual(check.findings, []);
});

test("a clean scroll whose line ends lower than it begins is read clean, its last word on its own height, not as a word missing and a word added", async () => {
  // A scroll of a second tuning set (seed 7777, not kept): its scribe wrote line 8's last word (ולעבדו) a third of a letter lower than the line's start. Read on the line's frame, each of its letters looked like one with a tail, and the word was read missing with a word of ink added.
  const path = 'reg-3mp/f2824924b84e.jpg';
  const { jobs } = planTextSet({ seed: 7777, scribes: 30, clean: 60, perKind: 3, multi: 0, registration: [3], phone: 0 });
  const job = jobs.find((j) => j.shots.some((s) => s.path === path))!;
  const [photo] = await runTextJob({ ...job, shots: job.shots.filter((s) => s.path === path) });
  const check = await checkPhotoText(new Uint8Array(photo.jpeg));
  assert.ok(check.kind === 'read');
  assert.deepEqual(job.errors, []);
  assert.deepEqual(check.findings, []);
  assert.equal(check.verdict, 'no_errors_found');
});

test('an image without a scroll is answered invalid, with the reader\'s reason', async () => {
  const blank = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 230, g: 220, b: 200 } } }).jpeg().toBuffer();
  const check = await checkPhotoText(new Uint8Array(blank));
  assert.equal(check.kind, 'invalid');
});

test('a photo whose letters are too blurred to be told one by one is answered invalid, saying so, though it reads as a scroll', async () => {
  const sharpPhoto = await registrationPhoto(3, 3);
  const blurred = new Uint8Array(await sharp(sharpPhoto).blur(4).jpeg().toBuffer());
  const check = await checkPhotoText(blurred);
  assert.ok(check.kind === 'invalid');
  assert.match(check.reason, /too blurred or too small/);
  const plain = await checkPhotoText(sharpPhoto);
  assert.equal(plain.kind, 'read');
});

test("a photo sharp but for its lower lines is read but for them: the lines too blurred are left out of what was read", async () => {
  const photo = await registrationPhoto(3, 3);
  const { width, height } = await sharp(photo).metadata();
  // The photo's lower half (the scroll's last eleven lines) out of focus, as a phone's near depth of field leaves a tilted scroll's far side.
  const top = Math.round(height! * 0.5);
  const band = await sharp(photo).extract({ left: 0, top, width: width!, height: height! - top }).blur(4).toBuffer();
  const bytes = new Uint8Array(await sharp(photo).composite([{ input: band, left: 0, top }]).jpeg({ quality: 92 }).toBuffer());
  const [check, plain] = [await checkPhotoText(bytes), await checkPhotoText(photo)];
  assert.ok(check.kind === 'read' && plain.kind === 'read');
  assert.equal(plain.read.lines, 22);
  // The sharp upper half read, lines of the blurred half left out (not all: a line just under the threshold, or whose blur leaves too few edges to measure, is judged, and may make findings of its blur).
  assert.ok(check.read.lines >= 10 && check.read.lines < 22, `${check.read.lines} lines read`);
  // Not "no errors found": not every letter was read.
  assert.equal(check.verdict, 'errors_found');
});

test('a line lying in stray ink a scribe would not add (a shadow\'s edge across a phone photo) is left out of what was read, not reported as letters added', async () => {
  // A clean scroll of the text tune set, photographed by phone: line 19, sharp enough, reads with some thirty pieces of ink no letter takes.
  const { errors, check } = await tunePhoto('phone/3fce92cf0826.jpg');
  assert.deepEqual(errors, []);
  assert.ok(check.kind === 'read', check.kind === 'invalid' ? check.reason : '');
  assert.ok(check.read.lines < 22);
  assert.deepEqual(check.findings.filter((f) => f.line === 19), []);
  // Judged, line 19 alone made 27 of the photo's 33 letters added.
  assert.ok(check.findings.filter((f) => f.kind === 'extra_letter').length < 10, `${check.findings.filter((f) => f.kind === 'extra_letter').length} letters added`);
});

test('the lines left out of what was read: each judged by its own edges and its own stray ink, the rest read as they were', () => {
  const strays = (line: number, n: number, inWord = false): StrayInk[] => Array.from({ length: n }, () => ({ line, word: 1, letter: 1, box: [0, 40 * (line - 1), 10, 10] as const, inWord, readAs: 'ו' }));
  const edges = LINE_LETTERS.map(() => 0.08 as number | null);
  // Line 3 at the threshold, line 4 past it, line 5 not measured.
  [edges[2], edges[3], edges[4]] = [0.2, 0.21, null];
  // Line 7 with five pieces no letter took, line 8 with six, line 9 with six in a word (a word added) and one alone.
  const stray = [...strays(7, 5), ...strays(8, 6), ...strays(9, 6, true), ...strays(9, 1)];
  const told = linesTold({ ...readText(undefined, stray), edges: { page: 0.08, lines: edges } });
  const lines = [...new Set(told.letters.map((l) => l.line))];
  assert.deepEqual(lines, [...Array(22).keys()].map((l) => l + 1).filter((l) => l !== 4 && l !== 8));
  assert.deepEqual([...new Set(told.stray.map((s) => s.line))], [7, 9]);
  const check = findingsOf(told, 1);
  assert.ok(check.kind === 'read');
  assert.equal(check.read.lines, 20);
  assert.equal(check.read.letters, 713 - LINE_LETTERS[3].length - LINE_LETTERS[7].length);
  // Not "no errors found": not every letter was read.
  assert.equal(check.verdict, 'errors_found');
});

test('letters a beam of light washes out are not read, not reported missing: their place holds faint ink', async () => {
  // A clean scroll of the text tune set, photographed by phone upside down, a band of sunlight across it: judged missing, its letters there were 17 words and 15 letters missing.
  const { errors, check } = await tunePhoto('phone/ae7688151d53.jpg');
  assert.deepEqual(errors, []);
  assert.ok(check.kind === 'read', check.kind === 'invalid' ? check.reason : '');
  // Every line judged (none too blurred), some twenty letters and more not seen.
  assert.equal(check.read.lines, 22);
  assert.ok(check.read.letters <= 713 - 20, `${check.read.letters} letters read`);
  const missing = check.findings.filter((f) => f.kind === 'missing_word' || f.kind === 'missing_letter');
  assert.ok(missing.length < 20, `${missing.length} missing`);
});

test("a registration photo made elsewhere, whose ל's necks touch the letters of the line above, is read clean: each cut from the letter it touches where they meet", { skip: haveSamples ? false : 'shared sample photos are not present beside the repository' }, async () => {
  // A ל's head given to the letter above reads as the letters there touching, or a letter added: none the scroll's errors.
  const check = await checkPhotoText(samplePhoto('ref/56bf0250d390.jpg'));
  assert.ok(check.kind === 'read', check.kind === 'invalid' ? check.reason : '');
  assert.deepEqual(check.read, { lines: 22, words: 170, letters: 713 });
  assert.deepEqual(check.findings, []);
  assert.equal(check.verdict, 'no_errors_found');
});

test("a registration photo made elsewhere with a ל touching a ל above it that touches the line above that reads each in its line: none missing, the ה above not broken", { skip: haveSamples ? false : 'shared sample photos are not present beside the repository' }, async () => {
  // Lines 15 to 17 (word 5 or 6 of each): a blob three lines tall. What the scroll does show: a כ's base on the ב's (ובשכבך), a י on a ו.
  const check = await checkPhotoText(samplePhoto('ref/fe42f0333979.jpg'));
  assert.ok(check.kind === 'read', check.kind === 'invalid' ? check.reason : '');
  assert.deepEqual(check.read, { lines: 22, words: 170, letters: 713 });
  assert.deepEqual(check.findings.map((f) => [f.kind, f.line, f.word, f.letter]), [['touching_letters', 5, 1, 4], ['touching_letters', 5, 7, 3]]);
});
