import { MEZUZAH_LETTER_COUNT, MEZUZAH_WORDS } from '../../text/mezuzah-text.ts';
import type { TextCheck, TextFinding } from '../types.ts';
import { UNLIKE_OWN } from './look-alikes.ts';
import type { LetterReading, LettersRead, StrayInk } from './read-letters.ts';

// The letters as read, told as the text check reports them: where the text
// as written differs from the mezuzah's text, each place once, at the level
// it is seen at (a word missing is one finding, not one per letter).

/** Letters whose ink is in two parts as written: the leg of a ה or a ק stands apart from its roof (in three, one of them is broken). */
const WRITTEN_IN_PIECES = new Set(['ה', 'ק']);
const piecesWritten = (char: string) => (WRITTEN_IN_PIECES.has(char) ? 2 : 1);
/**
 * A letter read alone is written as one it is often confused with
 * (look-alikes.ts, LOOK_ALIKES) when the nearest of the hand's instances of
 * that letter is nearer than WRITTEN_AS_RATIO of the nearest instance of its
 * own, and it is also less unlike that letter's mean than its own letter's
 * (meanRatio under 1: two measures agreeing, not one instance alone). At
 * 0.3, on the text tune set's 3 MP registration photos, no own letter of a
 * hand is taken for a look-alike in the engine; at 0.35, 3 are (letters a
 * hair from their neighbours) and no more letters written wrong are found.
 * Each instance of a hand's letters set against the hand's instances of its
 * look-alikes as if written in their place (decision 027), 0.3 finds 80% of
 * 88,129 look-alikes, with 3 of 48,524 own letters taken.
 */
const WRITTEN_AS_RATIO = 0.3;
/*
 * Or when it is unlike every instance of its own letter (look-alikes.ts,
 * UNLIKE_OWN), as near
 * the look-alike's as they are to each other (LIKE_OTHER), and nearer them
 * than its own (UNLIKE_OWN_RATIO), its mean agreeing: a ו written with a ז's
 * head is far from every ו, while its nearest ז may be no nearer than the
 * hand's ז's are to one another. On the measure above: still 3 own letters,
 * 80.6% of look-alikes found (80.1% by the ratio alone); in the engine that ו
 * found at 3 and at 12 MP, nothing more false.
 */
/** Its nearest look-alike instance no further than the look-alike's instances are from theirs (the median): at 2, 3 more own letters taken across the four tuning sets for 1 more found. */
const LIKE_OTHER = 1;
/** And nearer the look-alike's instances than its own, by this much at least: a lean, not a letter between the two. */
const UNLIKE_OWN_RATIO = 0.7;

/*
 * Or when it stands in fewer pieces than its letter is written in (a ה whose
 * short leg joins its roof), while the hand's instances of it mostly do not,
 * and leans to a look-alike written in as few (a ח): nearer the look-alike's
 * instances than its own (UNLIKE_OWN_RATIO) and far nearer its mean. On a
 * hand whose instances of a letter are all but alike, its own ח set in a ה's
 * place is no nearer its ח's on the darkness grid than WRITTEN_AS_RATIO asks
 * (the shared samples' hands, edited: bench:text-edits); the join is what a
 * ח is. On the text tune set's 3 MP registration photos 268 of the hands' ה's
 * stand joined, none leaning as far as JOINED_MEAN_RATIO.
 */
/** No more than this share of the hand's instances of the letter joined: in a blurred photo most are, and a join says nothing. */
const JOINED_SHARE = 0.2;
/** Twice as near the look-alike's mean as its own letter's: the pasted ח's of the samples' hands stood at 0.1 to 0.35; the tune set's joined ה's at 0.59 and more. */
const JOINED_MEAN_RATIO = 0.5;
/** A share of joined instances is told from this many of the hand's instances at least. */
const JOINED_FROM = 5;

/*
 * Or when it is drawn down as far as the hand's instances of a look-alike
 * whose stroke descends below the line, past where the hand's instances of
 * its own letter end (LookAlike's `longer`, stroke-ends.ts drawnDownAs), and leans to it
 * (UNLIKE_OWN_RATIO), its mean agreeing: a ו written as a ן, a ר as a ך,
 * a ז as a ן differ by their tails, which the grid weighs as a few cells. On
 * seed 5311 (200 scrolls by 30 scribes at 3 MP, 25 written wrong), 3 more
 * found; on the text tune set no letter more taken for a look-alike.
 */

