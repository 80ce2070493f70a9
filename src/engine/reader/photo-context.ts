import type { MotionBlur } from '../deblur.ts';
import type { Gray } from '../raster.ts';
import type { Extraction } from './extraction.ts';
import type { PhotoReading } from './read-image.ts';
import type { ReadingContext } from './walk.ts';

/** One photo being read (read-photo.ts): the photo, its levels, and the reading kept so far with the image it read. */
export type PhotoContext = ReadingContext<PhotoOutcome> & PhotoReading & {
  readonly img: Gray;
  readonly level: (share: number) => number;
  /** The streaks of camera shake the cepstrum names in the kept reading's image, deepest first; measured when first asked for (photo/deblurred.ts). */
  streaks?: readonly MotionBlur[];
};

/** What a reading of the whole photo read, and the image it read (the photo, or the photo with its veil off). */
export type PhotoOutcome = { readonly extraction: Extraction; readonly img: Gray };

/**
 * The word ends a reading given a further chance at a photo unread every other
 * way must tie (the clipped inks, the deblurred readings after the first
 * streak): each further chance is one more for other text to fit the layout by
 * chance. Printed pages read in the clipped inks tied 23–74; the overexposed
 * samples only the clipped inks read, 131–162; shaken phone photos read only
 * with a later streak, 112–191.
 */
export const RESCUE_AGREEING = 100;
