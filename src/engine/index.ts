import { availableParallelism } from 'node:os';
import { comparePoints, MATCH_THRESHOLD } from './compare.ts';
import { decodeFingerprint } from './fingerprint.ts';
import { WorkerPool } from './pool.ts';
import { SearchIndex } from './search-index.ts';
import type { IdentificationEngine } from './types.ts';

export type EngineOptions = {
  /** Worker threads for photo analysis; defaults to the machine's cores. */
  readonly workers?: number;
  /** Photos allowed to wait for a worker before new ones are refused. */
  readonly maxQueue?: number;
};

export { EngineBusyError, UnsupportedImageError } from './types.ts';
export type { IdentificationEngine, PhotoAnalysis, Comparison, Candidate } from './types.ts';

/** The production engine: photo analysis in a worker pool, the 1:N index in this thread. */
export async function createEngine(options: EngineOptions = {}): Promise<IdentificationEngine> {
  const workers = Math.max(1, options.workers ?? availableParallelism());
  const pool = new WorkerPool(workers, options.maxQueue ?? workers * 16);
  const index = new SearchIndex();
  return {
    analyzePhoto: (image, opts) => pool.run(image, opts ?? {}),
    async compare(a, b) {
      const similarity = comparePoints(decodeFingerprint(a), decodeFingerprint(b));
      return { similarity: round(similarity), isMatched: similarity >= MATCH_THRESHOLD };
    },
    async identify(fingerprint) {
      const hit = index.identify(fingerprint);
      return hit ? { scrollId: hit.scrollId, similarity: round(hit.similarity) } : null;
    },
    addToIndex: (id, fp) => index.add(id, fp),
    removeFromIndex: (id) => index.remove(id),
    flushIndex: () => index.flush(),
    get indexedCount() {
      return index.size;
    },
    close: () => pool.close(),
  };
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;
