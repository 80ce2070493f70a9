// The errors a scribe makes in a mezuzah's text, named and placed as issue 53's
// text check reports them, and the text a scroll carries once they are made:
// which letters are written, in which words, and which of them show each error.
// Pure text; scroll.ts writes it with the hand, ink.ts draws the joins and breaks.

import { TEXT_FINDING_KINDS, type TextFindingKind } from '../../src/engine/types.ts';
import { MEZUZAH_WORDS } from './mezuzah-text.ts';

/** The kinds of error, as the text check reports them (the engine's own list). */
export const TEXT_ERROR_KINDS = TEXT_FINDING_KINDS;
export type TextErrorKind = TextFindingKind;

/** One error, where the text check would point at it (issue 53's `findings`, without confidence and box). */
export type TextError = {
  readonly kind: TextErrorKind;
  /** Line of the standard 22-line layout, 1–22. */
  readonly line: number;
  /** 1-based word of that line in the correct text; for extra_word the word it follows, 0 at the line's start. */
  readonly word: number;
  /**
   * 1-based letter of that word in the correct text (swapped and touching: the
   * first of the two); for extra_letter the letter it follows, 0 at the word's
   * start; null for the word kinds.
   */
  readonly letter: number | null;
  /** The correct letters there: "" for the extra kinds, both letters for swapped and touching ones. */
  readonly expected: string;
  /** What is written there: "" for the missing kinds; the look-alike, the added letter or word, the letters in their swapped order. */
  readonly found: string;
};

export const WORD_KINDS: ReadonlySet<TextErrorKind> = new Set(['missing_word', 'extra_word']);

/**
 * Letters a hand can write so that they read as another: the pairs issue 53
 * lists (ו/י/ז/ן, ד/ר/ך, ב/כ, ה/ח/ת, ס/ם, ג/נ, ע/צ, ט/מ) and, from the same
 * shapes, ה/ק (the left leg drawn long), כ/פ, ך/ן and ף/ך, ם/ט. The engine
 * keeps its own table of what to compare a letter with (look-alikes.ts), on
 * purpose: what the generator writes must not move with what the engine judges.
 */
export const LOOK_ALIKES: Readonly<Record<string, string>> = {
  ו: 'יזן',
  י: 'ו',
  ז: 'ון',
  ן: 'וזך',
  ד: 'רך',
  ר: 'דך',
  ך: 'דרןף',
  ב: 'כ',
  כ: 'בפ',
  פ: 'כ',
  ף: 'ך',
  ה: 'חתק',
  ח: 'הת',
  ת: 'חה',
  ק: 'ה',
  ס: 'ם',
  ם: 'סט',
  ג: 'נ',
  נ: 'ג',
  ע: 'צ',
  צ: 'ע',
  ט: 'מם',
  מ: 'ט',
};

/** The 27 letter forms a scroll is written in, finals included. */
export const LETTER_FORMS = [...'אבגדהוזחטיכךלמםנןסעפףצץקרשת'];
export const FINAL_FORMS: ReadonlySet<string> = new Set([...'ךםןףץ']);

export type TextPlace = { readonly line: number; readonly word: number; readonly letter?: number | null; readonly found?: string };

function wordOf(line: number, word: number): string {
  const text = MEZUZAH_WORDS[line - 1]?.[word - 1];
  if (text === undefined) throw new Error(`line ${line} has no word ${word}`);
  return text;
}

/**
 * An error of `kind` at `place`, its expected letters filled in from the text.
 * `found` is needed for wrong_letter (the look-alike written) and extra_letter
 * (the letter added); an extra word repeats the word it follows unless told
 * (at a line's start, the previous line's last word).
 */
export function textError(kind: TextErrorKind, place: TextPlace): TextError {
  const { line, word } = place;
  if (!Number.isInteger(line) || line < 1 || line > MEZUZAH_WORDS.length) throw new Error(`line ${line} is not 1–${MEZUZAH_WORDS.length}`);
  if (WORD_KINDS.has(kind)) {
    if (kind === 'missing_word') return { kind, line, word, letter: null, expected: wordOf(line, word), found: '' };
    if (word === 0 && line === 1 && !place.found) throw new Error('an extra word at the start of line 1 needs `found`');
    const repeated = word === 0 ? (line > 1 ? MEZUZAH_WORDS[line - 2].at(-1)! : '') : wordOf(line, word);
    return { kind, line, word, letter: null, expected: '', found: place.found ?? repeated };
  }
  const letters = [...wordOf(line, word)];
  const letter = place.letter ?? NaN;
  const first = kind === 'extra_letter' ? 0 : 1;
  const last = kind === 'extra_letter' ? letters.length : kind === 'swapped_letters' || kind === 'touching_letters' ? letters.length - 1 : letters.length;
  if (!Number.isInteger(letter) || letter < first || letter > last) throw new Error(`${kind}: word ${word} of line ${line} has no letter ${place.letter} to err at`);
  const at = letters[letter - 1];
  switch (kind) {
    case 'missing_letter':
      return { kind, line, word, letter, expected: at, found: '' };
    case 'extra_letter':
      if (!place.found || !LETTER_FORMS.includes(place.found)) throw new Error('extra_letter needs `found`: the letter added');
      return { kind, line, word, letter, expected: '', found: place.found };
    case 'wrong_letter':
      if (!place.found || !LETTER_FORMS.includes(place.found) || place.found === at) throw new Error(`wrong_letter needs \`found\`: a letter other than ${at}`);
      return { kind, line, word, letter, expected: at, found: place.found };
    case 'swapped_letters':
      if (at === letters[letter]) throw new Error(`swapped_letters: ${at}${at} reads the same swapped`);
      return { kind, line, word, letter, expected: at + letters[letter], found: letters[letter] + at };
    case 'touching_letters':
      return { kind, line, word, letter, expected: at + letters[letter], found: at + letters[letter] };
    default:
      return { kind, line, word, letter, expected: at, found: at };
  }
}

