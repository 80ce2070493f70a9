// How a scribe writes one line: each letter drafted at the hand's size, turn
// and shear with this scroll's jitter, the line justified (stretched letters,
// widened or tightened gaps), then every letter placed along a drifting
// baseline and inked by the pen's load since its last dip. Every draw comes
// from the line's own stream (and the pen's), in a fixed order.

import type { GlyphSet } from './glyphs.ts';
import { CROWNED_LETTERS, DILATABLE_LETTERS, LAST_LINE, MEZUZAH_LETTERS, MEZUZAH_LINES, PARAGRAPH_END_LINE } from './mezuzah-text.ts';
import type { TextLetter } from './mezuzah-text.ts';
import type { Random } from './random.ts';
import type { Scribe } from './scribe.ts';
import type { Affine, Box, LetterPlacement, ScrollLine } from './scroll.ts';

/** The text's letters, line by line. */
export const TEXT_LINES: readonly (readonly TextLetter[])[] = (() => {
  const lines: TextLetter[][] = MEZUZAH_LINES.map(() => []);
  for (const letter of MEZUZAH_LETTERS) lines[letter.line].push(letter);
  return lines;
})();

/** What the whole scroll's lines share: the hand, the glyphs and the column, in millimetres. */
export type Page = {
  readonly scribe: Scribe;
  readonly glyphs: GlyphSet;
  /** Letter body height and font units to millimetres. */
  readonly lh: number;
  readonly em: number;
  readonly pitch: number;
  readonly top: number;
  readonly columnRight: number;
  readonly columnWidth: number;
  /** The letters' width against the scribe's habit, chosen for the whole scroll. */
  readonly widthScale: number;
  /** Tan of the scribe's slant. */
  readonly slant: number;
};

/**
 * How a scribe who keeps every letter apart moved this scroll's letters where
 * their ink met (keep-apart.ts): per position in the scroll's letters, extra
 * space after the letter (letter heights) and a factor on its height. Empty
 * for every scroll but a text set's, which must be clean where it says so.
 */
export type Clearances = ReadonlyMap<number, { readonly gapAfter: number; readonly height: number }>;
export const NO_CLEARANCES: Clearances = new Map();

/** Applies `clearances` to the drafts of a line whose first letter is the scroll's `first`. */
export function clearDrafts(page: Page, drafts: Draft[], first: number, clearances: Clearances): void {
  if (clearances.size === 0) return;
  drafts.forEach((d, k) => {
    const c = clearances.get(first + k);
    if (!c) return;
    d.gapAfter += c.gapAfter * page.lh;
    d.sy *= c.height;
  });
}

/** The pen: how much ink it holds, carried from line to line. */
export type Pen = { readonly ink: Random; load: number; sinceDip: number; nextDip: number };

/** One letter before it is placed. */
export type Draft = {
  readonly text: TextLetter;
  sx: number;
  sy: number;
  advance: number;
  gapAfter: number;
  rotationDeg: number;
  shear: number;
  stretched: boolean;
};

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** A letter at the hand's size and turn with this scroll's jitter; `gaps` receives both gaps drawn (the one after it depends on where words end). */
export function draftLetter(page: Page, text: TextLetter, lr: Random, gaps?: { word: number; letter: number }): Draft {
  const { scribe, glyphs, lh } = page;
  const habit = scribe.letterForms[text.char];
  const large = text.large ? scribe.largeLetterScale : 1;
  const sx = habit.widthScale * page.widthScale * lr.clampedNormal(1, scribe.jitter.scale) * large;
  const sy = habit.heightScale * lr.clampedNormal(1, scribe.jitter.scale * 0.7) * large;
  const wordGap = scribe.wordGap * lh * lr.clampedNormal(1, 0.15);
  const letterGap = scribe.letterGap * lh * Math.max(0.2, lr.clampedNormal(1, 0.25));
  if (gaps) {
    gaps.word = wordGap;
    gaps.letter = letterGap;
  }
  return {
    text,
    sx,
    sy,
    advance: glyphs.glyph(text.char).advance * page.em * sx,
    gapAfter: text.wordEnd ? wordGap : letterGap,
    rotationDeg: habit.rotationDeg + lr.clampedNormal(0, scribe.jitter.rotationDeg),
    shear: page.slant + habit.shear + lr.clampedNormal(0, scribe.jitter.shear),
    stretched: false,
  };
}

