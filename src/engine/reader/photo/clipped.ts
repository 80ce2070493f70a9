import { hasClippedParchment } from '../../ink.ts';
import { WORD_END_COUNT } from '../../template.ts';
import type { Extraction } from '../extraction.ts';
import { readImage } from '../read-image.ts';
import { RESCUE_AGREEING, type PhotoContext, type PhotoOutcome } from '../photo-context.ts';
import type { Reading } from '../walk.ts';

/** A reading in the clipped inks replaces one that reads only when it ties this many times its word ends: lightly clipped photos' letters, fattened by their soft edges, read word ends a little worse in them. */
const CLIPPED_GAIN = 1.1;
/**
 * A clipped photo whose reading as taken ties this many word ends (half the
 * text's) is not read in the clipped inks: of the tune set's 80 clipped phone
 * photos at 3 MP, the 4 the clipped inks improved by 10% tied 79–146, and 41
 * tie this many (the reading costs a 12 MP photo about half its time).
 */
const CLIPPED_SURE_READING = WORD_END_COUNT / 2;

/** Whether the reading in the clipped inks is kept: CLIPPED_GAIN times the word ends of a reading, or for a photo unread so far, RESCUE_AGREEING of them. */
export function keepsClipped(asTaken: Extraction, clipped: Extraction): boolean {
  if (clipped.kind !== 'scroll') return false;
  return asTaken.kind === 'scroll' ? clipped.agreeing >= CLIPPED_GAIN * asTaken.agreeing : clipped.agreeing >= RESCUE_AGREEING;
}

/**
 * A photo whose parchment is clipped at white (overexposed, strong glare; ink.ts,
 * hasClippedParchment) read in the clipped inks, which ask less contrast there:
 * ink looks fainter against the white than it is, and blurred strokes break
 * apart. Kept only when it reads, so no deblurred reading follows it.
 */
export const clipped: Reading<PhotoContext, PhotoOutcome> = {
  name: 'clipped',
  fallback: true,
  when: (c) => hasClippedParchment(c.level) && !(c.kept.extraction.kind === 'scroll' && c.kept.extraction.agreeing >= CLIPPED_SURE_READING),
  read: (c) => ({ extraction: readImage(c.img, c, true), img: c.img }),
  keep: (c, read) => keepsClipped(c.kept.extraction, read.extraction),
};
