import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  LARGE_LETTERS,
  LAST_LINE,
  MEZUZAH_LETTER_COUNT,
  MEZUZAH_LETTERS,
  MEZUZAH_LINES,
  MEZUZAH_WORDS,
  PARAGRAPH_END_LINE,
} from '../../tools/synth/mezuzah-text.ts';

test('the text has 22 lines and 713 letters, consonants only', () => {
  assert.equal(MEZUZAH_LINES.length, 22);
  const letters = MEZUZAH_LINES.join('').replaceAll(' ', '');
  assert.equal([...letters].length, 713);
  assert.equal(MEZUZAH_LETTER_COUNT, 713);
  assert.equal(MEZUZAH_LETTERS.length, 713);
  assert.match(letters, /^[\u05D0-\u05EA]+$/, 'Hebrew consonants only: no vowels, cantillation or punctuation');
  assert.equal(MEZUZAH_WORDS.flat().length, 170);
});

test('each line opens with the word of the traditional layout, and line 22 holds only "על הארץ"', () => {
  // The opening words of the 22 lines, as listed for scribes (Rambam, Tefillin 5; Keset HaSofer 27).
  const openings = ['שמע', 'יהוה', 'הדברים', 'לבניך', 'ובשכבך', 'בין', 'והיה', 'מצוה', 'בכל', 'יורה', 'עשב', 'פן', 'והשתחויתם', 'השמים', 'ואבדתם', 'ושמתם', 'אתם', 'אתם', 'בדרך', 'ובשעריך', 'אשר', 'על'];
  assert.deepEqual(
    MEZUZAH_WORDS.map((words) => words[0]),
    openings,
  );
  assert.equal(MEZUZAH_LINES[LAST_LINE], 'על הארץ');
  assert.equal(MEZUZAH_WORDS[PARAGRAPH_END_LINE].at(-1), 'ובשעריך', 'line 6 closes the first paragraph');
  assert.equal(MEZUZAH_WORDS[PARAGRAPH_END_LINE + 1].slice(0, 3).join(' '), 'והיה אם שמע');
});

test('spellings that differ between the two paragraphs are kept apart', () => {
  const text = MEZUZAH_LINES.join(' ');
  // Deuteronomy 6:9 writes מזזת without the first vav; 11:20 writes מזוזות in full.
  assert.ok(MEZUZAH_LINES[5].includes('מזזות'));
  assert.ok(MEZUZAH_LINES[18].includes('מזוזות'));
  assert.ok(MEZUZAH_LINES[4].includes('לטטפת'));
  assert.ok(MEZUZAH_LINES[16].includes('לטוטפת'));
  assert.ok(text.includes('לאבתיכם'));
});

test('the enlarged letters are the ע of שמע and the ד of אחד', () => {
  const large = MEZUZAH_LETTERS.filter((l) => l.large);
  assert.equal(large.length, LARGE_LETTERS.length);
  assert.deepEqual(
    large.map((l) => [l.char, MEZUZAH_WORDS[l.line][l.wordInLine]]),
    [
      ['ע', 'שמע'],
      ['ד', 'אחד'],
    ],
  );
});
