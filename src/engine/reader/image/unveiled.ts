import type { PageFit } from '../../page-map.ts';
import { framedPoorly, inkOf, keepsMore, type ImageContext } from '../image-context.ts';
import { PLAIN_INK, type Ink } from '../inks.ts';
import { readAnew } from '../page-reading.ts';
import type { Reading } from '../walk.ts';

/**
 * The ink taken with the glare's local veil off (ink.ts, inkMask's `unveil`):
 * glare from a plastic case, or overexposure, washes letters out of the
 * contrast test, and a line that loses its middle words is tied wrong. Report
 * set genuine pairs 297 → 298 of 300, none down by more than 0.05; taken off
 * every reading instead, the tune set lost five (598 → 593).
 */
const UNVEILED_INK: Ink = { ...PLAIN_INK, unveil: true };

/** The image read afresh with the veil of glare off, for a reading still framed poorly after the other frames. */
export const unveiled: Reading<ImageContext, PageFit | null> = {
  name: 'unveiled',
  fallback: true,
  when: framedPoorly,
  read: (c) => readAnew(c.shot, c.img, inkOf(c, UNVEILED_INK)),
  keep: keepsMore,
};
