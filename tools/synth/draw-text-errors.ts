// Errors at random places, for the text-check data sets: each kind drawn where
// a scribe could make it, one error to a line, from a stream of its own seed.

import { canBreak } from './glyph-strokes.ts';
import type { FontName } from './glyphs.ts';
import { MEZUZAH_WORDS } from './mezuzah-text.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Random } from './random.ts';
import { FINAL_FORMS, LOOK_ALIKES, textError } from './text-errors.ts';
import type { TextError, TextErrorKind } from './text-errors.ts';

/** Letters a scribe adds by mistake, and how often: mostly the vowel letters ו and י (a full spelling for a defective one), as real scrolls show. */
const ADDED_LETTERS: readonly (readonly [string, number])[] = [
  ['ו', 4],
  ['י', 3],
  ['ה', 1],
  ['א', 1],
];

type Place = { readonly line: number; readonly word: number; readonly letter: number | null };

/** Every place (1-based, as errors name them) where an error of `kind` can be made in a scroll written in `font`. */
function places(kind: TextErrorKind, font: FontName): Place[] {
  const out: Place[] = [];
  MEZUZAH_WORDS.forEach((words, l) => {
    words.forEach((text, w) => {
      const letters = [...text];
      const at = (letter: number | null): void => void out.push({ line: l + 1, word: w + 1, letter });
      const last = letters.length;
      switch (kind) {
        case 'missing_letter':
          if (last >= 2) letters.forEach((_, i) => at(i + 1));
          break;
        case 'extra_letter':
          // Not after a final form: it would stand inside the word.
          for (let i = 0; i <= last; i++) if (i < last || !FINAL_FORMS.has(letters[last - 1])) at(i);
          break;
        case 'wrong_letter':
          letters.forEach((c, i) => LOOK_ALIKES[c] && at(i + 1));
          break;
        case 'swapped_letters':
          // Two different letters, and no final form moved inside the word.
          for (let i = 1; i < last; i++) if (letters[i - 1] !== letters[i] && !(i === last - 1 && FINAL_FORMS.has(letters[i]))) at(i);
          break;
        case 'touching_letters':
          for (let i = 1; i < last; i++) at(i);
          break;
        case 'broken_letter':
          letters.forEach((c, i) => canBreak(font, c) && at(i + 1));
          break;
        case 'missing_word':
          if (words.length >= 2) at(null);
          break;
        case 'extra_word':
          at(null);
          break;
      }
    });
  });
  return out;
}

/** The error of `kind` at `place`: what is written there drawn on `rnd` where the kind needs it. */
function errorAt(kind: TextErrorKind, place: Place, rnd: Random): TextError {
  const letters = [...MEZUZAH_WORDS[place.line - 1][place.word - 1]];
  const found =
    kind === 'extra_letter' ? rnd.weighted(ADDED_LETTERS) : kind === 'wrong_letter' ? rnd.pick([...LOOK_ALIKES[letters[(place.letter ?? 1) - 1]]]) : undefined;
  return textError(kind, { ...place, found });
}

/**
 * One error of each of `kinds` (in that order) at random places of a scroll
 * written in `font`, each on a line of its own. Same seed, same errors.
 */
export function drawTextErrors(seed: number, kinds: readonly TextErrorKind[], font: FontName): TextError[] {
  const rnd = createRandom(deriveSeed('text-errors', seed));
  const used = new Set<number>();
  return kinds.map((kind, n) => {
    const own = rnd.fork(n);
    const free = places(kind, font).filter((p) => !used.has(p.line));
    if (free.length === 0) throw new Error(`no line left for a ${kind}`);
    const place = own.pick(free);
    used.add(place.line);
    return errorAt(kind, place, own);
  });
}
