import { motionBlurCandidates, removeMotionBlur, type MotionBlur } from '../../deblur.ts';
import type { Extraction } from '../extraction.ts';
import { readImage } from '../read-image.ts';
import { RESCUE_AGREEING, type PhotoContext, type PhotoOutcome } from '../photo-context.ts';
import type { Reading } from '../walk.ts';

/**
 * Streaks of camera shake taken out in turn: the cepstrum's deepest spike,
 * then the next deepest longer than LATER_STREAK_MIN_LENGTH pixels. The text's
 * own spikes are short: printed pages shot without motion named 3.2–6 px for
 * 28 of 34; shaken photos only a later streak read had it at 6.1–10.3 px.
 */
const MOTION_BLUR_TRIES = 3;
const LATER_STREAK_MIN_LENGTH = 6;
/**
 * Deblurred readings of one photo at one size, at most: every photo a streak
 * read (tune set at 1, 3 and 12 MP, bench:stress) was read by the first or the
 * second tried, and a third cost printed pages up to a second more.
 */
export const DEBLURRED_READINGS = 2;

/** The streaks of camera shake tried in the kept reading's image, measured when first asked for. */
const streaksOf = (c: PhotoContext): readonly MotionBlur[] =>
  (c.streaks ??= motionBlurCandidates(c.kept.img, MOTION_BLUR_TRIES).filter((blur, i) => i === 0 || blur.length > LATER_STREAK_MIN_LENGTH));

/** Whether a photo unread every other way is read with the `streak`-th streak taken out: the deepest whenever it reads, a later one only with RESCUE_AGREEING word ends agreeing. */
export function keepsDeblurred(deblurred: Extraction, streak: number): boolean {
  return deblurred.kind === 'scroll' && (streak === 0 || deblurred.agreeing >= RESCUE_AGREEING);
}

/**
 * The photo with the `streak`-th streak of camera shake taken out, for a photo
 * still unread: at a steep tilt the streak smears letters into their
 * neighbours and lines into the next, and no reading above reads it.
 */
export const deblurred = (streak: number): Reading<PhotoContext, PhotoOutcome> => ({
  name: 'deblurred',
  fallback: true,
  when: (c) => c.kept.extraction.kind !== 'scroll' && streak < streaksOf(c).length,
  read: (c) => ({ extraction: readImage(removeMotionBlur(c.kept.img, streaksOf(c)[streak]), c), img: c.kept.img }),
  keep: (_c, read) => keepsDeblurred(read.extraction, streak),
});
