// One physical scroll: where each of the 713 letters sits, how big, how turned,
// how dark, on which parchment. Pure numbers, no pixels, so fingerprints can be
// synthesised from the layout of many scrolls without rendering any of them.

import { loadGlyphSet } from './glyphs.ts';
import type { FontName } from './glyphs.ts';
import {
  CROWNED_LETTERS,
  DILATABLE_LETTERS,
  LAST_LINE,
  MEZUZAH_LETTERS,
  MEZUZAH_LINES,
  PARAGRAPH_END_LINE,
} from './mezuzah-text.ts';
import type { TextLetter } from './mezuzah-text.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Random } from './random.ts';
import type { Rgb, Scribe } from './scribe.ts';

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

export type Stain = {
  readonly kind: 'blotch' | 'ring' | 'fox';
  readonly x: number;
  readonly y: number;
  readonly rx: number;
  readonly ry: number;
  readonly angle: number;
  readonly strength: number;
  readonly rgb: Rgb;
};

export type ParchmentEdges = {
  /** Spacing of the samples, mm. */
  readonly stepMm: number;
  /** Inward offsets of each edge, mm: top and bottom sampled along x, left and right along y. */
  readonly top: readonly number[];
  readonly bottom: readonly number[];
  readonly left: readonly number[];
  readonly right: readonly number[];
  /** Size of the diagonal cut at each corner (top-left, top-right, bottom-right, bottom-left), mm. */
  readonly corners: readonly [number, number, number, number];
};

export type Parchment = {
  readonly rgb: Rgb;
  readonly textureSeed: number;
  /** Strength of low-frequency mottling, hair-side veins, fine grain and fibres (fractions of brightness). */
  readonly mottle: number;
  readonly veins: number;
  readonly grain: number;
  readonly fibres: number;
  /** Darkening of the scored ruling lines. */
  readonly ruling: number;
  /** Darkening and yellowing near the edges. */
  readonly edgeTone: number;
  readonly stains: readonly Stain[];
  readonly edges: ParchmentEdges;
};

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

type Draft = {
  readonly text: TextLetter;
  sx: number;
  sy: number;
  advance: number;
  gapAfter: number;
  rotationDeg: number;
  shear: number;
  stretched: boolean;
};

function linesOf(): readonly (readonly TextLetter[])[] {
  const lines: TextLetter[][] = MEZUZAH_LINES.map(() => []);
  for (const letter of MEZUZAH_LETTERS) lines[letter.line].push(letter);
  return lines;
}
const TEXT_LINES = linesOf();

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
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

function makeEdge(rnd: Random, lengthMm: number, stepMm: number): number[] {
  const n = Math.ceil(lengthMm / stepMm) + 1;
  const waves = Array.from({ length: 4 }, (_, i) => ({
    amplitude: rnd.uniform(0.02, 0.18) / (i + 1),
    period: rnd.uniform(8, 60) / (i + 1),
    phase: rnd.uniform(0, 2 * Math.PI),
  }));
  const base = rnd.uniform(0.2, 0.8);
  const roughness = rnd.uniform(0.005, 0.03);
  const edge: number[] = [];
  let walk = 0;
  for (let i = 0; i < n; i++) {
    const x = i * stepMm;
    let offset = base;
    for (const w of waves) offset += w.amplitude * Math.sin((2 * Math.PI * x) / w.period + w.phase);
    walk = walk * 0.9 + rnd.uniform(-1.7, 1.7) * roughness;
    edge.push(Math.max(0, offset + walk));
  }
  // An occasional nick where the parchment was cut unevenly.
  if (rnd.chance(0.15)) {
    const at = rnd.int(2, n - 3);
    const depth = rnd.uniform(0.3, 1.0);
    const half = rnd.int(3, 8);
    for (let i = Math.max(0, at - half); i <= Math.min(n - 1, at + half); i++) {
      edge[i] += depth * (1 - Math.abs(i - at) / (half + 1));
    }
  }
  return edge;
}