/** Spreads `amount` over the dilatable letters nearest the end of the line; returns what did not fit. */
function stretchLetters(drafts: Draft[], amount: number, maxFactor: number, rnd: Random, favour: readonly number[]): number {
  // A scribe stretches mostly the same letters: `favour` (the scribe's) says how
  // much they like each one, this scroll's draw decides.
  const candidates: Draft[] = [];
  for (let k = drafts.length - 1; k >= 0 && candidates.length < 4; k--) {
    const d = drafts[k];
    if (!DILATABLE_LETTERS.has(d.text.char) || d.text.large) continue;
    const favoured = favour[d.text.index] < (d.text.wordEnd ? 0.75 : 0.35);
    if (rnd.chance(favoured ? 0.9 : 0.12)) candidates.push(d);
  }
  if (candidates.length === 0) return amount;
  const count = clamp(Math.ceil(amount / (drafts[0].advance * 0.6)), 1, candidates.length);
  let left = amount;
  for (let i = 0; i < count; i++) {
    const d = candidates[i];
    const share = left / (count - i);
    const extra = Math.min(share, d.advance * (maxFactor - 1));
    const factor = (d.advance + extra) / d.advance;
    d.sx *= factor;
    d.advance += extra;
    d.stretched = factor > 1.05;
    left -= extra;
  }
  return left;
}

