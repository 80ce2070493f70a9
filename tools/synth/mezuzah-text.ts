// The mezuzah text as the generator's scribes write it: the shared 22-line text
// (one copy in the repository, so engine and generator can never disagree on a
// letter) plus the scribal conventions a hand model needs on top of the words.

import { CROWNED_LETTERS, DILATABLE_LETTERS, LARGE_LETTERS, MEZUZAH_LETTER_COUNT, MEZUZAH_LINES, MEZUZAH_WORDS } from '../../src/text/mezuzah-text.ts';

export { CROWNED_LETTERS, DILATABLE_LETTERS, LARGE_LETTERS, MEZUZAH_LETTER_COUNT, MEZUZAH_LINES, MEZUZAH_WORDS };

/** Line 6 (index 5) closes the first paragraph: it ends short, leaving the gap before "והיה". */
export const PARAGRAPH_END_LINE = 5;
/** Line 22 (index 21) holds only "על הארץ". */
export const LAST_LINE = MEZUZAH_LINES.length - 1;

export type TextLetter = {
  /** 0..712 in reading order. */
  readonly index: number;
  readonly char: string;
  readonly line: number;
  /** Index of the word in the whole text (0..169). */
  readonly word: number;
  readonly wordInLine: number;
  readonly letterInWord: number;
  readonly wordEnd: boolean;
  readonly large: boolean;
};

function listLetters(): readonly TextLetter[] {
  const letters: TextLetter[] = [];
  let word = 0;
  MEZUZAH_WORDS.forEach((words, line) => {
    words.forEach((text, wordInLine) => {
      const chars = [...text];
      chars.forEach((char, letterInWord) => {
        letters.push({
          index: letters.length,
          char,
          line,
          word,
          wordInLine,
          letterInWord,
          wordEnd: letterInWord === chars.length - 1,
          large: LARGE_LETTERS.some(([l, w, i]) => l === line && w === wordInLine && i === letterInWord),
        });
      });
      word++;
    });
  });
  return letters;
}

/** Every letter of the text with its place in lines and words. */
export const MEZUZAH_LETTERS: readonly TextLetter[] = listLetters();
