import { LETTER_GAP, letterWidth, WORD_GAP } from '../template.ts';
import type { InkGroup } from './page-ink.ts';

// A line's groups of ink aligned to its letters, as the text says they are:
// an edit-distance alignment in reading order, each letter taking one group
// (or two, or sharing one with the next letter), or none, and a group no
// letter takes being extra ink. The cost of a letter's group is how far its
// width is from the letter's (scaled to the line), and of each gap before it
// whether it is a word's gap where a word begins and a letter's elsewhere. A
// letter missing may leave no room (never written: the scribe wrote on) or a
// hole of its width (its ink flaked or erased). Whole words are steps of
// their own (a word the scribe left out; a word written twice or added), and
// two letters written in each other's place (swapped).

/** A letter of the text to be read: its letter, whether a word begins with it (not the line's first), whether the scribe may stretch it to fill the line (MAX_STRETCH), and whether it is one of the enlarged letters (no width of the hand's holds for it). */
export type TextLetter = { readonly char: string; readonly startsWord: boolean; readonly mayStretch?: boolean; readonly large?: boolean };

/**
 * A scribe fills a line by stretching the dilatable letters (DILATABLE_LETTERS)
 * of its last word: such a letter may be up to MAX_STRETCH times as wide as
 * written at no cost (a stretched א or ת is as wide as two letters, and was
 * read as two letters touching with ink left over).
 */
const MAX_STRETCH = 3;

/**
 * How a letter was read: `match`, one group; `merge`, two groups (a letter in
 * pieces); `touch`, one group with the next letter (the next letter is marked
 * `touched`); `swap`, the group in the next letter's place (and the next
 * letter's in its own: both marked `swap`); `missing`, no group (every letter
 * of a word left out is `missing`).
 */
export type LetterOp = 'match' | 'merge' | 'touch' | 'touched' | 'swap' | 'missing';
export type AlignedLetter = { readonly op: LetterOp; readonly groups: readonly InkGroup[] };
/** Ink no letter took, the letter (index in the line) it follows (-1 before the first), and whether it is part of a word no word of the text takes. */
export type ExtraInk = { readonly group: InkGroup; readonly after: number; readonly inWord: boolean };

/** A letter's width may differ from the table's by this factor (in logarithm, one standard deviation): a hand's letters vary that much. */
const WIDTH_SPREAD = 0.35;
/**
 * A letter's pieces span its width (the hand's, when the alignment is given
 * it: HandWidths), and two touching letters theirs, more closely than letters
 * vary: a mark beside a whole letter is not a piece of it, nor a wide letter
 * two. Pieces overlapping along the line (a ק's leg past its roof's end,
 * which page-ink leaves apart under SAME_LETTER_OVERLAP) that together are
 * narrower than the letter are held to WIDTH_SPREAD instead, as a letter is:
 * a hand's narrow ק had its leg read as a letter added. Wider, they may be
 * two letters, one of them added.
 */
const PIECES_WIDTH_SPREAD = 0.15;
/** A gap is a word's when wider than this share of a letter height; its cost grows over this share of it. */
const WORD_GAP_SHARE = 0.28;
const GAP_SPREAD = 0.25;
/**
 * A gap inside a word as wide as a word's costs at most this: a hand whose
 * letters drift apart spaces a word unevenly, and the letter after the gap is
 * still the word's (above MISSING_COST, the letter would be read missing and
 * its ink extra, the same letter both).
 */
const WIDE_GAP_COST = 6;
/**
 * A letter's pieces stand no further apart along the line than this many
 * letter heights (as the line's widths give them, `height`: a hand that
 * writes narrow is held to gaps as narrow): a ה's leg stands under its roof,
 * a stroke cut across leaves a hairline. Ink further off is a neighbour's or
 * no letter's: a hand that writes a letter narrower than the table would
 * otherwise take ink beside it as the rest of it, the two as wide as the
 * table's letter (a ם of half the table's width took the next ה's detached
 * leg, 0.46 of the letters' height away, and was read broken). A letter whose
 * middle flaked away wider than this is read whole with ink beside it.
 */