/*
 * Or when its ink drawn in its own box (read-letters.ts, `inBox`: nearer the
 * look-alike's instances on its line's frame too) is unlike every instance
 * of its own letter so drawn (BOXED_UNLIKE_OWN), nearer the hand's instances
 * of a look-alike than BOXED_RATIO of the nearest of its own, and nearer the
 * look-alike's mean than its own letter's: a ס written in a ם's place, a כ
 * in a ב's, a ד in a ר's differ at their corners, which the frame's grid
 * weighs no more than where a hand's edges fall. On seed 5303 (360 scrolls
 * by 40 scribes at 3 MP, 40 written wrong), with the rules above: letters
 * written wrong found 22 → 27 of 40, findings no error explains the same
 * (decision 027).
 */
/** Under it, nearer the look-alike than a third of the way: swept before BOXED_UNLIKE_OWN, at 0.3 1 letter written wrong fewer found and no false finding fewer, at 0.4 2 more found and 2 more of the hands' own letters taken for look-alikes. */
const BOXED_RATIO = 0.35;
/** Its nearest own instance in the box further than this many times the hand's instances of it are from theirs (the median): the letters written wrong that only the box finds stood at 4.3 and more on seed 5303; a hand's own כ and ח taken for a ב and a ה on the text tune set's 12 MP photos at 2.7 and 1.8. */
const BOXED_UNLIKE_OWN = 3;

/**
 * How sure a finding read off the alignment alone is: the share of such
 * findings that were the generator's errors on the text tune set's 3 MP
 * registration photos (84, `npm run bench:text -- tune`), counted as (right +
 * 1) / (findings + 2) so that no kind seen a few times is called certain. A
 * finding of a letter's shape says its own (how far its shape leans to the
 * other letter).
 */
const CONFIDENCE: Readonly<Record<'missing_word' | 'missing_letter' | 'touching_letters' | 'broken_letter' | 'extra_letter' | 'extra_word' | 'swapped_letters', number>> = {
  swapped_letters: 0.91, // 9 of 9
  missing_word: 0.89, // 7 of 7
  missing_letter: 0.61, // 10 of 16
  touching_letters: 0.75, // 11 of 14
  broken_letter: 0.69, // 8 of 11
  extra_letter: 0.69, // 10 of 14
  extra_word: 0.9, // 8 of 8
};

type Box = readonly [number, number, number, number];