function makeParchment(scribe: Scribe, rnd: Random, widthMm: number, heightMm: number): Parchment {
  const stepMm = 0.75;
  const stains: Stain[] = [];
  const blotches = rnd.weighted([
    [0, 3],
    [1, 3],
    [2, 2],
    [3, 1],
  ]);
  for (let i = 0; i < blotches; i++) {
    const r = rnd.uniform(0.04, 0.2) * widthMm;
    stains.push({
      kind: rnd.chance(0.4) ? 'ring' : 'blotch',
      x: rnd.uniform(0, widthMm),
      y: rnd.uniform(0, heightMm),
      rx: r,
      ry: r * rnd.uniform(0.5, 1.4),
      angle: rnd.uniform(0, Math.PI),
      strength: rnd.uniform(0.02, 0.08),
      rgb: [rnd.uniform(0.85, 0.97), rnd.uniform(0.78, 0.93), rnd.uniform(0.6, 0.85)],
    });
  }
  const foxing = rnd.chance(0.35) ? rnd.int(3, 25) : 0;
  for (let i = 0; i < foxing; i++) {
    const r = rnd.uniform(0.15, 0.7);
    stains.push({
      kind: 'fox',
      x: rnd.uniform(0, widthMm),
      y: rnd.uniform(0, heightMm),
      rx: r,
      ry: r * rnd.uniform(0.6, 1.3),
      angle: rnd.uniform(0, Math.PI),
      strength: rnd.uniform(0.05, 0.25),
      rgb: [rnd.uniform(0.8, 0.92), rnd.uniform(0.62, 0.75), rnd.uniform(0.45, 0.6)],
    });
  }
  // Most corners are cut square; some lose a diagonal sliver.
  const corner = (): number => (rnd.chance(0.3) ? rnd.uniform(0.5, 3) : rnd.uniform(0, 0.4));
  const tone = scribe.parchmentRgb;
  const shift = rnd.normal(0, 2.5);
  return {
    rgb: [clamp(tone[0] + shift + rnd.normal(0, 1.5), 150, 252), clamp(tone[1] + shift + rnd.normal(0, 1.5), 150, 252), clamp(tone[2] + shift + rnd.normal(0, 2.5), 130, 250)],
    textureSeed: deriveSeed(rnd.next(), 'texture'),
    mottle: rnd.uniform(0.01, 0.045),
    veins: rnd.uniform(0.0, 0.05),
    grain: rnd.uniform(0.01, 0.035),
    fibres: rnd.uniform(0.0, 0.015),
    ruling: rnd.uniform(0.0, 0.07),
    edgeTone: rnd.uniform(0.0, 0.08),
    stains,
    edges: {
      stepMm,
      top: makeEdge(rnd.fork('top'), widthMm, stepMm),
      bottom: makeEdge(rnd.fork('bottom'), widthMm, stepMm),
      left: makeEdge(rnd.fork('left'), heightMm, stepMm),
      right: makeEdge(rnd.fork('right'), heightMm, stepMm),
      corners: [corner(), corner(), corner(), corner()],
    },
  };
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

  const placements: LetterPlacement[] = [];
  const lines: ScrollLine[] = [];
  const ink = rnd.fork('ink');
  let load = 1;
  let sinceDip = 0;
  let nextDip = scribe.ink.dipInterval;

  TEXT_LINES.forEach((letters, line) => {
    const lr = rnd.fork('line', line);
    const drafts: Draft[] = letters.map((text) => {
      const habit = scribe.letterForms[text.char];
      const large = text.large ? scribe.largeLetterScale : 1;
      const sx = habit.widthScale * widthScale * lr.clampedNormal(1, scribe.jitter.scale) * large;
      const sy = habit.heightScale * lr.clampedNormal(1, scribe.jitter.scale * 0.7) * large;
      const wordGap = scribe.wordGap * lh * lr.clampedNormal(1, 0.15);
      const letterGap = scribe.letterGap * lh * Math.max(0.2, lr.clampedNormal(1, 0.25));
      return {
        text,
        sx,
        sy,
        advance: glyphs.glyph(text.char).advance * em * sx,
        gapAfter: text.wordEnd ? wordGap : letterGap,
        rotationDeg: habit.rotationDeg + lr.clampedNormal(0, scribe.jitter.rotationDeg),
        shear: slant + habit.shear + lr.clampedNormal(0, scribe.jitter.shear),
        stretched: false,
      };
    });
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

      if (sinceDip >= nextDip) {
        load = 1;
        sinceDip = 0;
        nextDip = scribe.ink.dipInterval * ink.uniform(0.6, 1.4);
      }
      const darkness = clamp(scribe.ink.darkness * (1 - scribe.ink.fade * (1 - load)) * ink.clampedNormal(1, 0.04), 0.45, 1);
      load = Math.max(0, 1 - sinceDip / nextDip);
      sinceDip++;

      const bodyX = g.advance / 2;
      const bodyY = -glyphs.letterHeight / 2;
      placements.push({
        index: d.text.index,
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
        weightMm: Math.max(0, scribe.stroke * lh * ink.clampedNormal(0.7 + 0.6 * load, 0.2)),
      });
      endX = originX;
      cursor -= d.advance + d.gapAfter;
    });
    lines.push({ index: line, ruleY, startX: lineStart, endX });
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