/** A letter as written: the text's letter it stands for (null for one the scribe added), and its place in the written words. */
export type WrittenLetter = {
  readonly char: string;
  readonly source: number | null;
  readonly line: number;
  /** 0-based, in the written line and word. */
  readonly wordInLine: number;
  readonly letterInWord: number;
  readonly wordEnd: boolean;
  /** The text's letter an added one is kept with (the one it follows, or the one it copies): where the hand's habits for that place are read. */
  readonly near: number;
};

export type WrittenText = {
  /** Every written letter in reading order: position k is the scroll's letter k. */
  readonly letters: readonly WrittenLetter[];
  /** Per error (in the order given): the positions of the letters that show it (for a missing one, those either side of the gap). */
  readonly shown: readonly (readonly number[])[];
  /** Lines (0-based) whose letters or spacing differ from the correct text's (a broken letter's line does not). */
  readonly lines: ReadonlySet<number>;
};

type Slot = { letters: { char: string; source: number | null; near: number; errors: number[] }[]; dropped: boolean; errors: number[] };

function conflict(errors: readonly TextError[]): string | null {
  const used = new Set<string>();
  for (const e of errors) {
    const key = `${e.line}:${e.word}`;
    if (used.has(key)) return `two errors on word ${e.word} of line ${e.line}`;
    used.add(key);
  }
  return null;
}

/** The text as written with `errors` (at most one per word; an extra word is placed by the word it follows). */
export function writeText(errors: readonly TextError[]): WrittenText {
  const clash = conflict(errors);
  if (clash) throw new Error(clash);
  let index = 0;
  const lines: Slot[][] = MEZUZAH_WORDS.map((words) =>
    words.map((word) => ({ letters: [...word].map((char) => ({ char, source: index, near: index++, errors: [] as number[] })), dropped: false, errors: [] })),
  );
  const touched = new Set<number>();
  errors.forEach((e, n) => {
    const checked = textError(e.kind, e);
    if (checked.expected !== e.expected) throw new Error(`${e.kind} at line ${e.line} word ${e.word}: expected "${checked.expected}", not "${e.expected}"`);
    const slots = lines[e.line - 1];
    // A broken letter changes the ink only, not where letters stand.
    if (e.kind !== 'broken_letter') touched.add(e.line - 1);
    if (e.kind === 'extra_word') return; // inserted below, once the other slots' indices no longer matter
    const slot = slots[e.word - 1];
    if (e.kind === 'missing_word') {
      slot.dropped = true;
      slot.errors.push(n);
      return;
    }
    const i = (e.letter ?? 1) - 1;
    const letters = slot.letters;
    if (e.kind === 'missing_letter') {
      letters.splice(i, 1);
      if (letters.length === 0) throw new Error(`missing_letter would leave word ${e.word} of line ${e.line} empty`);
      for (const side of [letters[i - 1], letters[i]]) side?.errors.push(n);
    } else if (e.kind === 'extra_letter') {
      letters.splice(i + 1, 0, { char: e.found, source: null, near: letters[Math.max(0, i)].near, errors: [n] });
    } else if (e.kind === 'wrong_letter') {
      letters[i] = { ...letters[i], char: e.found, errors: [n] };
    } else if (e.kind === 'swapped_letters') {
      [letters[i], letters[i + 1]] = [letters[i + 1], letters[i]];
      letters[i].errors.push(n);
      letters[i + 1].errors.push(n);
    } else {
      letters[i].errors.push(n);
      if (e.kind === 'touching_letters') letters[i + 1].errors.push(n);
    }
  });
  // Extra words last, from the line's end back, so each goes after the word it names.
  const extras = errors.map((e, n) => ({ e, n })).filter(({ e }) => e.kind === 'extra_word');
  extras.sort((x, y) => y.e.line - x.e.line || y.e.word - x.e.word);
  for (const { e, n } of extras) {
    const slots = lines[e.line - 1];
    const after = e.word === 0 ? null : slots[e.word - 1];
    const near = after ? after.letters.at(-1)!.near : slots[0].letters[0].near;
    const copy: Slot = { letters: [...e.found].map((char) => ({ char, source: null, near, errors: [n] })), dropped: false, errors: [] };
    slots.splice(after ? slots.indexOf(after) + 1 : 0, 0, copy);
  }

  const written: WrittenLetter[] = [];
  const shown: number[][] = errors.map(() => []);
  lines.forEach((slots, line) => {
    const kept = slots.filter((s) => !s.dropped);
    slots.forEach((slot, s) => {
      if (!slot.dropped) return;
      // A dropped word is shown by the letters either side of its gap on the line.
      const before = slots.slice(0, s).filter((x) => !x.dropped).at(-1);
      const after = slots.slice(s + 1).find((x) => !x.dropped);
      for (const n of slot.errors) {
        before?.letters.at(-1)!.errors.push(n);
        after?.letters[0].errors.push(n);
      }
    });
    kept.forEach((slot, wordInLine) => {
      slot.letters.forEach((l, letterInWord) => {
        for (const n of l.errors) shown[n].push(written.length);
        written.push({ char: l.char, source: l.source, line, wordInLine, letterInWord, wordEnd: letterInWord === slot.letters.length - 1, near: l.near });
      });
    });
  });
  return { letters: written, shown: shown.map((s) => [...new Set(s)].sort((a, b) => a - b)), lines: touched };
}