const PIECE_GAP = 0.25;
/** What a letter in two pieces, two letters in one group, a letter missing, or ink no letter takes cost over their widths: chosen on three clean synthetic registration photos (no letter of theirs missing or extra), not tuned further. */
const MERGE_COST = 4;
const TOUCH_COST = 6;
const MISSING_COST = 9;
const EXTRA_COST = 9;
/** Small ink (page-ink.ts: a י or a speck) no letter takes costs nothing: a speck is no error. */
const SMALL_EXTRA_COST = 0;
/**
 * Two letters in each other's places; a whole word left out; a whole word's
 * ink (2 to MAX_EXTRA_WORD groups between word gaps) that no word takes. A
 * word left out costs less than its letters each missing, so that the letters
 * either side are not read in its place, and a word's ink less than its groups
 * each extra: a word of two letters (אל, את, בם) WORD_STEP_SAVING less than
 * its two letters, a longer one the full cost (lower, and a word read badly
 * becomes a word missing and a word extra in its place). Two letters swapped
 * cost more than both read in place when their shapes and widths say nothing
 * either way.
 */
const SWAP_COST = 5;
const MISSING_WORD_COST = 20;
const EXTRA_WORD_COST = 20;
const WORD_STEP_SAVING = 2;
const MAX_EXTRA_WORD = 8;
/** A gap that bounds an added word is at least this share of a word's gap (WORD_GAP_SHARE). */
const EXTRA_WORD_GAP = 0.7;

/** The widths this hand writes its letters at, in letter heights at the line's scale (lineScale), measured on its letters read alone. */
export type HandWidths = ReadonlyMap<string, number>;

/** Letter heights per canonical unit on a line: its ink's span (small ink at either end aside) over the text's width of its letters. */
export function lineScale(groups: readonly InkGroup[], letters: readonly TextLetter[]): number {
  if (groups.length === 0) return 1;
  const words = letters.filter((l) => l.startsWord).length + 1;
  const natural = letters.reduce((sum, l) => sum + letterWidth(l.char), 0) + LETTER_GAP * (letters.length - words) + WORD_GAP * (words - 1);
  const sized = groups.filter((g) => !g.small);
  const span = sized.length > 0 ? sized[sized.length - 1].X1 - sized[0].X0 : groups[groups.length - 1].X1 - groups[0].X0;
  return span / natural;
}

type Step = 'match' | 'merge' | 'touch' | 'swap' | 'missing' | 'hole' | 'missingWord' | 'extra' | `extraWord${number}`;

/**
 * The line's groups (in reading order) aligned to its letters: one entry per
 * letter, and the ink no letter took. `shapeCost`, when given, adds what
 * letter i taking groups j to j + k − 1 costs by their shapes (read-letters.ts:
 * how unlike the hand's other instances of the letter the ink is).
 */
