// A deterministic stand-in for the identification engine, for API tests that
// are about the service rather than recognition. Its fingerprint is a 16×16
// greyscale thumbnail, so a re-encoded copy of a photo matches and a different
// photo does not; a flat image holds "no readable scroll". The real engine has
// its own end-to-end tests with real photos.
import sharp from 'sharp';
import {
  EngineBusyError,
  UnsupportedImageError,
  type Candidate,
  type Comparison,
  type IdentificationEngine,
  type PhotoAnalysis,
} from '../../src/engine/types.ts';

const SIDE = 16;
export const TEST_MATCH_THRESHOLD = 0.95;

function similarity(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return 0;
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs(a[i] - b[i]);
  return 1 - total / (a.length * 255);
}

export type TestEngine = IdentificationEngine & {
  /** While true, analyzePhoto refuses work as a saturated pool does. */
  busy: boolean;
  readonly analyzed: number;
};

export function createTestEngine(): TestEngine {
  const index = new Map<string, Uint8Array>();
  let analyzed = 0;
  const engine: TestEngine = {
    busy: false,
    get analyzed() {
      return analyzed;
    },
    get indexedCount() {
      return index.size;
    },
    async analyzePhoto(image, options): Promise<PhotoAnalysis> {
      if (engine.busy) throw new EngineBusyError('queue full');
      analyzed++;
      let thumbnail: Uint8Array;
      try {
        thumbnail = new Uint8Array(
          await sharp(image).rotate().greyscale().resize(SIDE, SIDE, { fit: 'fill' }).raw().toBuffer(),
        );
      } catch {
        throw new UnsupportedImageError('not a decodable image');
      }
      const min = Math.min(...thumbnail);
      const max = Math.max(...thumbnail);
      if (max - min < 16) return { kind: 'invalid', reason: 'no text found' };
      const preview = options?.preview
        ? new Uint8Array(await sharp(image).rotate().resize(640, 640, { fit: 'inside', withoutEnlargement: true }).jpeg().toBuffer())
        : undefined;
      return { kind: 'scroll', fingerprint: thumbnail, preview };
    },
    async compare(a, b): Promise<Comparison> {
      const value = similarity(a, b);
      return { similarity: value, isMatched: value >= TEST_MATCH_THRESHOLD };
    },
    async identify(fingerprint): Promise<Candidate | null> {
      let best: Candidate | null = null;
      for (const [scrollId, stored] of index) {
        const value = similarity(fingerprint, stored);
        if (value >= TEST_MATCH_THRESHOLD && (best === null || value > best.similarity)) best = { scrollId, similarity: value };
      }
      return best;
    },
    addToIndex(scrollId, fingerprint) {
      index.set(scrollId, new Uint8Array(fingerprint));
    },
    removeFromIndex(scrollId) {
      index.delete(scrollId);
    },
    async close() {
      index.clear();
    },
  };
  return engine;
}
