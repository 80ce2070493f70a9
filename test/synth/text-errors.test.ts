import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  drawTextErrors,
  LOOK_ALIKES,
  makeScribe,
  makeScroll,
  MEZUZAH_WORDS,
  TEXT_ERROR_KINDS,
  textError,
  type Scroll,
  type TextError,
  type TextErrorKind,
} from '../../tools/synth/index.ts';

const LETTERS = [...'אבגדהוזחטיכךלמםנןסעפףצץקרשת'];

/** The scroll's text as written: per line, its words, read from where each letter was placed. */
function writtenWords(scroll: Scroll): string[][] {
  const lines: string[][] = MEZUZAH_WORDS.map(() => []);
  for (const letter of scroll.letters) {
    assert.ok(letter.written, 'a scroll written with errors says where each letter stands');
    const { word } = letter.written;
    lines[letter.line][word] = (lines[letter.line][word] ?? '') + letter.char;
  }
  return lines;
}

type Found = Pick<TextError, 'kind' | 'line' | 'word' | 'letter' | 'expected' | 'found'>;

/** Every single edit of the correct line that gives `written`: what a reader comparing the two could report. */
function editsOf(line: number, written: readonly string[]): Found[] {
  const correct = MEZUZAH_WORDS[line - 1];
  const same = (a: readonly string[]): boolean => a.length === written.length && a.every((w, i) => w === written[i]);
  const found: Found[] = [];
  correct.forEach((word, w) => {
    if (same(correct.toSpliced(w, 1))) found.push({ kind: 'missing_word', line, word: w + 1, letter: null, expected: word, found: '' });
  });
  for (let w = 0; w <= correct.length; w++) {
    const extra = written[w];
    if (extra !== undefined && same(correct.toSpliced(w, 0, extra))) found.push({ kind: 'extra_word', line, word: w, letter: null, expected: '', found: extra });
  }
  correct.forEach((word, w) => {
    const letters = [...word];
    const with_ = (changed: string[]): boolean => same(correct.toSpliced(w, 1, changed.join('')));
    letters.forEach((c, i) => {
      if (with_(letters.toSpliced(i, 1))) found.push({ kind: 'missing_letter', line, word: w + 1, letter: i + 1, expected: c, found: '' });
      for (const x of LETTERS) if (x !== c && with_(letters.toSpliced(i, 1, x))) found.push({ kind: 'wrong_letter', line, word: w + 1, letter: i + 1, expected: c, found: x });
      if (i + 1 < letters.length && letters[i + 1] !== c && with_(letters.toSpliced(i, 2, letters[i + 1], c)))
        found.push({ kind: 'swapped_letters', line, word: w + 1, letter: i + 1, expected: c + letters[i + 1], found: letters[i + 1] + c });
    });
    for (let i = 0; i <= letters.length; i++) for (const x of LETTERS) if (with_(letters.toSpliced(i, 0, x))) found.push({ kind: 'extra_letter', line, word: w + 1, letter: i, expected: '', found: x });
  });
  return found;
}

/** Checks the scroll's written text against the correct one: each line differs exactly as the errors on it say, the rest not at all. */
function assertWrittenAsRecorded(scroll: Scroll, errors: readonly TextError[]): void {
  const lines = writtenWords(scroll);
  lines.forEach((written, l) => {
    const line = l + 1;
    const here = errors.filter((e) => e.line === line && e.kind !== 'touching_letters' && e.kind !== 'broken_letter');
    if (here.length === 0) {
      assert.deepEqual(written, MEZUZAH_WORDS[l], `line ${line} is written as the correct text`);
      return;
    }
    const [error] = here;
    const edits = editsOf(line, written);
    assert.ok(edits.length > 0, `line ${line} differs by one edit: ${written.join(' ')}`);
    assert.ok(edits.every((e) => e.kind === error.kind), `only a ${error.kind} explains line ${line} (${edits.map((e) => e.kind).join(', ')})`);
    assert.ok(
      edits.some((e) => e.word === error.word && e.letter === error.letter && e.expected === error.expected && e.found === error.found),
      `line ${line} gives back ${JSON.stringify(error)} (read: ${JSON.stringify(edits)})`,
    );
  });
}

const scribe = makeScribe(3);

test('an error is named and placed as the text check reports it, its expected letters from the text', () => {
  assert.deepEqual(textError('missing_letter', { line: 2, word: 3, letter: 2 }), { kind: 'missing_letter', line: 2, word: 3, letter: 2, expected: 'כ', found: '' });
  assert.deepEqual(textError('extra_letter', { line: 5, word: 8, letter: 2, found: 'ו' }), { kind: 'extra_letter', line: 5, word: 8, letter: 2, expected: '', found: 'ו' });
  assert.deepEqual(textError('wrong_letter', { line: 3, word: 1, letter: 2, found: 'ר' }), { kind: 'wrong_letter', line: 3, word: 1, letter: 2, expected: 'ד', found: 'ר' });
  assert.deepEqual(textError('swapped_letters', { line: 4, word: 1, letter: 1 }), { kind: 'swapped_letters', line: 4, word: 1, letter: 1, expected: 'לב', found: 'בל' });
  assert.deepEqual(textError('touching_letters', { line: 7, word: 1, letter: 2 }), { kind: 'touching_letters', line: 7, word: 1, letter: 2, expected: 'הי', found: 'הי' });
  assert.deepEqual(textError('broken_letter', { line: 8, word: 2, letter: 1 }), { kind: 'broken_letter', line: 8, word: 2, letter: 1, expected: 'א', found: 'א' });
  assert.deepEqual(textError('missing_word', { line: 10, word: 3 }), { kind: 'missing_word', line: 10, word: 3, letter: null, expected: 'ואספת', found: '' });
  assert.deepEqual(textError('extra_word', { line: 12, word: 2 }), { kind: 'extra_word', line: 12, word: 2, letter: null, expected: '', found: 'יפתה' });
  assert.deepEqual(textError('extra_word', { line: 2, word: 0 }), { kind: 'extra_word', line: 2, word: 0, letter: null, expected: '', found: 'את' }, 'at a line’s start: the last word of the line before, written again');
});