export function alignLetters(
  groups: readonly InkGroup[],
  letters: readonly TextLetter[],
  shapeCost: (i: number, j: number, k: number) => number = () => 0,
  hand?: HandWidths,
): { letters: AlignedLetter[]; extra: ExtraInk[] } {
  const n = letters.length;
  const m = groups.length;
  if (m === 0) return { letters: letters.map(() => ({ op: 'missing', groups: [] })), extra: [] };
  // Where each letter's word ends (one past its last letter).
  const wordEnd = new Int32Array(n);
  for (let i = n - 1, end = n; i >= 0; i--) {
    wordEnd[i] = end;
    if (letters[i].startsWord) end = i;
  }
  const startsWord = (i: number) => i === 0 || i === n || letters[i].startsWord;
  const height = lineScale(groups, letters);
  const wordGap = WORD_GAP_SHARE * height;
  const widthCost = (width: number, letterHeights: number, spread = WIDTH_SPREAD) => {
    const d = Math.log(Math.max(width, 1e-6) / (letterHeights * height)) / spread;
    return d * d;
  };
  // What a letter's pieces span: the hand's width of the letter, when known (an enlarged letter's never), else the table's.
  const piecesWidth = (i: number) => (letters[i].large ? undefined : hand?.get(letters[i].char)) ?? letterWidth(letters[i].char);
  // What letter i's width costs taking ink `width` wide: a letter the scribe may stretch, nothing for being wider, up to MAX_STRETCH.
  const letterCost = (i: number, width: number) => {
    const written = letterWidth(letters[i].char);
    return widthCost(width, letters[i].mayStretch ? Math.min(Math.max(written, width / height), written * MAX_STRETCH) : written);
  };
  // Where the ink before group j ends, small ink left out (a speck in a word's gap does not narrow it).
  const inkEnd = new Float64Array(m);
  for (let j = 1, end = -Infinity; j < m; j++) {
    if (!groups[j - 1].small) end = groups[j - 1].X1;
    inkEnd[j] = end === -Infinity ? groups[j - 1].X1 : end;
  }
  // The gap before group j, taken by letter i: a word's where a word begins, a letter's elsewhere.
  const gapCost = (j: number, i: number) => {
    if (j === 0 || i === 0) return 0;
    const gap = groups[j].X0 - (letters[i].startsWord ? inkEnd[j] : groups[j - 1].X1);
    const off = letters[i].startsWord ? wordGap - gap : gap - wordGap;
    if (off <= 0) return 0;
    const cost = (off / (GAP_SPREAD * wordGap)) ** 2;
    return letters[i].startsWord ? cost : Math.min(cost, WIDE_GAP_COST);
  };
  // The gap before group j, taken by letter i + 1, where letter i left a hole of its width (flaked or erased ink).
  const holeCost = (j: number, i: number) => {
    if (j === 0) return 0;
    const gap = groups[j].X0 - groups[j - 1].X1;
    const hole = (letterWidth(letters[i].char) + LETTER_GAP) * height + (letters[i + 1].startsWord || letters[i].startsWord ? wordGap : LETTER_GAP * height);
    const off = Math.log(Math.max(gap, 1e-6) / hole) / WIDTH_SPREAD;
    return off * off;
  };
  const cols = m + 1;
  const cost = new Float64Array((n + 1) * cols).fill(Infinity);
  const step = new Array<Step>((n + 1) * cols);
  cost[0] = 0;
  const relax = (to: number, c: number, s: Step) => {
    if (c < cost[to]) {
      cost[to] = c;
      step[to] = s;
    }
  };
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const at = i * cols + j;
      const c = cost[at];
      if (c === Infinity) continue;
      if (i < n && j < m) relax(at + cols + 1, c + letterCost(i, groups[j].X1 - groups[j].X0) + gapCost(j, i) + shapeCost(i, j, 1), 'match');
      if (i < n && j + 1 < m && groups[j + 1].X0 - groups[j].X1 <= PIECE_GAP * height) {
        const [span, written] = [groups[j + 1].X1 - groups[j].X0, piecesWidth(i)];
        const spread = groups[j + 1].X0 < groups[j].X1 && span < written * height ? WIDTH_SPREAD : PIECES_WIDTH_SPREAD;
        const pieces = widthCost(span, written, spread) + gapCost(j, i) + shapeCost(i, j, 2);
        relax(at + cols + 2, c + MERGE_COST + pieces, 'merge');
      }
      if (i + 1 < n && j + 1 < m && !letters[i + 1].startsWord) {
        const first = widthCost(groups[j].X1 - groups[j].X0, letterWidth(letters[i + 1].char)) + shapeCost(i + 1, j, 1);
        const second = widthCost(groups[j + 1].X1 - groups[j + 1].X0, letterWidth(letters[i].char)) + shapeCost(i, j + 1, 1);
        relax(at + 2 * cols + 2, c + SWAP_COST + first + second + gapCost(j, i) + gapCost(j + 1, i + 1), 'swap');
      }
      if (i < n && startsWord(i)) relax(at + (wordEnd[i] - i) * cols, c + Math.min(MISSING_WORD_COST, (wordEnd[i] - i) * MISSING_COST - WORD_STEP_SAVING), 'missingWord');
      if (j < m && startsWord(i) && (j === 0 || groups[j].X0 - groups[j - 1].X1 >= EXTRA_WORD_GAP * wordGap)) {
        for (let k = 2; k <= MAX_EXTRA_WORD && j + k <= m; k++) {
          if (j + k < m && groups[j + k].X0 - groups[j + k - 1].X1 < EXTRA_WORD_GAP * wordGap) continue;
          relax(at + k, c + Math.min(EXTRA_WORD_COST, k * EXTRA_COST - WORD_STEP_SAVING), `extraWord${k}`);
        }
      }
      if (i + 1 < n && j < m) {
        const both = letterWidth(letters[i].char) + LETTER_GAP + letterWidth(letters[i + 1].char);
        relax(at + 2 * cols + 1, c + TOUCH_COST + widthCost(groups[j].X1 - groups[j].X0, both, PIECES_WIDTH_SPREAD) + gapCost(j, i), 'touch');
      }
      if (i < n) relax(at + cols, c + MISSING_COST, 'missing');
      if (i + 1 < n && j < m) {
        const rest = widthCost(groups[j].X1 - groups[j].X0, letterWidth(letters[i + 1].char)) + holeCost(j, i) + shapeCost(i + 1, j, 1);
        relax(at + 2 * cols + 1, c + MISSING_COST + rest, 'hole');
      }
      if (j < m) relax(at + 1, c + (groups[j].small ? SMALL_EXTRA_COST : EXTRA_COST), 'extra');
    }
  }
  // Back from the end: the steps taken, then the letters and extra ink in order. A word left out ends at i: it starts at the nearest word start before.
  const wordStart = (end: number) => {
    let start = end - 1;
    while (start > 0 && !letters[start].startsWord) start--;
    return start;
  };
  const steps: Step[] = [];
  for (let i = n, j = m; i > 0 || j > 0; ) {
    const s = step[i * cols + j];
    steps.push(s);
    i -= s === 'touch' || s === 'hole' || s === 'swap' ? 2 : s === 'missingWord' ? i - wordStart(i) : s === 'extra' || s.startsWith('extraWord') ? 0 : 1;
    j -= s === 'merge' || s === 'swap' ? 2 : s === 'missing' || s === 'missingWord' ? 0 : s.startsWith('extraWord') ? Number(s.slice(9)) : 1;
  }
  const aligned: AlignedLetter[] = [];
  const extra: ExtraInk[] = [];
  let j = 0;
  for (const s of steps.reverse()) {
    if (s === 'match') aligned.push({ op: 'match', groups: [groups[j++]] });
    else if (s === 'merge') {
      aligned.push({ op: 'merge', groups: [groups[j], groups[j + 1]] });
      j += 2;
    } else if (s === 'touch') {
      aligned.push({ op: 'touch', groups: [groups[j]] }, { op: 'touched', groups: [groups[j]] });
      j++;
    } else if (s === 'swap') {
      aligned.push({ op: 'swap', groups: [groups[j + 1]] }, { op: 'swap', groups: [groups[j]] });
      j += 2;
    } else if (s === 'missing') aligned.push({ op: 'missing', groups: [] });
    else if (s === 'missingWord') for (let end = wordEnd[aligned.length]; aligned.length < end; ) aligned.push({ op: 'missing', groups: [] });
    else if (s === 'hole') aligned.push({ op: 'missing', groups: [] }, { op: 'match', groups: [groups[j++]] });
    else if (s === 'extra') extra.push({ group: groups[j++], after: aligned.length - 1, inWord: false });
    else for (let k = Number(s.slice(9)); k > 0; k--) extra.push({ group: groups[j++], after: aligned.length - 1, inWord: true });
  }
  return { letters: aligned, extra };
}
