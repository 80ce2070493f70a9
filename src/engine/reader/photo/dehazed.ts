import { hazeOf, withoutHaze } from '../../ink.ts';
import { NO_LINES, type Extraction } from '../extraction.ts';
import { readImage } from '../read-image.ts';
import type { PhotoContext, PhotoOutcome } from '../photo-context.ts';
import type { Reading } from '../walk.ts';

/**
 * A veiled photo keeps its reading as taken only when that ties this many
 * times the word ends of the reading with the veil off: blur, not a veil, then
 * lifted its darkest pixels. Of 42 veiled phone photos (samples and 1 MP sets),
 * keeping whichever tied more lost 4 of them 0.06–0.13 of similarity; this, 2.
 */
const AS_TAKEN_GAIN = 1.1;

/**
 * Whether the reading with the veil off (`clear`) is kept over the photo's as
 * taken: when it reads and the photo as taken does not tie AS_TAKEN_GAIN times
 * its word ends, or when neither reads and lines were found only with the veil
 * off (text all the same: a photo with text is read once more at the working
 * size, analyze-photo.ts, and a veiled one needs that as much as any).
 */
function keepsVeilOff(asTaken: Extraction, clear: Extraction): boolean {
  if (clear.kind === 'scroll') return asTaken.kind !== 'scroll' || asTaken.agreeing < AS_TAKEN_GAIN * clear.agreeing;
  return asTaken === NO_LINES;
}

/**
 * A photo veiled all over (haze on a plastic case, a washed-out or
 * low-contrast shot; ink.ts, hazeOf) read again with the veil taken off: its
 * ink is too close to its parchment for the ink test, and often no line is
 * found. Not a fallback: the veil is what hides the lines.
 */
export const dehazed: Reading<PhotoContext, PhotoOutcome> = {
  name: 'dehazed',
  fallback: false,
  when: (c) => hazeOf(c.img, c.level) > 0,
  read: (c) => {
    const img = withoutHaze(c.img, hazeOf(c.img, c.level));
    return { extraction: readImage(img, c), img };
  },
  keep: (c, read) => keepsVeilOff(c.kept.extraction, read.extraction),
};
