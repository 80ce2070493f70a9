import { succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { analyzeUpload, engineCall, type Requester } from './photo.ts';

export type ScrollComparison =
  | { readonly kind: 'compared'; readonly similarity: number; readonly isMatched: boolean }
  /** The spec answers this with HTTP 200, so it is a result, not a failure. */
  | {
      readonly kind: 'unreadable';
      readonly msg: string;
      /** Which of the two photos hold no readable scroll, for a page to name them in its own words. */
      readonly photos: readonly ('image1' | 'image2')[];
    };

export async function compareScrolls(
  deps: Pick<DomainDeps, 'engine'>,
  first: Uint8Array,
  second: Uint8Array,
  requester: Requester,
): Promise<Outcome<ScrollComparison, 'invalid_request' | 'busy'>> {
  const [a, b] = await Promise.all([
    analyzeUpload(deps.engine, first, 'image1', { preview: false, requester }),
    analyzeUpload(deps.engine, second, 'image2', { preview: false, requester }),
  ]);
  for (const analysis of [a, b]) {
    if (!analysis.ok && analysis.code !== 'invalid_photo') return { ...analysis, code: analysis.code };
  }
  if (!a.ok || !b.ok) {
    const unreadable = (['image1', 'image2'] as const).filter((field) => !(field === 'image1' ? a : b).ok);
    return succeed({ kind: 'unreadable', msg: `No readable scroll text in ${unreadable.join(' and ')}.`, photos: unreadable });
  }
  const comparison = await engineCall(() => deps.engine.compare(a.value.fingerprint, b.value.fingerprint));
  if (!comparison.ok) return comparison;
  return succeed({ kind: 'compared', similarity: comparison.value.similarity, isMatched: comparison.value.isMatched });
}

