// A deterministic stand-in for the identification engine, for API tests that
// are about the service rather than recognition. It decodes with the engine's
// own decoder, so the photo policy (formats, pixel limit, orientation) and its
// messages are the production ones; only recognition is replaced: the
// fingerprint is a 16×16 thumbnail, so a re-encoded copy of a photo matches and
// a different photo does not, and a flat image holds "no readable scroll". The
// real engine has its own end-to-end tests with real photos.
import sharp from 'sharp';
import { decodePhoto } from '../../src/engine/decode-photo.ts';
import {
  EngineBusyError,
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
  /** Photos decoded and fingerprinted (refused uploads do not count). */
  readonly analyzed: number;
  /** Whom each photo handed to analyzePhoto was said to come from, in order (refused ones too; '' when not said). */
  readonly requesters: readonly string[];
};

export function createTestEngine(): TestEngine {
  const index = new Map<string, Uint8Array>();
  let analyzed = 0;
  const requesters: string[] = [];
  const engine: TestEngine = {
    requesters,
    busy: false,
    get analyzed() {
      return analyzed;
    },
    get indexedCount() {
      return index.size;
    },
    async analyzePhoto(image, options, requester = ''): Promise<PhotoAnalysis> {
      requesters.push(requester);
      if (engine.busy) throw new EngineBusyError('queue full');
      // Rejects with UnsupportedImageError as the production engine does.
      const { gray, preview } = await decodePhoto(image, options?.preview === true);
      analyzed++;
      const thumbnail = new Uint8Array(
        await sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } }).resize(SIDE, SIDE, { fit: 'fill' }).raw().toBuffer(),
      );
      const min = Math.min(...thumbnail);
      const max = Math.max(...thumbnail);
      if (max - min < 16) return { kind: 'invalid', reason: 'no text found' };
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
    flushIndex() {},
    // No worker threads, nothing to compile ahead.
    async warmUp() {
      return { workers: 0, readAsScroll: 0 };
    },
    async close() {
      index.clear();
    },
  };
  return engine;
}

/** The requesters of the photos handed to `engine` while `work` ran (see TestEngine.requesters). */
export async function requestersDuring(engine: TestEngine, work: () => Promise<unknown>): Promise<string[]> {
  const before = engine.requesters.length;
  await work();
  return engine.requesters.slice(before);
}
