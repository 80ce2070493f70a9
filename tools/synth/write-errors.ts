// A line written with errors (text-errors.ts): the correct letters are drafted
// first exactly as on a clean scroll, then the scribe's slip is made — a letter
// dropped, added, written as its look-alike or swapped with its neighbour, two
// letters written close and joined, a word dropped or written twice — and the
// line is justified and placed as any other, so the spacing adjusts as the
// scribe's would. What an error adds (a letter, a word, a join, a cut) draws from
// the error's own stream; the pen is advanced for every letter of the correct
// text, written or not, so every other line is inked as on the clean scroll.

import { facingRows, strokeCuts } from './glyph-strokes.ts';
import { MEZUZAH_LETTERS } from './mezuzah-text.ts';
import type { TextLetter } from './mezuzah-text.ts';
import type { Random } from './random.ts';
import type { LetterPlacement, ScrollError, ScrollLine } from './scroll.ts';
import type { TextError, WrittenLetter, WrittenText } from './text-errors.ts';
import { clamp, clearDrafts, draftLetter, inkLetter, placeLine } from './write-line.ts';
import type { Clearances, Draft, Page, Pen } from './write-line.ts';

/** Touching letters are written this close: a share of the scribe's gap between them. */
const TOUCHING_GAP = 0.3;
/** Rows within this many letter heights of the closest facing ones are where a join may fall. */
const JOIN_ROWS = 0.08;

/** The pen's darkness and weight for a letter the scribe added: from the pen's present load, jittered on the error's stream, the pen not advanced. */
function inkAdded(page: Page, pen: Pen, er: Random): { darkness: number; weightMm: number } {
  const { scribe, lh } = page;
  const darkness = clamp(scribe.ink.darkness * (1 - scribe.ink.fade * (1 - pen.load)) * er.clampedNormal(1, 0.04), 0.45, 1);
  return { darkness, weightMm: Math.max(0, scribe.stroke * lh * er.clampedNormal(0.7 + 0.6 * pen.load, 0.2)) };
}

/** The hand's draft of the letter written at `w`: the correct letter's own draft when it is written, adjusted to the form actually written. */
function writtenDraft(page: Page, w: WrittenLetter, text: TextLetter, own: { draft: Draft; gaps: { word: number; letter: number } } | null, er: Random): Draft {
  if (!own) return draftLetter(page, text, er);
  const { draft, gaps } = own;
  const gapAfter = text.wordEnd ? gaps.word : gaps.letter;
  if (draft.text.char === w.char) return { ...draft, text, gapAfter };
  // A look-alike: this place's jitter, the scribe's habit for the form written.
  const from = page.scribe.letterForms[draft.text.char];
  const to = page.scribe.letterForms[w.char];
  const sx = (draft.sx / from.widthScale) * to.widthScale;
  return {
    text,
    sx,
    sy: (draft.sy / from.heightScale) * to.heightScale,
    advance: page.glyphs.glyph(w.char).advance * page.em * sx,
    gapAfter,
    rotationDeg: draft.rotationDeg - from.rotationDeg + to.rotationDeg,
    shear: draft.shear - from.shear + to.shear,
    stretched: false,
  };
}

/**
 * Writes line `line` as `written` has it (positions `first`.. of the scroll's
 * letters). `added()` numbers the letters the scribe added (713 on).
 * `clearances` moves letters apart where the scribe kept them apart.
 */
export function writeLineWithErrors(
  page: Page,
  pen: Pen,
  line: number,
  letters: readonly TextLetter[],
  lr: Random,
  written: WrittenText,
  first: number,
  touching: ReadonlySet<number>,
  er: Random,
  added: () => number,
  clearances: Clearances,
): { placements: LetterPlacement[]; line: ScrollLine } {
  // The correct letters' drafts, drawn as on a clean scroll (the line's stream in the same order).
  const own = new Map(
    letters.map((text) => {
      const gaps = { word: 0, letter: 0 };
      return [text.index, { draft: draftLetter(page, text, lr, gaps), gaps }] as const;
    }),
  );
  const mine = written.letters.filter((w) => w.line === line);
  const drafts = mine.map((w, k) => {
    const near = MEZUZAH_LETTERS[w.near];
    const text: TextLetter = {
      index: w.near,
      char: w.char,
      line,
      word: near.word,
      wordInLine: w.wordInLine,
      letterInWord: w.letterInWord,
      wordEnd: w.wordEnd,
      large: w.source !== null && MEZUZAH_LETTERS[w.source].large,
    };
    const draft = writtenDraft(page, w, text, w.source === null ? null : own.get(w.source)!, er);
    if (touching.has(first + k)) draft.gapAfter *= TOUCHING_GAP;
    return draft;
  });
  clearDrafts(page, drafts, first, clearances);
  const result = placeLine(
    page,
    line,
    drafts,
    lr,
    (k) => (mine[k].source === null ? inkAdded(page, pen, er) : inkLetter(page, pen)),
    (k) => mine[k].source ?? added(),
  );
  // The pen moves on for each correct letter left out, as if it had been written.
  const dropped = letters.length - mine.filter((w) => w.source !== null).length;
  for (let i = 0; i < dropped; i++) inkLetter(page, pen);
  return result;
}

/** The join of touching letters at `a` and `b` (a written first): a stroke between their facing strokes, at a height where they face closely. */
function joinOf(page: Page, a: LetterPlacement, b: LetterPlacement, er: Random): NonNullable<ScrollError['join']> {
  const rows = facingRows(page.glyphs.name, a.char, b.char);
  if (rows.length === 0) throw new Error(`${a.char} and ${b.char} do not face each other anywhere in the letter body`);
  const closest = Math.min(...rows.map((r) => r.distance));
  const near = rows.filter((r) => r.distance <= closest + JOIN_ROWS * page.glyphs.letterHeight);
  const row = er.pick(near);
  return { from: [row.rightX, row.y], to: [row.leftX, row.y], widthMm: page.lh * er.uniform(0.07, 0.1) };
}

/** The cut of a broken letter: across one of its strokes, chosen on the error's stream. */
function cutOf(page: Page, letter: LetterPlacement, er: Random): NonNullable<ScrollError['cut']> {
  const cuts = strokeCuts(page.glyphs.name, letter.char);
  if (cuts.length === 0) throw new Error(`${letter.char} has no stroke that breaks it in two (in ${page.glyphs.name})`);
  const cut = er.pick(cuts);
  return { from: cut.from, to: cut.to, gapMm: page.lh * er.uniform(0.09, 0.14) };
}

/** Each error with the letters that show it, and the join or cut the render draws for it. */
export function placeErrors(page: Page, errors: readonly TextError[], written: WrittenText, placements: readonly LetterPlacement[], er: Random): ScrollError[] {
  return errors.map((error, n) => {
    const letters = written.shown[n];
    const own = er.fork('error', n);
    if (error.kind === 'touching_letters') return { error, letters, join: joinOf(page, placements[letters[0]], placements[letters[1]], own) };
    if (error.kind === 'broken_letter') return { error, letters, cut: cutOf(page, placements[letters[0]], own) };
    return { error, letters };
  });
}
