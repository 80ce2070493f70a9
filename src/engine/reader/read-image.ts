import { invertHomography } from '../homography.ts';
import { readsAsScroll, toCanonical, type PageFit } from '../page-map.ts';
import type { Gray } from '../raster.ts';
import { columnPixels } from '../rectify.ts';
import { NO_FRAME, NO_LINES, NOT_A_MEZUZAH, OTHER_TEXT, type Extraction } from './extraction.ts';
import type { ImageContext } from './image-context.ts';
import type { Shot } from './page-reading.ts';
import { walkReadings, type Opinion, type Reading, type ReadingBudget } from './walk.ts';
import { faintInk } from './image/faint-ink.ts';
import { fullSize } from './image/full-size.ts';
import { halfSize } from './image/half-size.ts';
import { letterSizes } from './image/letter-sizes.ts';
import { lineFrame } from './image/line-frame.ts';
import { textOutline } from './image/text-outline.ts';
import { unfanned } from './image/unfanned.ts';
import { unveiled } from './image/unveiled.ts';

/**
 * How one image of the photo is read, in order: the half-size reading frames
 * the page; each reading after it is called for by a reading still weak, and
 * the one with most word ends agreeing is kept. All but the first two are
 * fallbacks, read only where the half-size or full-size reading found lines of
 * text and no other text: no photo of a scroll in the tune set (1, 3 and 12 MP)
 * or bench:stress was read by one where neither had.
 */
const IMAGE_READINGS: readonly Reading<ImageContext, PageFit | null>[] = [
  halfSize, // frames the page from a quarter of the pixels
  fullSize, // a weak framing: the image at full size
  faintInk, // motion blur fades strokes below the plain ink's contrast
  lineFrame, // steep tilt: the page framed by its first and last long lines
  textOutline, // steep tilt, lines chained across: framed by the text's outline
  unveiled, // glare washes letters out: the veil taken off the ink
  letterSizes, // steep tilt shrinks letters along the lines
  unfanned, // steep tilt fans the lines: warped parallel
];

/** What a reading of one image shares with the photo's other readings: the photo, its budget, the opinions logged. */
export type PhotoReading = { readonly shot: Shot; readonly budget: ReadingBudget; readonly opinions: Opinion[] | undefined };

/** One image of the photo (the photo itself, or with its veil or a streak of shake taken off) read through every reading it calls for (IMAGE_READINGS), in the clipped inks when `clipped`. */
export function readImage(img: Gray, photo: PhotoReading, clipped = false): Extraction {
  const { shot, budget, opinions } = photo;
  const c: ImageContext = { img, shot, clipped, budget, opinions, kept: null, showsText: () => !!(c.halfLines || c.lines) && !c.otherText };
  const best = walkReadings(IMAGE_READINGS, c);
  const reads = !!best && readsAsScroll(best);
  if (!reads && c.otherText) return OTHER_TEXT;
  // Unread every way: the full-size reading says why, and whether any reading framed the page.
  if (!best) return c.first === NO_LINES ? NO_LINES : NO_FRAME;
  // A map that cannot be inverted measures no size: 0, as small as text comes.
  const toPhoto = invertHomography(best.map.h);
  const size = toPhoto ? columnPixels(toPhoto) : 0;
  if (!reads) return { ...NOT_A_MEZUZAH, columnPixels: size };
  return { kind: 'scroll', points: toCanonical(best), columnPixels: size, agreeing: best.inliers, img, map: best.map };
}
