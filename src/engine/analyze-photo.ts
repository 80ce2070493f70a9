import { decodePhoto, enlargeToWorkingSize } from './decode-photo.ts';
import { extractPoints, foundNoText, type Extraction, type Opinion } from './extract-points.ts';
import { encodeFingerprint } from './fingerprint.ts';
import type { Gray } from './raster.ts';
import type { AnalyzeOptions, PhotoAnalysis } from './types.ts';

/** The whole per-photo pipeline; runs inside a worker thread. */
export async function analyzePhoto(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<PhotoAnalysis> {
  const { gray, preview } = await decodePhoto(bytes, options.preview === true);
  const extraction = await readScroll(gray);
  if (extraction.kind === 'invalid') return extraction;
  return { kind: 'scroll', fingerprint: encodeFingerprint(extraction.points), ...(preview ? { preview } : {}) };
}

/**
 * The scroll a decoded photo shows (extractPoints). A photo under the
 * working size (a messaging app's copy, an older phone's) that no reading
 * reads, though lines of text were found in it, is read once more enlarged to
 * the working size, the size the reader's choices were made at; the reader
 * answers a resampled hard photo much like another photo, so this is a second
 * look as much as a sharper one. Readings at the photo's own size are kept, so
 * only unread photos change. The 1 MP scenes of the bench sets (against their 3
 * MP registrations): tune 387 → 391 of 400 matched, invalid 11 → 7 of 440 (the
 * four read 0.44–0.84); report 192 → 193 of 200, invalid 9 → 8 of 260; no image
 * without a scroll read (30, 60, and 200 fresh ones at 1 MP, `npm run
 * bench:non-scroll -- --megapixels 1 --count 200`). A third look, at 2,310 px,
 * read one of the 15 photos still unread (an unregistered scroll's). Cost: the
 * images without a scroll in which lines were found, printed pages most (those
 * 200, reading time: mean 110 → 230 ms, median 44 → 40 ms; printed pages 359 →
 * 914 ms). Enlarging every small photo instead (docs/engine.md, "Resolution,
 * four ways") lost as many readings as it gained. The reason given is the first
 * reading's.
 */
export async function readScroll(gray: Gray, opinions?: Opinion[]): Promise<Extraction> {
  const first = extractPoints(gray, opinions);
  if (first.kind === 'scroll' || foundNoText(first)) return first;
  const enlarged = await enlargeToWorkingSize(gray);
  if (!enlarged) return first;
  opinions?.push({ name: 'enlarged', taken: true });
  const again = extractPoints(enlarged, opinions);
  return again.kind === 'scroll' ? again : first;
}
