// One physical scroll: where each of the 713 letters sits, how big, how turned,
// how dark, on which parchment. Pure numbers, no pixels, so fingerprints can be
// synthesised from the layout of many scrolls without rendering any of them.

import { loadGlyphSet } from './glyphs.ts';
import type { FontName } from './glyphs.ts';
import { LAST_LINE, PARAGRAPH_END_LINE } from './mezuzah-text.ts';
import { makeParchment } from './parchment.ts';
import type { Parchment } from './parchment.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Rgb, Scribe } from './scribe.ts';
import { clamp, draftLetter, inkLetter, placeLine, TEXT_LINES } from './write-line.ts';
import type { Page, Pen } from './write-line.ts';

export type { Parchment, ParchmentEdges, Stain } from './parchment.ts';

/** An affine map [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Affine = readonly [number, number, number, number, number, number];

export type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number };

export type LetterPlacement = {
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
};

/**
 * One scroll written by `scribe`. Cheap (no pixels): about 713 letters of
 * arithmetic, so millions of layouts can be drawn for fingerprint statistics.
 */
export function makeScroll(scribe: Scribe, seed: number): Scroll {
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
  const placements: LetterPlacement[] = [];
  const lines: ScrollLine[] = [];
  TEXT_LINES.forEach((letters, line) => {
    const lr = rnd.fork('line', line);
    const drafts = letters.map((text) => draftLetter(page, text, lr));
    const written = placeLine(page, line, drafts, lr, () => inkLetter(page, pen));
    placements.push(...written.placements);
    lines.push(written.line);
  });

  const blots: Blot[] = [];
  const blotCount = Math.floor(scribe.ink.blotRate * rnd.uniform(0, 1.6));
  for (let i = 0; i < blotCount; i++) {
    const at = placements[rnd.int(0, placements.length - 1)];
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
  };
}
