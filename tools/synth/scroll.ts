// One physical scroll: where each of the 713 letters sits, how big, how turned,
// how dark, on which parchment. Pure numbers, no pixels, so fingerprints can be
// synthesised from the layout of many scrolls without rendering any of them.

import { loadGlyphSet } from './glyphs.ts';
import type { FontName } from './glyphs.ts';
import { LAST_LINE, MEZUZAH_LETTER_COUNT, PARAGRAPH_END_LINE } from './mezuzah-text.ts';
import { makeParchment } from './parchment.ts';
import type { Parchment } from './parchment.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Rgb, Scribe } from './scribe.ts';
import { writeText } from './text-errors.ts';
import type { TextError } from './text-errors.ts';
import { placeErrors, writeLineWithErrors } from './write-errors.ts';
import { clamp, clearDrafts, draftLetter, inkLetter, NO_CLEARANCES, placeLine, TEXT_LINES } from './write-line.ts';
import type { Clearances, Draft, Page, Pen } from './write-line.ts';

export type { Parchment, ParchmentEdges, Stain } from './parchment.ts';

/** An affine map [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Affine = readonly [number, number, number, number, number, number];

export type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number };

export type LetterPlacement = {
  /** The letter of the text this is (0..712, its position on a scroll without errors); a letter an error added is numbered from 713. */
  readonly index: number;
  readonly char: string;
  readonly line: number;
  readonly word: number;
  /** From the glyph's font units (y down, origin on the baseline) to parchment millimetres. */
  readonly transform: Affine;
  /** Axis-aligned box of the letter's ink on the parchment, mm from its top-left corner. */
  readonly box: Box;
  /** Centre of the letter body (not of the descender or ascender), mm. */
  readonly cx: number;
  readonly cy: number;
  readonly rotationDeg: number;
  /** Horizontal scale against the font (1 = the face's own width; stretched letters exceed the scribe's usual). */
  readonly scaleX: number;
  readonly scaleY: number;
  readonly stretched: boolean;
  readonly large: boolean;
  readonly crowned: boolean;
  /** Ink darkness, 0 (none) to 1 (fully opaque ink). */
  readonly ink: number;
  /** Extra stroke weight, mm. */
  readonly weightMm: number;
  /** On a scroll written with errors only: the letter's word in the written line and its place in that word, 0-based. */
  readonly written?: { readonly word: number; readonly letter: number };
};

type Point = readonly [number, number];

/** An error as written on a scroll: the letters that show it and, for a join or a break, the ink the render adds or cuts. */
export type ScrollError = {
  readonly error: TextError;
  /** Positions in `letters` of the letters that show it (for a missing letter or word, those either side of the gap). */
  readonly letters: readonly number[];
  /** Touching letters: a stroke from a point of the first letter's ink to one of the second's, each in that letter's font units. */
  readonly join?: { readonly from: Point; readonly to: Point; readonly widthMm: number };
  /** A broken letter: a cut across one of its strokes (font units), reaching past the stroke's sides, leaving a gap `gapMm` wide. */
  readonly cut?: { readonly from: Point; readonly to: Point; readonly gapMm: number };
};

export type ScrollLine = {
  readonly index: number;
  /** The scored ruling line the letters hang from, mm from the top. */
  readonly ruleY: number;
  /** Right (first letter) and left (last letter) ends of the written line, mm. */
  readonly startX: number;
  readonly endX: number;
};

export type Blot = { readonly x: number; readonly y: number; readonly radiusMm: number; readonly darkness: number };

export type Scroll = {
  readonly id: string;
  readonly seed: number;
  readonly scribeId: string;
  readonly font: FontName;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly letterHeightMm: number;
  readonly linePitchMm: number;
  readonly letters: readonly LetterPlacement[];
  readonly lines: readonly ScrollLine[];
  readonly ink: {
    readonly rgb: Rgb;
    /** Height of the crowns (tagin) as a fraction of the letter height. */
    readonly crownScale: number;
    /** Nib thickening of horizontal strokes and ink spread into the parchment, mm. */
    readonly nibMm: number;
    readonly bleedMm: number;
    /** Strength of the unevenness of ink within strokes. */
    readonly patchiness: number;
    readonly blots: readonly Blot[];
  };
  readonly parchment: Parchment;
  /** Only on a scroll written with errors: each error, in the order given. */
  readonly errors?: readonly ScrollError[];
};

/**
 * One scroll written by `scribe`. Cheap (no pixels): about 713 letters of
 * arithmetic, so millions of layouts can be drawn for fingerprint statistics.
 * With `errors`, the same scroll with the text written as they say (every
 * line without one is as on the clean scroll); without, exactly as before they existed.
 * `clearances` (keep-apart.ts) moves letters whose ink met apart; without, the hand as it comes.
 */