/** The findings of the letters read, the verdict, and how much was read; boxes in the photo as uploaded (`scale` × the image read). */
export function findingsOf(read: LettersRead, scale: number): TextCheck {
  const findings: TextFinding[] = [];
  const at = (box: Box | null, near: Box | null) => {
    const b = box ?? near ?? [0, 0, 0, 0];
    return [Math.round(b[0] * scale), Math.round(b[1] * scale), Math.round(b[2] * scale), Math.round(b[3] * scale)] as const;
  };
  const joined = joinedShares(read.letters);
  // Each letter's reading as another, judged once.
  const as = new Map(read.letters.map((l) => [l, writtenAs(l, joined)]));
  const written = (l: LetterReading) => as.get(l)?.char ?? null;
  // How sure a letter written as another is: how much nearer the other letter's instances are than its own's, by the measure that says so.
  const confidenceOf = (l: LetterReading) => round(1 - (as.get(l)?.ratio ?? 1));
  // A letter read alone in as many pieces as the look-alike it is written as is that letter written, not its own broken: a ה in a ת's place, its leg apart from its roof.
  const inLookAlikesPieces = (l: LetterReading) => l.op === 'match' && written(l) !== null && piecesWritten(written(l)!) === l.pieces;
  const byWord = groupBy(read.letters, (l) => `${l.line}:${l.word}`);
  for (const letters of byWord.values()) {
    const { line, word } = letters[0];
    const boxes = letters.map((l) => l.box);
    const near = (i: number): Box | null => boxes[i] ?? boxes.slice(0, i).reverse().find((b) => b) ?? boxes.slice(i + 1).find((b) => b) ?? null;
    if (letters.length > 1 && letters.every((l) => l.op === 'missing')) {
      findings.push({ kind: 'missing_word', line, word, letter: null, expected: letters.map((l) => l.char).join(''), found: '', confidence: CONFIDENCE.missing_word, box: at(gapOf(read.letters, letters), null) });
      continue;
    }
    for (let i = 0; i < letters.length; i++) {
      const l = letters[i];
      const place = { line, word, letter: l.letter };
      if (l.partial) findings.push({ kind: 'broken_letter', ...place, expected: l.char, found: l.char, confidence: CONFIDENCE.broken_letter, box: at(l.box, null) });
      else if (l.op === 'missing') findings.push({ kind: 'missing_letter', ...place, expected: l.char, found: '', confidence: CONFIDENCE.missing_letter, box: at(null, near(i)) });
      else if (l.op === 'touch' && letters[i + 1]?.op === 'touched') {
        const pair = l.char + letters[i + 1].char;
        findings.push({ kind: 'touching_letters', ...place, expected: pair, found: pair, confidence: CONFIDENCE.touching_letters, box: at(l.box, null) });
        i++;
      } else if (l.op === 'swap' && letters[i + 1]?.op === 'swap') {
        const next = letters[i + 1];
        findings.push({ kind: 'swapped_letters', ...place, expected: l.char + next.char, found: next.char + l.char, confidence: CONFIDENCE.swapped_letters, box: at(union(l.box!, next.box!), null) });
        i++;
      } else if (writtenAsEachOther(l, letters[i + 1])) {
        // Before the pieces are counted: a ה's two pieces in a ת's place are the ה written there, not the ת broken.
        const next = letters[i + 1];
        findings.push({ kind: 'swapped_letters', ...place, expected: l.char + next.char, found: next.char + l.char, confidence: round(1 - Math.max(l.toward.after!, next.toward.before!)), box: at(union(l.box!, next.box!), null) });
        i++;
      } else if ((l.op === 'merge' || l.op === 'match') && l.pieces > piecesWritten(l.char) && !inLookAlikesPieces(l)) {
        findings.push({ kind: 'broken_letter', ...place, expected: l.char, found: l.char, confidence: CONFIDENCE.broken_letter, box: at(l.box, null) });
      } else if (l.op === 'match' && written(l)) {
        const next = letters[i + 1];
        const prev = letters[i - 1];
        const last = findings.at(-1);
        if (next && written(l) === next.char && (written(next) === l.char || leansTo(next, l.char))) {
          findings.push({ kind: 'swapped_letters', ...place, expected: l.char + next.char, found: next.char + l.char, confidence: confidenceOf(l), box: at(union(l.box!, next.box!), null) });
          i++;
        } else if (prev && written(l) === prev.char && leansTo(prev, l.char) && !(last && last.line === line && last.word === word && last.letter === prev.letter)) {
          findings.push({ kind: 'swapped_letters', ...place, letter: prev.letter, expected: prev.char + l.char, found: l.char + prev.char, confidence: confidenceOf(l), box: at(union(prev.box!, l.box!), null) });
        } else findings.push({ kind: 'wrong_letter', ...place, expected: l.char, found: written(l)!, confidence: confidenceOf(l), box: at(l.box, null) });
      }
    }
  }
  findings.push(...extraFindings(read.stray, at));
  findings.sort((a, b) => a.line - b.line || a.word - b.word || (a.letter ?? 0) - (b.letter ?? 0));
  const words = new Set(read.letters.map((l) => `${l.line}:${l.word}`));
  const lines = new Set(read.letters.map((l) => l.line));
  const letters = read.letters.length;
  return {
    kind: 'read',
    verdict: findings.length === 0 && letters === MEZUZAH_LETTER_COUNT ? 'no_errors_found' : 'errors_found',
    findings,
    read: { lines: lines.size, words: words.size, letters },
  };
}

/** The letter a letter read alone is written as, when it is not its own, with how near that letter's instances are against its own's (`ratio`); `joined`: the share of the hand's instances of each letter standing in fewer pieces than written (joinedShares). */
function writtenAs(l: LetterReading, joined: ReadonlyMap<string, number>): { char: string; ratio: number } | null {
  const k = l.lookAlike;
  if (k && k.meanRatio < 1) {
    const unlikeItsOwn = k.own > UNLIKE_OWN && k.other < LIKE_OTHER && k.ratio < UNLIKE_OWN_RATIO;
    const joinedAsOther = l.pieces < piecesWritten(l.char) && (joined.get(l.char) ?? 1) <= JOINED_SHARE && piecesWritten(k.char) === l.pieces && k.ratio < UNLIKE_OWN_RATIO && k.meanRatio < JOINED_MEAN_RATIO;
    const drawnDownAsOther = k.longer === true && k.ratio < UNLIKE_OWN_RATIO;
    if (k.ratio < WRITTEN_AS_RATIO || unlikeItsOwn || joinedAsOther || drawnDownAsOther) return k;
  }
  const b = l.inBox;
  return b && b.own > BOXED_UNLIKE_OWN && b.ratio < BOXED_RATIO && b.meanRatio < 1 ? b : null;
}

