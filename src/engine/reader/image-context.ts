import { fitPage, toPage, type PageFit } from '../page-map.ts';
import type { Gray } from '../raster.ts';
import type { WordEnd } from '../recognise-layout.ts';
import { CANONICAL_X, CANONICAL_Y } from '../template.ts';
import { inClippedInk, type Ink } from './inks.ts';
import type { PageReading, Shot, TracedLines } from './page-reading.ts';
import type { ReadingContext } from './walk.ts';

/** One image being read (read-image.ts): the image, the photo it is of, and what its readings found so far; `kept` is the reading with most word ends agreeing. */
export type ImageContext = ReadingContext<PageFit | null> & {
  readonly img: Gray;
  readonly shot: Shot;
  /** Whether the image is read in the clipped inks (photo/clipped.ts). */
  readonly clipped: boolean;
  /** The half-size image's lines (the letter-sizes and unfanned readings read them again). */
  halfLines?: TracedLines | null;
  /** The full-size image's lines, traced by the first reading that needs them. */
  lines?: TracedLines | null;
  /** The full-size reading, whose failure is the answer when nothing reads. */
  first?: PageReading;
  /** Whether the reading kept when the steep-tilt readings were called for held together (holdsTogether): then no frame is taken afresh. */
  held?: boolean;
  /** Whether the full-size reading's lines show other text than a mezuzah's (image/full-size.ts): then no fallback is read. */
  otherText?: boolean;
};

/** The ink `base` in this image's inks (the clipped ones when it is read in them). */
export const inkOf = (c: ImageContext, base: Ink): Ink => inClippedInk(base, c.clipped);

/**
 * A reading whose word ends agree with the layout for less than this share is
 * weak, and calls for the full-size and faint-ink readings: on the tune set,
 * genuine pairs matched 554 / 557 / 563 / 564 of 600 at shares 0 / 0.25 / 0.3 / 0.35.
 */
const WEAK_READING_SHARE = 0.3;
/**
 * A reading weaker than this share calls for the steep-tilt readings (line
 * frame onward): on the tune set, genuine pairs matched 577 of 600 without
 * them, 587 / 593 / 593 at 0.3 / 0.45 / 0.6 (analysis 102 / 113 / 166 s).
 */
const LINE_FRAME_SHARE = 0.45;
/**
 * A reading whose word ends lie within HELD_RESIDUAL column widths (about
 * two-thirds of a letter) of its map for at least HELD_SHARE of them holds
 * together: its words are tied right, and what keeps them from agreeing is the
 * hand's own drift, which another frame cannot take away. Of 200 tune phone
 * photos, the 35 that took the line frame at or above 0.7 gained at most 15
 * agreeing ends each, the 21 below it up to 176.
 */
const HELD_RESIDUAL = 0.02;
const HELD_SHARE = 0.7;

export const isWeak = (fit: PageFit | null, share = WEAK_READING_SHARE): boolean => !fit || fit.inliers < share * fit.ends.length;

/** Whether most of a reading's word ends lie within HELD_RESIDUAL of its map (HELD_SHARE). */
function holdsTogether(fit: PageFit | null): boolean {
  if (!fit) return false;
  let held = 0;
  for (const e of fit.ends) {
    const [X, Y] = toPage(fit.map, e.x, e.y);
    if (Math.hypot(X - CANONICAL_X[e.key], Y - CANONICAL_Y[e.key]) < HELD_RESIDUAL) held++;
  }
  return held >= HELD_SHARE * fit.ends.length;
}

/** Whether a reading of these word ends holds together well enough to skip the steep-tilt readings (HELD_SHARE). */
export const wordEndsHoldTogether = (ends: readonly WordEnd[]): boolean => holdsTogether(fitPage(ends, 0));

/** When the steep-tilt readings are read: the kept reading weak under LINE_FRAME_SHARE and not holding together, decided once, when first asked. */
export const framedPoorly = (c: ImageContext): boolean => isWeak(c.kept, LINE_FRAME_SHARE) && !(c.held ??= holdsTogether(c.kept));

/** The reading with more word ends agreeing is kept; the one kept so far on a tie. */
export const keepsMore = (c: ImageContext, read: PageFit | null): boolean => read !== null && (c.kept === null || read.inliers > c.kept.inliers);
