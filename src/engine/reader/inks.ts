import { connectedComponents, type Blob } from '../components.ts';
import { inkMask } from '../ink.ts';
import type { Gray } from '../raster.ts';

/**
 * How ink is told from its background (ink.ts, inkMask): the contrast it
 * needs against its local background, whether a veil of glare is taken off
 * first, and whether parchment clipped at white asks less of it.
 */
export type Ink = { readonly contrast: number; readonly unveil: boolean; readonly clipped: boolean };

/** The contrast of ink against its local background in every reading but the faint ink's: the level the reader's other choices were made at. */
const INK_CONTRAST = 0.3;
/** The ink of every reading that names no other. */
export const PLAIN_INK: Ink = { contrast: INK_CONTRAST, unveil: false, clipped: false };

/** `ink` as read in the clipped inks when `clipped` (photo/clipped.ts): less contrast asked where the parchment is clipped at white. */
export const inClippedInk = (ink: Ink, clipped: boolean): Ink => ({ ...ink, clipped });

/** The ink test's window radius, a 130th of the image's long side and at least 6 px: set in the engine's first version (244d018), not measured since. */
const INK_WINDOW_SHARE = 130;
const MIN_INK_WINDOW = 6;

/** The ink test's window radius for an image (INK_WINDOW_SHARE), pixels. */
export const inkWindowOf = (img: Gray): number => Math.max(MIN_INK_WINDOW, Math.round(Math.max(img.width, img.height) / INK_WINDOW_SHARE));

/** The ink of one image as connected blobs, in ink as `ink` says. */
export function inkBlobs(img: Gray, ink: Ink = PLAIN_INK): { blobs: Blob[]; labels: Int32Array } {
  return connectedComponents(inkMask(img, inkWindowOf(img), ink.contrast, ink.unveil, ink.clipped), img.width, img.height);
}