/** Of each letter written in pieces the hand has JOINED_FROM instances of, read alone, the share standing in fewer. */
function joinedShares(letters: readonly LetterReading[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [char, these] of groupBy(letters.filter((l) => l.op === 'match' && piecesWritten(l.char) > 1), (l) => l.char)) {
    if (these.length >= JOINED_FROM) out.set(char, these.filter((l) => l.pieces < piecesWritten(char)).length / these.length);
  }
  return out;
}

/**
 * Two neighbours written in each other's places: one written as the other
 * (writtenAs), and the other leaning to the first's letter, its look-alike
 * nearest in this hand being that letter on both measures, if less surely (a
 * swap is one error of two letters: one letter plainly written as its
 * neighbour makes the neighbour's lean enough).
 */
function leansTo(l: LetterReading, char: string): boolean {
  const k = l.lookAlike;
  return l.op === 'match' && k !== null && k.char === char && k.ratio < 1 && k.meanRatio < 1;
}

/** Under it both ways: the swaps the alignment read in place stood under 0.34, a hand's own neighbours above 0.6 (decision 027, Measurement). */
const NEIGHBOUR_RATIO = 0.5;
/**
 * Two neighbours of the text read alone, each nearer the hand's instances of
 * the other's letter than NEIGHBOUR_RATIO of the nearest of its own
 * (read-letters.ts, `toward`), are swapped, whether or not the two letters
 * look alike (a פ and a ת): the alignment reads each in its own place when
 * its widths and coarse shapes say little.
 */
function writtenAsEachOther(l: LetterReading, next: LetterReading | undefined): boolean {
  if (!next || next.letter !== l.letter + 1 || l.op !== 'match' || next.op !== 'match') return false;
  const [after, before] = [l.toward.after, next.toward.before];
  return after !== null && before !== null && after < NEIGHBOUR_RATIO && before < NEIGHBOUR_RATIO;
}

/** Ink no letter took: a word where the alignment read it as a word's ink between word gaps (what it reads as, letter by letter), a letter added elsewhere. */
function extraFindings(stray: readonly StrayInk[], at: (box: Box | null, near: Box | null) => readonly [number, number, number, number]): TextFinding[] {
  const out: TextFinding[] = [];
  for (const pieces of groupBy(stray, (s) => `${s.line}:${s.word}:${s.letter}:${s.inWord}`).values()) {
    const { line, word, inWord } = pieces[0];
    if (inWord) {
      const found = pieces.map((p) => p.readAs).join('');
      out.push({ kind: 'extra_word', line, word, letter: null, expected: '', found, confidence: CONFIDENCE.extra_word, box: at(pieces.map((p) => p.box).reduce(union), null) });
    } else for (const p of pieces) out.push({ kind: 'extra_letter', line, word, letter: p.letter, expected: '', found: p.readAs, confidence: CONFIDENCE.extra_letter, box: at(p.box, null) });
  }
  return out;
}

/** Where a word no ink was read for stands: from the letter read before it on its line to the letter read after it. */
function gapOf(all: readonly LetterReading[], word: readonly LetterReading[]): Box | null {
  const first = all.indexOf(word[0]);
  const last = first + word.length - 1;
  const line = word[0].line;
  const before = all.slice(0, first).reverse().find((l) => l.line === line && l.box)?.box ?? null;
  const after = all.slice(last + 1).find((l) => l.line === line && l.box)?.box ?? null;
  return before && after ? union(before, after) : (before ?? after);
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  return [x, y, Math.max(a[0] + a[2], b[0] + b[2]) - x, Math.max(a[1] + a[3], b[1] + b[3]) - y];
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) (out.get(key(t)) ?? out.set(key(t), []).get(key(t))!).push(t);
  return out;
}

const round = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
