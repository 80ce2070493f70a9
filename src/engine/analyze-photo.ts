import { decodePhoto, enlargeToWorkingSize, WORKING_LONG_SIDE, type DecodedPhoto } from './decode-photo.ts';
import { foundNoScrollText, type Extraction } from './reader/extraction.ts';
import { extractPoints, photoBudget } from './reader/read-photo.ts';
import type { Opinion } from './reader/walk.ts';
import { encodeFingerprint } from './fingerprint.ts';
import type { AnalyzeOptions, PhotoAnalysis } from './types.ts';

/** The whole per-photo pipeline; runs inside a worker thread. */
export async function analyzePhoto(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<PhotoAnalysis> {
  const decoded = await decodePhoto(bytes, options.preview === true);
  const extraction = await readDecoded(bytes, decoded);
  if (extraction.kind === 'invalid') return { kind: 'invalid', reason: extraction.reason };
  return { kind: 'scroll', fingerprint: encodeFingerprint(extraction.points), ...(decoded.preview ? { preview: decoded.preview } : {}) };
}

/**
 * A 12 MP JPEG read at a third of its size (decode-photo.ts, HALF_DECODE_MIN_SIDE)
 * whose text came out narrower than this, in pixels per column width, as read or
 * as a reading framed it, is read again at the working size, as it was read
 * before that reduction. The tune set's 12 MP phone photos read at 426 px and
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
 * reading's. Both readings spend from one budget (`budget`, reader/walk.ts): once
 * the first has spent it, the photo is not read again.
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
 *   914 ms). Enlarging every small photo instead (docs/decisions/
 *   007-enlarged.md) lost as many readings as it gained.
 * - A larger photo decoded under the working size (`reduced`: a 12 MP JPEG) is
 *   decoded again at it (opinion `working-size`) when its text came out small
 *   (SMALL_TEXT_COLUMN_PIXELS), whether a reading read it or only framed its
 *   page: the working size is only a fifth larger, and text larger than that
 *   gained nothing there. A reduced photo that no reading framed says nothing
 *   of its text's size, and is not read again: of the tune set's 220 phone
 *   photos at 12 MP none unread at the reduced size was read at the working
 *   size, while a printed page read again there took about twice as long
 *   (docs/decisions/002-reading-budget.md).
 * - Neither is read again when its lines show other text than a mezuzah's
 *   (reader/extraction.ts, foundNoScrollText): more lines and letters at one size
 *   are as many at another.
 */
export async function readDecoded(bytes: Uint8Array, decoded: DecodedPhoto, opinions?: Opinion[], budget = photoBudget()): Promise<Extraction> {
  const { gray, reduced } = decoded;
  const lens = decoded.focalShare ?? undefined;
  const first = extractPoints(gray, opinions, lens, budget);
  const readAgain = reduced
    ? first.columnPixels !== undefined && first.columnPixels < SMALL_TEXT_COLUMN_PIXELS
    : first.kind === 'invalid' && !foundNoScrollText(first) && Math.max(gray.width, gray.height) < WORKING_LONG_SIDE;
  if (!readAgain) return first;
  const name = reduced ? 'working-size' : 'enlarged';
  if (budget.spent()) {
    opinions?.push({ name, taken: false });
    return first;
  }
  const atWorkingSize = reduced ? (await decodePhoto(bytes, false, true)).gray : await enlargeToWorkingSize(gray);
  if (!atWorkingSize) return first;
  opinions?.push({ name, taken: true });
  const again = extractPoints(atWorkingSize, opinions, lens, budget);
  return again.kind === 'scroll' ? again : first;
}