export function makeScroll(scribe: Scribe, seed: number, errors: readonly TextError[] = [], clearances: Clearances = NO_CLEARANCES): Scroll {
  const rnd = createRandom(deriveSeed('scroll', scribe.seed, seed));
  const glyphs = loadGlyphSet(scribe.font);
  const widthMm = scribe.parchmentWidthMm * rnd.uniform(0.985, 1.015);
  const heightMm = scribe.parchmentHeightMm * rnd.uniform(0.985, 1.015);
  const margin = (fraction: number, of: number): number => fraction * of * rnd.uniform(0.88, 1.12);
  const top = margin(scribe.margins.top, heightMm);
  const bottom = margin(scribe.margins.bottom, heightMm);
  const right = margin(scribe.margins.right, widthMm);
  const left = margin(scribe.margins.left, widthMm);
  const columnRight = widthMm - right;
  const columnWidth = widthMm - right - left;
  const bodyRatio = scribe.bodyRatio * rnd.uniform(0.97, 1.03);
  const pitch = (heightMm - top - bottom) / (LAST_LINE + bodyRatio);
  const lh = pitch * bodyRatio;
  const em = lh / glyphs.letterHeight;
  const slant = Math.tan((scribe.slantDeg * Math.PI) / 180);

  // The width the scribe gives letters: chosen so that a typical line, at the
  // scribe's own spacing, fills slightly less than the column (lines are then justified).
  let advances = 0;
  let gaps = 0;
  let lineCount = 0;
  TEXT_LINES.forEach((letters, line) => {
    if (line === PARAGRAPH_END_LINE || line === LAST_LINE) return;
    lineCount++;
    for (const l of letters) {
      const habit = scribe.letterForms[l.char];
      advances += glyphs.glyph(l.char).advance * em * habit.widthScale * (l.large ? scribe.largeLetterScale : 1);
    }
    gaps += (letters.length - letters[letters.length - 1].wordInLine - 1) * scribe.letterGap * lh;
    gaps += letters[letters.length - 1].wordInLine * scribe.wordGap * lh;
  });
  const fill = rnd.uniform(0.93, 0.985);
  const widthScale = clamp((fill * columnWidth * lineCount - gaps) / advances, 0.55, 1.8);

  const page: Page = { scribe, glyphs, lh, em, pitch, top, columnRight, columnWidth, widthScale, slant };
  const pen: Pen = { ink: rnd.fork('ink'), load: 1, sinceDip: 0, nextDip: scribe.ink.dipInterval };
  let placements: LetterPlacement[] = [];
  const lines: ScrollLine[] = [];
  // Errors draw from a stream of their own, so the clean scroll's draws never shift.
  const text = errors.length > 0 ? writeText(errors) : null;
  const er = createRandom(deriveSeed('scroll-errors', scribe.seed, seed));
  const touching = new Set(text ? errors.flatMap((e, n) => (e.kind === 'touching_letters' ? [text.shown[n][0]] : [])) : []);
  let added = MEZUZAH_LETTER_COUNT;
  TEXT_LINES.forEach((letters, line) => {
    const lr = rnd.fork('line', line);
    const first = placements.length;
    const clean = (): Draft[] => {
      const drafts = letters.map((t) => draftLetter(page, t, lr));
      clearDrafts(page, drafts, first, clearances);
      return drafts;
    };
    const written =
      text && text.lines.has(line)
        ? writeLineWithErrors(page, pen, line, letters, lr, text, first, touching, er.fork('line', line), () => added++, clearances)
        : placeLine(page, line, clean(), lr, () => inkLetter(page, pen));
    placements.push(...written.placements);
    lines.push(written.line);
  });
  if (text) placements = placements.map((p, k) => ({ ...p, written: { word: text.letters[k].wordInLine, letter: text.letters[k].letterInWord } }));

  const blots: Blot[] = [];
  const blotCount = Math.floor(scribe.ink.blotRate * rnd.uniform(0, 1.6));
  for (let i = 0; i < blotCount; i++) {
    const at = blotted(placements, rnd.int(0, MEZUZAH_LETTER_COUNT - 1));
    blots.push({
      x: at.box.x + rnd.uniform(0, at.box.width),
      y: at.box.y + rnd.uniform(0, at.box.height),
      radiusMm: lh * rnd.uniform(0.05, 0.16),
      darkness: rnd.uniform(0.7, 1),
    });
  }

  return {
    id: `s${(deriveSeed(scribe.seed, seed) >>> 0).toString(16).padStart(8, '0')}`,
    seed,
    scribeId: scribe.id,
    font: scribe.font,
    widthMm,
    heightMm,
    letterHeightMm: lh,
    linePitchMm: pitch,
    letters: placements,
    lines,
    ink: {
      rgb: scribe.ink.rgb,
      crownScale: scribe.crownScale,
      nibMm: scribe.nib * lh * rnd.uniform(0.85, 1.15),
      bleedMm: lh * rnd.uniform(0.003, 0.015),
      patchiness: rnd.uniform(0.02, 0.12),
      blots,
    },
    parchment: makeParchment(scribe, rnd.fork('parchment'), widthMm, heightMm),
    ...(text ? { errors: placeErrors(page, errors, text, placements, er.fork('marks')) } : {}),
  };
}

/** The letter a blot falls on: the text's letter `index`, or the next one written when an error left it out. */
function blotted(placements: readonly LetterPlacement[], index: number): LetterPlacement {
  if (placements[index]?.index === index) return placements[index];
  return placements.find((p) => p.index >= index && p.index < MEZUZAH_LETTER_COUNT) ?? placements[placements.length - 1];
}
