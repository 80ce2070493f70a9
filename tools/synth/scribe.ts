// A scribe's hand: the habits every scroll they write shares. Two scrolls by one
// scribe ("siblings") draw their per-letter details independently but from these
// same habits, which is what makes them the hardest negatives for the engine.

import { SCRIBE_FONTS } from './glyphs.ts';
import type { FontName } from './glyphs.ts';
import { MEZUZAH_LETTERS, MEZUZAH_LINES } from './mezuzah-text.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Random } from './random.ts';

export type Rgb = readonly [number, number, number];

/** How this scribe draws one letter form, every time (multiplies the font's outline). */
export type LetterHabit = {
  readonly widthScale: number;
  readonly heightScale: number;
  /** Horizontal shear added to the scribe's slant, as tan of the angle. */
  readonly shear: number;
  readonly rotationDeg: number;
  /** Vertical offset of the letter, as a fraction of the letter height (down is positive). */
  readonly drop: number;
};

export type Justification = 'stretch' | 'spacing' | 'mixed';

export type Scribe = {
  readonly id: string;
  readonly seed: number;
  /** The face whose outlines the hand is modelled on. */
  readonly font: FontName;
  /** Nominal parchment the scribe cuts, in millimetres. */
  readonly parchmentWidthMm: number;
  readonly parchmentHeightMm: number;
  /** Margins as fractions of the parchment width (sides) and height (top, bottom). */
  readonly margins: { readonly top: number; readonly bottom: number; readonly right: number; readonly left: number };
  /** Letter body height as a fraction of the line pitch. */
  readonly bodyRatio: number;
  /** Gap between letters of a word and between words, as fractions of the letter height. */
  readonly letterGap: number;
  readonly wordGap: number;
  /** Overall slant of the hand, degrees (positive leans the tops to the left, towards the reading direction). */
  readonly slantDeg: number;
  /** Broad-nib thickening of horizontal strokes and uniform stroke weight, as fractions of the letter height. */
  readonly nib: number;
  readonly stroke: number;
  readonly crownScale: number;
  readonly largeLetterScale: number;
  readonly justification: Justification;
  /** How much wider than normal a dilated letter may become (1.6 = 60 % wider). */
  readonly stretchMax: number;
  /** Where "על הארץ" sits on the last line: at its head (the common custom) or in its middle. */
  readonly lastLine: 'start' | 'middle';
  /** Baseline habits, in fractions of the letter height. */
  readonly baseline: {
    readonly waveAmplitude: number;
    /** Wavelength of the baseline's undulation, in letter heights. */
    readonly waveLength: number;
    readonly walk: number;
    readonly jitter: number;
    /** Mean and spread of each line's slope, degrees. */
    readonly slopeDeg: number;
    readonly slopeSdDeg: number;
  };
  /** Spacing habits, in fractions of the letter height. */
  readonly drift: {
    /** Per-letter random-walk step of the horizontal position: the cumulative drift along a line. */
    readonly walk: number;
    readonly lineStart: number;
    readonly lineEnd: number;
  };
  /** Per-letter variation, the part that differs between siblings. */
  readonly jitter: {
    readonly scale: number;
    readonly rotationDeg: number;
    readonly shear: number;
    readonly position: number;
  };
  readonly ink: {
    readonly rgb: Rgb;
    readonly darkness: number;
    /** Letters written between dips of the pen. */
    readonly dipInterval: number;
    /** How much the ink fades from a dip to the next. */
    readonly fade: number;
    readonly blotRate: number;
  };
  /** Tone of the parchment the scribe buys. */
  readonly parchmentRgb: Rgb;
  readonly letterForms: Readonly<Record<string, LetterHabit>>;
  /**
   * Habits at fixed places of the text: a scribe who writes the same text every
   * day does the same things in the same places, on every scroll.
   */
  readonly places: {
    /** Per line: ends it long or short, in standard deviations of `drift.lineEnd`. */
    readonly lineEnd: readonly number[];
    /** Per letter of the text, 0..1: low where the scribe likes to stretch it (when dilatable). */
    readonly stretch: readonly number[];
    /** Per letter of the text: the relative share of a line's spare space the gap after it takes (when it ends a word). */
    readonly gapShare: readonly number[];
  };
};

const LETTER_FORMS = [...'אבגדהוזחטיכךלמםנןסעפףצץקרשת'];

/** Mezuzah sizes on the market, in centimetres, weighted by how often scribes write them. */
const SIZES_CM: readonly (readonly [number, number])[] = [
  [7, 1],
  [8, 1],
  [10, 4],
  [12, 3],
  [15, 2],
];

const PARCHMENT_TONES: readonly Rgb[] = [
  [238, 231, 212], // cream
  [241, 238, 226], // ivory
  [233, 219, 190], // warm beige
  [240, 228, 220], // pinkish
  [234, 233, 225], // grey white
  [228, 212, 178], // aged yellow
];

