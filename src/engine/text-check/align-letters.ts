import { LETTER_GAP, letterWidth, WORD_GAP } from '../template.ts';
import type { InkGroup } from './page-ink.ts';

// A line's groups of ink aligned to its letters, as the text says they are:
// an edit-distance alignment in reading order, each letter taking one group
// (or two, or sharing one with the next letter), or none, and a group no
// letter takes being extra ink. The cost of a letter's group is how far its
// width is from the letter's (scaled to the line), and of each gap before it
// whether it is a word's gap where a word begins and a letter's elsewhere. A
// letter missing may leave no room (never written: the scribe wrote on) or a
// hole of its width (its ink flaked or erased).

/** A letter of the text to be read: its letter and whether a word begins with it (not the line's first). */
export type TextLetter = { readonly char: string; readonly startsWord: boolean };

/**
 * How a letter was read: `match`, one group; `merge`, two groups (a letter in
 * pieces); `touch`, one group with the next letter (the next letter is marked
 * `touched`); `missing`, no group.
 */
export type LetterOp = 'match' | 'merge' | 'touch' | 'touched' | 'missing';
export type AlignedLetter = { readonly op: LetterOp; readonly groups: readonly InkGroup[] };
/** Ink no letter took, and the letter (index in the line) it follows (-1 before the first). */
export type ExtraInk = { readonly group: InkGroup; readonly after: number };

/** A letter's width may differ from the table's by this factor (in logarithm, one standard deviation): a hand's letters vary that much. */
const WIDTH_SPREAD = 0.35;
/** A letter's pieces span its width, and two touching letters theirs, more closely than letters vary: a mark beside a whole letter is not a piece of it, nor a wide letter two. */
const PIECES_WIDTH_SPREAD = 0.15;
/** A gap is a word's when wider than this share of a letter height; its cost grows over this share of it. */
const WORD_GAP_SHARE = 0.28;
const GAP_SPREAD = 0.25;
/** What a letter in two pieces, two letters in one group, a letter missing, or ink no letter takes cost over their widths: chosen on three clean synthetic registration photos (no letter of theirs missing or extra), not tuned further. */
const MERGE_COST = 4;
const TOUCH_COST = 6;
const MISSING_COST = 9;
const EXTRA_COST = 9;

type Step = 'match' | 'merge' | 'touch' | 'missing' | 'hole' | 'extra';

/**
 * The line's groups (in reading order) aligned to its letters: one entry per
 * letter, and the ink no letter took. `shapeCost`, when given, adds what
 * letter i taking group j alone costs by their shapes (read-letters.ts: how
 * unlike the hand's other instances of the letter the group is).
 */
export function alignLetters(
  groups: readonly InkGroup[],
  letters: readonly TextLetter[],
  shapeCost: (i: number, j: number) => number = () => 0,
): { letters: AlignedLetter[]; extra: ExtraInk[] } {
  const n = letters.length;
  const m = groups.length;
  if (m === 0) return { letters: letters.map(() => ({ op: 'missing', groups: [] })), extra: [] };
  // Letter heights per canonical unit, from the line's ink and the text's widths.
  const words = letters.filter((l) => l.startsWord).length + 1;
  const natural = letters.reduce((sum, l) => sum + letterWidth(l.char), 0) + LETTER_GAP * (n - words) + WORD_GAP * (words - 1);
  const height = (groups[m - 1].X1 - groups[0].X0) / natural;
  const wordGap = WORD_GAP_SHARE * height;
  const widthCost = (width: number, letterHeights: number, spread = WIDTH_SPREAD) => {
    const d = Math.log(Math.max(width, 1e-6) / (letterHeights * height)) / spread;
    return d * d;
  };
  // The gap before group j, taken by letter i: a word's where a word begins, a letter's elsewhere.
  const gapCost = (j: number, i: number) => {
    if (j === 0 || i === 0) return 0;
    const gap = groups[j].X0 - groups[j - 1].X1;
    const off = letters[i].startsWord ? wordGap - gap : gap - wordGap;
    return off > 0 ? (off / (GAP_SPREAD * wordGap)) ** 2 : 0;
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
      if (i < n && j < m) relax(at + cols + 1, c + widthCost(groups[j].X1 - groups[j].X0, letterWidth(letters[i].char)) + gapCost(j, i) + shapeCost(i, j), 'match');
      if (i < n && j + 1 < m) relax(at + cols + 2, c + MERGE_COST + widthCost(groups[j + 1].X1 - groups[j].X0, letterWidth(letters[i].char), PIECES_WIDTH_SPREAD) + gapCost(j, i), 'merge');
      if (i + 1 < n && j < m) {
        const both = letterWidth(letters[i].char) + LETTER_GAP + letterWidth(letters[i + 1].char);
        relax(at + 2 * cols + 1, c + TOUCH_COST + widthCost(groups[j].X1 - groups[j].X0, both, PIECES_WIDTH_SPREAD) + gapCost(j, i), 'touch');
      }
      if (i < n) relax(at + cols, c + MISSING_COST, 'missing');
      if (i + 1 < n && j < m) {
        const rest = widthCost(groups[j].X1 - groups[j].X0, letterWidth(letters[i + 1].char)) + holeCost(j, i) + shapeCost(i + 1, j);
        relax(at + 2 * cols + 1, c + MISSING_COST + rest, 'hole');
      }
      if (j < m) relax(at + 1, c + EXTRA_COST, 'extra');
    }
  }
  // Back from the end: the steps taken, then the letters and extra ink in order.
  const steps: Step[] = [];
  for (let i = n, j = m; i > 0 || j > 0; ) {
    const s = step[i * cols + j];
    steps.push(s);
    i -= s === 'touch' || s === 'hole' ? 2 : s === 'extra' ? 0 : 1;
    j -= s === 'merge' ? 2 : s === 'missing' ? 0 : 1;
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
    } else if (s === 'missing') aligned.push({ op: 'missing', groups: [] });
    else if (s === 'hole') aligned.push({ op: 'missing', groups: [] }, { op: 'match', groups: [groups[j++]] });
    else extra.push({ group: groups[j++], after: aligned.length - 1 });
  }
  return { letters: aligned, extra };
}