test('places the text does not have, and errors that change nothing, are refused', () => {
  assert.throws(() => textError('missing_word', { line: 23, word: 1 }));
  assert.throws(() => textError('missing_letter', { line: 1, word: 1, letter: 4 }));
  assert.throws(() => textError('swapped_letters', { line: 1, word: 1, letter: 3 }), 'the last letter has no next one to swap with');
  assert.throws(() => textError('wrong_letter', { line: 1, word: 1, letter: 1, found: 'ש' }));
  assert.throws(() => textError('extra_letter', { line: 1, word: 1, letter: 0 }), 'the letter added must be given');
  assert.throws(() => textError('swapped_letters', { line: 5, word: 8, letter: 2 }), 'לטטפת: swapping ט and ט changes nothing');
  assert.throws(() => makeScroll(scribe, 1, [textError('missing_letter', { line: 2, word: 3, letter: 2 }), textError('wrong_letter', { line: 2, word: 3, letter: 1, found: 'כ' })]), 'one error to a word');
});

test('look-alikes are pairs both ways among the 27 forms, and include the issue’s', () => {
  for (const [letter, alikes] of Object.entries(LOOK_ALIKES)) {
    assert.ok(LETTERS.includes(letter));
    for (const other of alikes) assert.ok(LETTERS.includes(other) && other !== letter && LOOK_ALIKES[other].includes(letter), `${letter} ↔ ${other}`);
  }
  for (const group of ['וי', 'וז', 'ון', 'דר', 'דך', 'בכ', 'הח', 'הת', 'סם', 'גנ', 'עצ', 'טמ']) {
    assert.ok(LOOK_ALIKES[group[0]].includes(group[1]) && LOOK_ALIKES[group[1]].includes(group[0]), group);
  }
});

test('a scroll given no errors is the clean scroll, exactly', () => {
  assert.deepEqual(makeScroll(scribe, 1, []), makeScroll(scribe, 1));
  assert.equal(makeScroll(scribe, 1).errors, undefined);
});

test('each kind of error changes the written text as it says, and nothing else', () => {
  const clean = makeScroll(scribe, 1);
  const errors: TextError[] = [
    textError('missing_letter', { line: 2, word: 3, letter: 2 }),
    textError('extra_letter', { line: 5, word: 8, letter: 2, found: 'ו' }),
    textError('wrong_letter', { line: 3, word: 1, letter: 2, found: 'ר' }),
    textError('swapped_letters', { line: 4, word: 1, letter: 1 }),
    textError('touching_letters', { line: 7, word: 1, letter: 2 }),
    textError('broken_letter', { line: 8, word: 2, letter: 1 }),
    textError('missing_word', { line: 10, word: 3 }),
    textError('extra_word', { line: 12, word: 2 }),
  ];
  for (const error of errors) {
    const sut = makeScroll(scribe, 1, [error]);
    assertWrittenAsRecorded(sut, [error]);
    assert.deepEqual(sut.errors?.map((e) => e.error), [error]);
    const shown = sut.errors![0].letters.map((k) => sut.letters[k].char).join('');
    const expectedShown: Record<TextErrorKind, string> = {
      missing_letter: 'בל', // the letters either side of the gap
      extra_letter: 'ו',
      wrong_letter: 'ר',
      swapped_letters: 'בל',
      touching_letters: 'הי',
      broken_letter: 'א',
      missing_word: 'שד', // the last letter of ומלקוש, the first of דגנך
      extra_word: 'יפתה',
    };
    assert.equal(shown, expectedShown[error.kind], `${error.kind}: the letters that show it`);
    // Every line without a change of letters or spacing is the clean scroll's, letter for letter.
    for (const letter of sut.letters) {
      if (letter.line === error.line - 1 && error.kind !== 'broken_letter') continue;
      const { written, ...placed } = letter;
      assert.deepEqual(placed, clean.letters[letter.index]);
    }
    assert.deepEqual(sut.ink.blots, clean.ink.blots);
    assert.deepEqual(sut.parchment, clean.parchment);
  }
  const all = makeScroll(scribe, 1, errors);
  assertWrittenAsRecorded(all, errors);
  assert.equal(all.letters.length, 713 - 1 + 1 - 5 + 4);
  assert.ok(all.errors!.find((e) => e.error.kind === 'touching_letters')?.join, 'touching letters carry their join');
  assert.ok(all.errors!.find((e) => e.error.kind === 'broken_letter')?.cut, 'a broken letter carries its cut');
});

test('errors drawn at random: each kind where a scribe could make it, one to a line, the same for the same seed', () => {
  for (let seed = 0; seed < 40; seed++) {
    const hand = makeScribe(100 + (seed % 8));
    const kinds = [TEXT_ERROR_KINDS[seed % 8], TEXT_ERROR_KINDS[(seed * 3 + 1) % 8], TEXT_ERROR_KINDS[(seed * 5 + 2) % 8]];
    const errors = drawTextErrors(seed, kinds, hand.font);
    assert.deepEqual(errors, drawTextErrors(seed, kinds, hand.font));
    assert.deepEqual(errors.map((e) => e.kind), kinds);
    assert.equal(new Set(errors.map((e) => e.line)).size, 3, 'one error to a line');
    const sut = makeScroll(hand, seed, errors);
    assertWrittenAsRecorded(sut, errors);
  }
});
