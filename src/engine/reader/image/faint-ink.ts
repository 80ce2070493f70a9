import type { PageFit } from '../../page-map.ts';
import { inkOf, isWeak, keepsMore, type ImageContext } from '../image-context.ts';
import { PLAIN_INK, type Ink } from '../inks.ts';
import { readAnew } from '../page-reading.ts';
import type { Reading } from '../walk.ts';

/**
 * Motion blur fades the strokes that run across it below the plain ink's
 * contrast, and letters fall apart into the bars that run along it. On the tune
 * set, genuine pairs matched 567 / 575 / 577 of 600 and phone photos invalid
 * 20 / 11 / 10 of 440 without this reading / at 0.15 / at 0.2.
 */
const FAINT_INK_CONTRAST = 0.2;
const FAINT_INK: Ink = { ...PLAIN_INK, contrast: FAINT_INK_CONTRAST };

/** The image read afresh in fainter ink, for a reading still weak after the full-size one. */
export const faintInk: Reading<ImageContext, PageFit | null> = {
  name: 'faint-ink',
  fallback: true,
  when: (c) => isWeak(c.kept),
  read: (c) => readAnew(c.shot, c.img, inkOf(c, FAINT_INK)),
  keep: keepsMore,
};
