import { decodePhoto, enlargeToWorkingSize, type DecodedPhoto } from './decode-photo.ts';
import { extractPoints, foundNoText, type Extraction, type Opinion } from './extract-points.ts';
import { encodeFingerprint } from './fingerprint.ts';
import type { AnalyzeOptions, PhotoAnalysis } from './types.ts';

/** The whole per-photo pipeline; runs inside a worker thread. */
export async function analyzePhoto(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<PhotoAnalysis> {
  const decoded = await decodePhoto(bytes, options.preview === true);
  const extraction = await readDecoded(bytes, decoded);
  if (extraction.kind === 'invalid') return extraction;
  return { kind: 'scroll', fingerprint: encodeFingerprint(extraction.points), ...(decoded.preview ? { preview: decoded.preview } : {}) };
}

/**
 * A 12 MP JPEG read at a third of its size (decode-photo.ts, HALF_DECODE_MIN_SIDE)
 * whose text came out narrower than this, in pixels per column width, is read
 * again at the working size, as it was read before that reduction. The generator's
 * 12 MP phone photos (the scroll a fifth of the frame or more) read at 426 px and
 * up, and gained nothing at the working size (those under 500 px: similarity to
 * their registration +0.008 reduced, on average, 22 photos); the samples' two 12 MP
 * phone photos edited to be taken from twice as far (the scroll 7.5% and 13% of the
 * frame), read at 227 and 328 px, lost 0.24 and 0.18.
 */
const SMALL_TEXT_COLUMN_PIXELS = 400;

/**
 * The scroll a decoded photo shows (extractPoints), read once more at the
 * working size, the size the reader's choices were made at, when the photo was
 * decoded under it and its reading may be the worse for that. Readings kept at
 * the decoded size stay as they are, and the reason given is the first
 * reading's.
 *
 * - A photo smaller than the working size (a messaging app's copy, an older
 *   phone's) that no reading reads, though lines of text were found in it, is
 *   read enlarged to the working size (opinion `enlarged`); the reader answers
 *   a resampled hard photo much like another photo, so this is a second look as
 *   much as a sharper one. The 1 MP scenes of the bench sets (against their 3 MP
 *   registrations): tune 387 → 391 of 400 matched, invalid 11 → 7 of 440 (the
 *   four read 0.44–0.84); report 192 → 193 of 200, invalid 9 → 8 of 260; no
 *   image without a scroll read (30, 60, and 200 fresh ones at 1 MP, `npm run
 *   bench:non-scroll -- --megapixels 1 --count 200`). A third look, at 2,310 px,
 *   read one of the 15 photos still unread (an unregistered scroll's). Cost: the
 *   images without a scroll in which lines were found, printed pages most (those
 *   200, reading time: mean 110 → 230 ms, median 44 → 40 ms; printed pages 359 →
 *   914 ms). Enlarging every small photo instead (docs/engine.md, "Resolution,
 *   four ways") lost as many readings as it gained.
 * - A larger photo decoded under the working size (`reduced`: a 12 MP JPEG) is
 *   decoded again at it (opinion `working-size`) when unread as above, or when
 *   its text came out small (SMALL_TEXT_COLUMN_PIXELS). Rereading what does not
 *   read costs a printed page at 12 MP about 0.5 s more (docs/engine.md), so
 *   that no photo of a scroll the working size reads is answered invalid.
 */
export async function readDecoded(bytes: Uint8Array, decoded: DecodedPhoto, opinions?: Opinion[]): Promise<Extraction> {
  const lens = decoded.focalShare ?? undefined;
  const first = extractPoints(decoded.gray, opinions, lens);
  const smallText = decoded.reduced && first.kind === 'scroll' && first.columnPixels < SMALL_TEXT_COLUMN_PIXELS;
  if (!smallText && (first.kind === 'scroll' || foundNoText(first))) return first;
  const atWorkingSize = decoded.reduced ? (await decodePhoto(bytes, false, true)).gray : await enlargeToWorkingSize(decoded.gray);
  if (!atWorkingSize) return first;
  opinions?.push({ name: decoded.reduced ? 'working-size' : 'enlarged', taken: true });
  const again = extractPoints(atWorkingSize, opinions, lens);
  return again.kind === 'scroll' ? again : first;
}
