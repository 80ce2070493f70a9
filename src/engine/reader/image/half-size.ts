import { applyHomography, type Homography } from '../../homography.ts';
import type { PageFit } from '../../page-map.ts';
import { reduce } from '../../raster.ts';
import { NO_LINES } from '../extraction.ts';
import { inkOf, type ImageContext } from '../image-context.ts';
import { PLAIN_INK } from '../inks.ts';
import { readLines, reframe, traceLines } from '../page-reading.ts';
import type { Reading } from '../walk.ts';

/** A pixel of the image reduced 2× (raster.reduce) to the image's. */
export const HALF_SIZE_TO_PHOTO: Homography = new Float64Array([2, 0, 0.5, 0, 2, 0.5, 0, 0, 1]);
export const fromHalfSize = (u: number, v: number): [number, number] => applyHomography(HALF_SIZE_TO_PHOTO, u, v);

/**
 * The first reading, of the image at half size (a quarter of the pixels): it
 * frames the page, and the page is looked at again at full size through that
 * frame. The half-size reading itself is kept only when no look reads (its
 * word ends are measured at half the resolution). Its lines are kept for the
 * letter-sizes and unfanned readings.
 */
export const halfSize: Reading<ImageContext, PageFit | null> = {
  name: 'half-size',
  fallback: false,
  when: () => true,
  read: (c) => {
    const ink = inkOf(c, PLAIN_INK);
    c.halfLines = traceLines(reduce(c.img, 2), ink);
    return reframe(c.shot, c.img, c.halfLines ? readLines(c.shot, c.halfLines, fromHalfSize) : NO_LINES, ink, false);
  },
  keep: () => true,
};