function compose(letterHeightMm: number, em: number, d: Draft, originX: number, baseline: number): Affine {
  // Scale the outline, shear it, then turn it about the centre of its body.
  const a0 = em * d.sx;
  const d0 = em * d.sy;
  const c0 = -d.shear * d0; // x' = a0·x + c0·y: with y up being negative, a positive shear leans tops right
  const theta = (d.rotationDeg * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const pivotX = d.advance / 2;
  const pivotY = -letterHeightMm / 2;
  // p' = R·(M·p − pivot) + pivot + origin
  const a = cos * a0;
  const b = sin * a0;
  const c = cos * c0 - sin * d0;
  const dd = sin * c0 + cos * d0;
  const e = -(cos * pivotX - sin * pivotY) + pivotX + originX;
  const f = -(sin * pivotX + cos * pivotY) + pivotY + baseline;
  return [a, b, c, dd, e, f];
}

function boxOf(t: Affine, left: number, top: number, right: number, bottom: number): Box {
  // The four corners of the glyph's box, mapped; written out to allocate nothing.
  const ax = t[0] * left + t[2] * top + t[4];
  const ay = t[1] * left + t[3] * top + t[5];
  const bx = t[0] * right + t[2] * top + t[4];
  const by = t[1] * right + t[3] * top + t[5];
  const cx = t[0] * left + t[2] * bottom + t[4];
  const cy = t[1] * left + t[3] * bottom + t[5];
  const dx = t[0] * right + t[2] * bottom + t[4];
  const dy = t[1] * right + t[3] * bottom + t[5];
  const minX = Math.min(ax, bx, cx, dx);
  const minY = Math.min(ay, by, cy, dy);
  return { x: minX, y: minY, width: Math.max(ax, bx, cx, dx) - minX, height: Math.max(ay, by, cy, dy) - minY };
}

/** The pen's darkness for the next letter, and its stroke weight; advances the pen by one letter. */
export function inkLetter(page: Page, pen: Pen): { darkness: number; weightMm: number } {
  const { scribe } = page;
  const { ink } = pen;
  if (pen.sinceDip >= pen.nextDip) {
    pen.load = 1;
    pen.sinceDip = 0;
    pen.nextDip = scribe.ink.dipInterval * ink.uniform(0.6, 1.4);
  }
  const darkness = clamp(scribe.ink.darkness * (1 - scribe.ink.fade * (1 - pen.load)) * ink.clampedNormal(1, 0.04), 0.45, 1);
  pen.load = Math.max(0, 1 - pen.sinceDip / pen.nextDip);
  pen.sinceDip++;
  return { darkness, weightMm: Math.max(0, scribe.stroke * page.lh * ink.clampedNormal(0.7 + 0.6 * pen.load, 0.2)) };
}

/**
 * Places the drafts of line `line`: justifies the line, then lays each letter
 * along the drifting baseline. `inkOf(k)` inks the k-th draft (the pen, unless
 * the letter is one an error added).
 */
export function placeLine(
  page: Page,
  line: number,
  drafts: Draft[],
  lr: Random,
  inkOf: (k: number) => { darkness: number; weightMm: number },
  indexOf: (k: number) => number = (k) => drafts[k].text.index,
): { placements: LetterPlacement[]; line: ScrollLine } {
  const { scribe, glyphs, lh, em, columnRight, columnWidth, top, pitch } = page;
  drafts[drafts.length - 1].gapAfter = 0;
  const natural = drafts.reduce((sum, d) => sum + d.advance + d.gapAfter, 0);
  const justified = line !== PARAGRAPH_END_LINE && line !== LAST_LINE;
  const startX = columnRight + lr.normal(0, scribe.drift.lineStart * lh);
  if (justified) {
    // Where this scribe tends to end this line, give or take this scroll's hand.
    const tendency = scribe.places.lineEnd[line] * (scribe.drift.lineEnd * lh * 0.8);
    const target = columnWidth + tendency + lr.normal(0, scribe.drift.lineEnd * lh * 0.6);
    let slack = target - natural;
    const wordGaps = drafts.filter((d) => d.text.wordEnd && d.gapAfter > 0);
    if (slack > 0) {
      const share = scribe.justification === 'stretch' ? 0.85 : scribe.justification === 'mixed' ? 0.5 : 0.05;
      const unstretched = stretchLetters(drafts, slack * share, scribe.stretchMax, lr, scribe.places.stretch);
      slack = slack * (1 - share) + unstretched;
      // The scribe's own way of spreading the remaining space, varied a little on each scroll.
      const weights = wordGaps.map((d) => scribe.places.gapShare[d.text.index] * lr.uniform(0.9, 1.1));
      const total = weights.reduce((s, w) => s + w, 0);
      wordGaps.forEach((d, i) => (d.gapAfter += (slack * weights[i]) / total));
    } else {
      // Too long: tighten the spacing first, then squeeze the letters.
      const gapTotal = drafts.reduce((s, d) => s + d.gapAfter, 0);
      const fromGaps = Math.min(-slack, gapTotal * 0.35);
      for (const d of drafts) d.gapAfter *= 1 - fromGaps / gapTotal;
      const remaining = -slack - fromGaps;
      const advanceTotal = drafts.reduce((s, d) => s + d.advance, 0);
      const squeeze = 1 - remaining / advanceTotal;
      for (const d of drafts) {
        d.sx *= squeeze;
        d.advance *= squeeze;
      }
    }
  }
  const lineStart = line === LAST_LINE && scribe.lastLine === 'middle' ? columnRight - (columnWidth - natural) / 2 : startX;

  // The hand drifts: a random walk of position and baseline along the line,
  // pulled back towards the ruling and the margin the scribe aims for.
  const n = drafts.length;
  const walkX: number[] = [0];
  const walkY: number[] = [0];
  for (let k = 1; k < n; k++) {
    walkX.push(walkX[k - 1] + lr.normal(0, scribe.drift.walk * lh));
    walkY.push(walkY[k - 1] * 0.93 + lr.normal(0, scribe.baseline.walk * lh));
  }
  const ruleY = top + line * pitch + lr.normal(0, 0.02 * lh);
  const slope = Math.tan((lr.normal(scribe.baseline.slopeDeg, scribe.baseline.slopeSdDeg) * Math.PI) / 180);
  const wavePhase = lr.uniform(0, 2 * Math.PI);
  const waveLength = scribe.baseline.waveLength * lh;
  const waveAmplitude = scribe.baseline.waveAmplitude * lh * lr.uniform(0.5, 1.5);
  const placements: LetterPlacement[] = [];
  let cursor = lineStart;
  let endX = lineStart;
  drafts.forEach((d, k) => {
    const g = glyphs.glyph(d.text.char);
    const bridge = justified ? (k / Math.max(1, n - 1)) * walkX[n - 1] : 0;
    const run = lineStart - cursor;
    const originX = cursor - d.advance + walkX[k] - bridge + lr.normal(0, scribe.jitter.position * lh);
    const habit = scribe.letterForms[d.text.char];
    const baseline =
      ruleY +
      lh +
      run * slope +
      waveAmplitude * Math.sin((2 * Math.PI * run) / waveLength + wavePhase) +
      walkY[k] +
      habit.drop * lh +
      lr.normal(0, scribe.baseline.jitter * lh);
    const transform = compose(lh, em, d, originX, baseline);
    const { darkness, weightMm } = inkOf(k);
    const bodyX = g.advance / 2;
    const bodyY = -glyphs.letterHeight / 2;
    placements.push({
      index: indexOf(k),
      char: d.text.char,
      line,
      word: d.text.word,
      transform,
      box: boxOf(transform, g.left, g.top, g.right, g.bottom),
      cx: transform[0] * bodyX + transform[2] * bodyY + transform[4],
      cy: transform[1] * bodyX + transform[3] * bodyY + transform[5],
      rotationDeg: d.rotationDeg,
      scaleX: d.sx,
      scaleY: d.sy,
      stretched: d.stretched,
      large: d.text.large,
      crowned: CROWNED_LETTERS.has(d.text.char),
      ink: darkness,
      weightMm,
    });
    endX = originX;
    cursor -= d.advance + d.gapAfter;
  });
  return { placements, line: { index: line, ruleY, startX: lineStart, endX } };
}
