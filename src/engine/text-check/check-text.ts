import { readDecoded } from '../analyze-photo.ts';
import { decodeGrayUpTo, decodePhoto } from '../decode-photo.ts';
import type { PageMap } from '../page-map.ts';
import type { TextCheck } from '../types.ts';
import { findingsOf } from './findings.ts';
import { readLetters, type LettersRead } from './read-letters.ts';

// The text check of one photo: the reader finds the page and fits the
// mezuzah's layout to it, as for identification; the letters are then read on
// the photo decoded at its own size (a 12 MP photo is read at a third, where a
// letter is some 20 px tall and touching and broken strokes do not show), and
// judged (findings.ts), but for the lines whose letters cannot be told one by
// one: they are left out of what was read, as a line the photo does not show.

/**
 * The long side the letters are read at, at most, pixels: a 12 MP phone photo
 * (4,032 px) whole; larger photos brought down to it, where a registration
 * photo's letters are still over 50 px tall.
 */
const LETTERS_MAX_SIDE = 4032;
/** The rectified page's long side at most, pixels: the text column of a 12 MP photo at its own resolution. */
const PAGE_MAX_SIDE = 4000;

/**
 * Letters whose edges are wider than this share of their height are too blurred
 * to be told one by one (edge-width.ts): a photo's over its lines, and a line's
 * of a photo sharp enough (a tilted scroll's far lines, out of focus). The
 * text tune set's 84 phone photos: the 18 with edges over 0.2 (shake, defocus,
 * small letters) showed 116 to 332 findings no error explains, the 66 under it
 * 0 to 115 (median 10).
 */
const MAX_EDGE_WIDTH = 0.2;
/**
 * A line with more pieces of ink that no letter took, apart from a word's,
 * than this is not read: a scribe adds a letter or two to a line, not ten; so
 * many are a stain's or the parchment's grain. On the text tune set's phone
 * photos lines had 1 to 3, or 19 and more (a shadow's edge, a crease;
 * decision 029).
 */
const MAX_STRAY_IN_LINE = 5;
const TOO_BLURRED = 'the letters are too blurred or too small in this photo to be checked one by one; photograph the scroll closer, in focus and holding still.';

/** Reads every letter of the scroll in `bytes` and says where the text differs from the mezuzah's. */
export async function checkPhotoText(bytes: Uint8Array): Promise<TextCheck> {
  return checkLetters(await readPhotoLetters(bytes));
}

/** The text check of letters already read (readPhotoLetters): a photo too blurred refused, the lines told judged. */
export function checkLetters(read: PhotoLetters): TextCheck {
  if (read.kind === 'invalid') return read;
  const { letters, scale } = read;
  if (letters.edges.page === null || letters.edges.page > MAX_EDGE_WIDTH) return { kind: 'invalid', reason: TOO_BLURRED };
  return findingsOf(linesTold(letters), scale);
}

/** The letters of the scroll in `bytes`, each tied to its place in the text, boxed in the pixels of the image read; `scale`: the photo as uploaded over that image. */
export type PhotoLetters = { readonly kind: 'read'; readonly letters: LettersRead; readonly scale: number } | { readonly kind: 'invalid'; readonly reason: string };

/** The page found and the layout fitted as for identification, then every letter read on the photo decoded at its own size (LETTERS_MAX_SIDE). */
export async function readPhotoLetters(bytes: Uint8Array): Promise<PhotoLetters> {
  const decoded = await decodePhoto(bytes, false);
  const reading = await readDecoded(bytes, decoded);
  if (reading.kind === 'invalid') return { kind: 'invalid', reason: reading.reason };
  const full = await decodeGrayUpTo(bytes, LETTERS_MAX_SIDE);
  const k = full.gray.width / reading.img.width;
  const letters = readLetters(full.gray, scaled(reading.map, k), PAGE_MAX_SIDE);
  if (!letters) return { kind: 'invalid', reason: 'the text of the scroll could not be read letter by letter.' };
  return { kind: 'read', letters, scale: full.uploadedLongSide / Math.max(full.gray.width, full.gray.height) };
}

/** The letters read without the lines whose letters cannot be told one by one: too blurred (MAX_EDGE_WIDTH) or among too much stray ink (MAX_STRAY_IN_LINE). */
export function linesTold(read: LettersRead): LettersRead {
  const strays = new Map<number, number>();
  for (const s of read.stray) if (!s.inWord) strays.set(s.line, (strays.get(s.line) ?? 0) + 1);
  const told = (line: number) => {
    // A line whose sharpness is not measured is judged as read (its words missing, if it shows none).
    const edge = read.edges.lines[line - 1] ?? null;
    return (edge === null || edge <= MAX_EDGE_WIDTH) && (strays.get(line) ?? 0) <= MAX_STRAY_IN_LINE;
  };
  return { ...read, letters: read.letters.filter((l) => told(l.line)), stray: read.stray.filter((s) => told(s.line)) };
}

/** A page map of a photo read at one size, for the same photo `k` times larger. */
function scaled(map: PageMap, k: number): PageMap {
  const h = Float64Array.from(map.h);
  for (const i of [0, 1, 3, 4, 6, 7]) h[i] /= k;
  return { ...map, h };
}
