import { withSizesAlongLines } from '../../lines/perspective.ts';
import type { PageFit } from '../../page-map.ts';
import { framedPoorly, inkOf, keepsMore, type ImageContext } from '../image-context.ts';
import { PLAIN_INK } from '../inks.ts';
import { readLines, reframe } from '../page-reading.ts';
import type { Reading } from '../walk.ts';
import { fromHalfSize } from './half-size.ts';

/**
 * Under a steep tilt letters shrink along the lines toward the far side, and
 * gaps measured in one letter height per line mix word gaps with letter gaps:
 * the page is framed once more from the half-size lines with each line's
 * letter height following its letters (lines.ts, withSizesAlongLines).
 */
export const letterSizes: Reading<ImageContext, PageFit | null> = {
  name: 'letter-sizes',
  fallback: true,
  when: (c) => !!c.lines && !!c.halfLines && framedPoorly(c),
  read: (c) => {
    const sized = { ...c.halfLines!, layout: withSizesAlongLines(c.halfLines!.layout, c.halfLines!.blobs) };
    return reframe(c.shot, c.img, readLines(c.shot, sized, fromHalfSize), inkOf(c, PLAIN_INK), false);
  },
  keep: keepsMore,
};
