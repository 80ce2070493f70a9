import type { ScrollPoints } from '../fingerprint.ts';
import type { PageMap } from '../page-map.ts';
import type { Gray } from '../raster.ts';

/**
 * A photo read as a scroll: its keyed word ends; `columnPixels`, the photo's
 * pixels per column width at the page's centre (how large the text was read);
 * `agreeing`, how many of its word ends agree with the layout (the count
 * readings are compared by); `img` and `map`, the image the kept reading read
 * (the photo at the size read, or with its veil or a streak of shake taken
 * off) and the map from its pixels to the canonical page, where the letters
 * are read (text-check/). Or why it does not read, with `columnPixels` when a
 * reading framed the page all the same, as framed.
 */
export type Extraction =
  | { kind: 'scroll'; points: ScrollPoints; columnPixels: number; agreeing: number; img: Gray; map: PageMap }
  | { kind: 'invalid'; reason: string; columnPixels?: number };

/** Why a photo does not read. The four that share a reason are told apart by identity (foundNoScrollText, keepsVeilOff). */
type Unread = { readonly kind: 'invalid'; readonly reason: string };

export const NOT_A_MEZUZAH: Unread = { kind: 'invalid', reason: 'the text does not read as a mezuzah' };
export const TOO_DARK: Unread = { kind: 'invalid', reason: 'the photo is too dark; take it in better light' };
export const NO_LINES: Unread = { kind: 'invalid', reason: 'no lines of text found' };
/** Lines of text were found, but no reading framed the page. */
export const NO_FRAME: Unread = { kind: 'invalid', reason: NOT_A_MEZUZAH.reason };
/** Lines of text were found, but more of them, holding more letters, than a mezuzah has (image/full-size.ts, holdsOtherText): a printed page, a book, a letter. */
export const OTHER_TEXT: Unread = { kind: 'invalid', reason: NOT_A_MEZUZAH.reason };

/**
 * Whether an extraction found no text that may be a mezuzah's: the photo too
 * dark, no lines of text in it, or lines of other text. No fallback reading,
 * at this size or another, is given to such a photo.
 */
export const foundNoScrollText = (extraction: Extraction): boolean => extraction === NO_LINES || extraction === TOO_DARK || extraction === OTHER_TEXT;
