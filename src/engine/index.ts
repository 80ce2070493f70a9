import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { comparePoints, MATCH_THRESHOLD } from './compare.ts';
import { decodeFingerprint } from './fingerprint.ts';
import { WorkerPool } from './pool.ts';
import { SearchIndex } from './search-index/search-index.ts';
import type { EngineObserver, IdentificationEngine } from './types.ts';

/** The queue's places a worker, unless EngineOptions.maxQueue says otherwise. */
export const QUEUED_PHOTOS_PER_WORKER = 16;

export type EngineOptions = {
  /** Worker threads for photo analysis; defaults to the machine's cores. */
  readonly workers?: number;
  /** Photos allowed to wait for a worker before new ones are refused. */
  readonly maxQueue?: number;
  /** Of those, one requester's at most (WorkerPool); a quarter of the queue unless given. */
  readonly maxQueuedPerRequester?: number;
  /** Told of each photo's wait and outcome (the operator's metrics). */
  readonly observer?: EngineObserver;
};

export { EngineBusyError, UnsupportedImageError } from './types.ts';
export type { EngineLoad, EngineObserver, IdentificationEngine, PhotoOutcome, PhotoAnalysis, TextCheck, TextFinding, Comparison, Candidate } from './types.ts';

/** The production engine: photo analysis and text checks in one worker pool, the 1:N index in this thread. */
export async function createEngine(options: EngineOptions = {}): Promise<IdentificationEngine> {
  const workers = Math.max(1, options.workers ?? availableParallelism());
  const pool = new WorkerPool(workers, options.maxQueue ?? workers * QUEUED_PHOTOS_PER_WORKER, undefined, options.maxQueuedPerRequester, options.observer);
  const index = new SearchIndex();
  return {
    analyzePhoto: (image, opts, requester) => pool.run(image, opts ?? {}, requester),
    checkText: (image, requester) => pool.checkText(image, requester),
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
    get load() {
      return pool.load;
    },
    async warmUp() {
      const photo = new Uint8Array(await readFile(WARM_UP_PHOTO));
      const results = await pool.warmUp(photo, WARM_UP_ROUNDS);
      return { workers: results.length, readAsScroll: results.filter((r) => r.kind === 'scroll').length };
    },
    close: () => pool.close(),
  };
}

/**
 * A 2 MP phone photo of a synthetic scroll (tilted 18°, slightly curled), read
 * by every worker at start-up: a cold worker took 690 ms over its steady 415 ms
 * on its first 12 MP photo, and 440 ms after two readings of this one. Made by
 * tools/synth: photographScroll(makeScroll(makeScribe(deriveSeed('warm-up', 'scribe')),
 * deriveSeed('warm-up', 'scroll')), { kind: 'phone', seed: deriveSeed('warm-up', 'shot'),
 * megapixels: 2, tilt: 18, motion: 0, finger: false, crop: false, glare: false, jpeg: 80 }).
 */
const WARM_UP_PHOTO = new URL('./warm-up.jpg', import.meta.url);
const WARM_UP_ROUNDS = 2;

const round = (x: number) => Math.round(x * 1e4) / 1e4;
