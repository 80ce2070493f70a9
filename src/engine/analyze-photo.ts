import { decodePhoto } from './decode-photo.ts';
import { extractPoints } from './extract-points.ts';
import { encodeFingerprint } from './fingerprint.ts';
import type { AnalyzeOptions, PhotoAnalysis } from './types.ts';

/** The whole per-photo pipeline; runs inside a worker thread. */
export async function analyzePhoto(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<PhotoAnalysis> {
  const { gray, preview } = await decodePhoto(bytes, options.preview === true);
  const extraction = extractPoints(gray);
  if (extraction.kind === 'invalid') return extraction;
  return { kind: 'scroll', fingerprint: encodeFingerprint(extraction.points), ...(preview ? { preview } : {}) };
}
