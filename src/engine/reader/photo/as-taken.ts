import { readImage } from '../read-image.ts';
import type { PhotoContext, PhotoOutcome } from '../photo-context.ts';
import type { Reading } from '../walk.ts';

/** The photo as taken, in the plain inks: the reading every photo gets, and the one the others are opinions on. */
export const asTaken: Reading<PhotoContext, PhotoOutcome> = {
  name: 'as-taken',
  fallback: false,
  when: () => true,
  read: (c) => ({ extraction: readImage(c.img, c), img: c.img }),
  keep: () => true,
};
