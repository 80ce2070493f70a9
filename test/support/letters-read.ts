import type { LookAlike } from '../../src/engine/text-check/look-alikes.ts';
import { LINE_LETTERS, type LetterReading, type LettersRead, type StrayInk } from '../../src/engine/text-check/read-letters.ts';

// The text check's letters as read, made by hand for tests of what follows
// the reading (findings.ts, check-text.ts's lines left out).

/** A letter's look-alike that says it is its own letter (nearer its own instances and mean than the ז's). */
export const LIKE_ITSELF: LookAlike = { char: 'ז', ratio: 1.4, own: 1, other: 3, meanRatio: 2 };

/** Every letter of the text read one to one, each in a box of its own, every line sharp; `change` rewrites some. */
export function readText(change: (l: LetterReading) => Partial<LetterReading> = () => ({}), stray: StrayInk[] = []): LettersRead {
  const letters: LetterReading[] = LINE_LETTERS.flatMap((text, l) =>
    text.map((t, i) => {
      const plain: LetterReading = { line: l + 1, word: t.word, letter: t.letter, char: t.char, op: 'match', box: [1000 - 20 * i, 40 * l, 18, 30], lookAlike: LIKE_ITSELF, inBox: null, toward: { before: null, after: null }, pieces: 1, partial: false };
      return { ...plain, ...change(plain) };
    }),
  );
  return { letters, stray, edges: { page: 0.08, lines: LINE_LETTERS.map(() => 0.08) } };
}