function mix(rnd: Random, base: Rgb, sd: number): Rgb {
  const shift = rnd.normal(0, sd);
  return [
    Math.round(Math.min(252, base[0] + shift + rnd.normal(0, sd / 3))),
    Math.round(Math.min(252, base[1] + shift + rnd.normal(0, sd / 3))),
    Math.round(Math.min(252, base[2] + shift + rnd.normal(0, sd / 3))),
  ];
}

/** A scribe's style, fully determined by the seed. */
export function makeScribe(seed: number): Scribe {
  const rnd = createRandom(deriveSeed('scribe', seed));
  const sizeCm = rnd.weighted(SIZES_CM);
  const widthMm = sizeCm * 10 * rnd.uniform(0.96, 1.02);
  const aspect = rnd.uniform(0.95, 1.2);
  const forms = rnd.fork('letter-forms');
  const letterForms: Record<string, LetterHabit> = {};
  for (const char of LETTER_FORMS) {
    letterForms[char] = {
      widthScale: forms.clampedNormal(1, 0.07),
      heightScale: forms.clampedNormal(1, 0.04),
      shear: forms.clampedNormal(0, 0.05),
      rotationDeg: forms.clampedNormal(0, 1.5),
      drop: forms.clampedNormal(0, 0.025),
    };
  }
  const justification = rnd.weighted<Justification>([
    ['stretch', 3],
    ['mixed', 3],
    ['spacing', 2],
  ]);
  const inkBlack = rnd.uniform(10, 40);
  return {
    id: `w${(seed >>> 0).toString(16).padStart(8, '0')}`,
    seed,
    font: rnd.weighted<FontName>([
      [SCRIBE_FONTS[0], 4],
      [SCRIBE_FONTS[1], 2],
      [SCRIBE_FONTS[2], 3],
      [SCRIBE_FONTS[3], 2],
    ]),
    parchmentWidthMm: widthMm,
    parchmentHeightMm: widthMm * aspect,
    margins: {
      top: rnd.uniform(0.05, 0.09),
      bottom: rnd.uniform(0.05, 0.1),
      right: rnd.uniform(0.05, 0.09),
      left: rnd.uniform(0.05, 0.09),
    },
    bodyRatio: rnd.uniform(0.5, 0.64),
    letterGap: rnd.uniform(0.1, 0.22),
    wordGap: rnd.uniform(0.42, 0.75),
    slantDeg: rnd.clampedNormal(0, 2.5),
    nib: rnd.uniform(0.0, 0.04),
    stroke: rnd.uniform(0.0, 0.02),
    crownScale: rnd.uniform(0.2, 0.3),
    largeLetterScale: rnd.uniform(1.3, 1.7),
    justification,
    stretchMax: rnd.uniform(1.5, 2.4),
    lastLine: rnd.chance(0.85) ? 'start' : 'middle',
    baseline: {
      waveAmplitude: rnd.uniform(0.0, 0.04),
      waveLength: rnd.uniform(6, 20),
      walk: rnd.uniform(0.004, 0.012),
      jitter: rnd.uniform(0.008, 0.025),
      slopeDeg: rnd.clampedNormal(0, 0.3),
      slopeSdDeg: rnd.uniform(0.05, 0.35),
    },
    drift: {
      walk: rnd.uniform(0.01, 0.035),
      lineStart: rnd.uniform(0.02, 0.12),
      lineEnd: rnd.uniform(0.03, 0.25),
    },
    jitter: {
      scale: rnd.uniform(0.025, 0.06),
      rotationDeg: rnd.uniform(0.8, 2.5),
      shear: rnd.uniform(0.015, 0.05),
      position: rnd.uniform(0.01, 0.03),
    },
    ink: {
      rgb: [inkBlack + rnd.uniform(0, 14), inkBlack + rnd.uniform(0, 8), inkBlack + rnd.uniform(-6, 4)],
      darkness: rnd.uniform(0.9, 0.98),
      dipInterval: rnd.uniform(8, 24),
      fade: rnd.uniform(0.03, 0.12),
      blotRate: rnd.uniform(0, 2.5),
    },
    parchmentRgb: mix(rnd, rnd.pick(PARCHMENT_TONES), 3),
    letterForms,
    // One stream per place, so each value stays put whatever else the hand model draws.
    places: {
      lineEnd: MEZUZAH_LINES.map((_, line) => createRandom(deriveSeed('line-end', seed, line)).normal()),
      stretch: MEZUZAH_LETTERS.map((l) => createRandom(deriveSeed('stretch', seed, l.index)).next()),
      gapShare: MEZUZAH_LETTERS.map((l) => createRandom(deriveSeed('gap', seed, l.index)).uniform(0.7, 1.3)),
    },
  };
}
