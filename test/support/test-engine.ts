// A deterministic stand-in for the identification engine, for API tests that
// are about the service rather than recognition. It decodes with the engine's
// own decoder, so the photo policy (formats, pixel limit, orientation) and its
// messages are the production ones; only recognition is replaced: the
// fingerprint is a 16×16 thumbnail, so a re-encoded copy of a photo matches and
// a different photo does not, and a flat image holds "no readable scroll". The
// text check is read off the same photo: every black cell of a 16×16 grid is
// one finding (see checkText; test/support/photos.ts draws such photos). The
// real engine has its own end-to-end tests with real photos.
import sharp from 'sharp';
import { decodePhoto } from '../../src/engine/decode-photo.ts';
import type { Gray } from '../../src/engine/raster.ts';
import {
  EngineBusyError,
  TEXT_FINDING_KINDS,
  type Candidate,
  type Comparison,
  type IdentificationEngine,
  type PhotoAnalysis,
  type TextCheck,
  type TextFinding,
  type TextFindingKind,
} from '../../src/engine/types.ts';

const SIDE = 16;
export const TEST_MATCH_THRESHOLD = 0.95;
/** A photo whose brightest and darkest parts differ by less holds no text, for both the analysis and the text check. */
const FLAT_RANGE = 16;
/** A grid cell darker than this on average is a finding of the text check. */
const BLACK_CELL = 32;

/** What the double's text check says was read: the whole text (the double reads all or nothing). */
export const WHOLE_TEXT_READ = { lines: 22, words: 170, letters: 713 } as const;

/** The letters each kind of finding names: what the text has there, and what was written. */
const FINDING_LETTERS: Readonly<Record<TextFindingKind, readonly [expected: string, found: string]>> = {
  missing_letter: ['ש', ''],
  extra_letter: ['', 'ו'],
  wrong_letter: ['ד', 'ר'],
  swapped_letters: ['מע', 'עמ'],
  touching_letters: ['של', 'של'],
  broken_letter: ['ה', 'ה'],
  missing_word: ['שמע', ''],
  extra_word: ['', 'ישראל'],
};
const WORD_KINDS: readonly TextFindingKind[] = ['missing_word', 'extra_word'];

function similarity(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return 0;
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs(a[i] - b[i]);
  return 1 - total / (a.length * 255);
}

export type TestEngine = IdentificationEngine & {
  /** While true, analyzePhoto and checkText refuse work as a saturated pool does. */
  busy: boolean;
  /** Photos decoded and fingerprinted (refused uploads do not count). */
  readonly analyzed: number;
  /** Text checks begun: photos decoded for checkText (refused ones do not count). */
  readonly textChecksBegun: number;
  /** While set, a text check, once begun, waits for it before answering: a check in progress, for as long as a test needs one. */
  textCheckHold: Promise<void> | undefined;
  /** Whom each photo handed to analyzePhoto or checkText was said to come from, in order (refused ones too; '' when not said). */
  readonly requesters: readonly string[];
};

/**
 * The double's text check of a photo: a 16×16 grid over the photo, each cell
 * its mean grey. A flat photo holds no text; each black cell (row r, column c)
 * is a finding of kind TEXT_FINDING_KINDS[c mod 8] on line r + 1, word c + 1,
 * boxed by the cell in the photo's upright pixels as uploaded; none is
 * `no_errors_found`. The whole text is read either way.
 */
function textCheckOf(gray: Gray, uploaded: { readonly width: number; readonly height: number }): TextCheck {
  const cells = cellMeans(gray);
  if (Math.max(...cells) - Math.min(...cells) < FLAT_RANGE) return { kind: 'invalid', reason: 'no text found' };
  const cellWidth = uploaded.width / SIDE;
  const cellHeight = uploaded.height / SIDE;
  const findings: TextFinding[] = [];
  cells.forEach((mean, i) => {
    if (mean >= BLACK_CELL) return;
    const row = Math.floor(i / SIDE);
    const column = i % SIDE;
    const kind = TEXT_FINDING_KINDS[column % TEXT_FINDING_KINDS.length];
    const [expected, found] = FINDING_LETTERS[kind];
    findings.push({
      kind,
      line: row + 1,
      word: column + 1,
      letter: WORD_KINDS.includes(kind) ? null : 1,
      expected,
      found,
      confidence: 0.9,
      box: [Math.round(column * cellWidth), Math.round(row * cellHeight), Math.round(cellWidth), Math.round(cellHeight)],
    });
  });
  return { kind: 'read', verdict: findings.length === 0 ? 'no_errors_found' : 'errors_found', findings, read: WHOLE_TEXT_READ };
}

/** The mean grey of each cell of a SIDE×SIDE grid over the photo, row by row. */
function cellMeans(gray: Gray): number[] {
  const sums = new Array<number>(SIDE * SIDE).fill(0);
  const counts = new Array<number>(SIDE * SIDE).fill(0);
  for (let y = 0; y < gray.height; y++) {
    const row = Math.floor((y * SIDE) / gray.height);
    for (let x = 0; x < gray.width; x++) {
      const cell = row * SIDE + Math.floor((x * SIDE) / gray.width);
      sums[cell] += gray.data[y * gray.width + x];
      counts[cell]++;
    }
  }
  return sums.map((sum, i) => sum / Math.max(1, counts[i]));
}

export function createTestEngine(): TestEngine {
  const index = new Map<string, Uint8Array>();
  let analyzed = 0;
  let textChecksBegun = 0;
  const requesters: string[] = [];
  const engine: TestEngine = {
    requesters,
    busy: false,
    textCheckHold: undefined,
    get analyzed() {
      return analyzed;
    },
    get textChecksBegun() {
      return textChecksBegun;
    },
    get indexedCount() {
      return index.size;
    },
    // The double runs each photo at once in this thread: no worker is ever held, no photo waits.
    get load() {
      return { workers: 1, running: 0, queued: 0 };
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
      if (max - min < FLAT_RANGE) return { kind: 'invalid', reason: 'no text found' };
      return { kind: 'scroll', fingerprint: thumbnail, preview };
    },
    async checkText(image, requester = ''): Promise<TextCheck> {
      requesters.push(requester);
      if (engine.busy) throw new EngineBusyError('queue full');
      const { gray } = await decodePhoto(image, false);
      textChecksBegun++;
      await engine.textCheckHold;
      const { autoOrient } = await sharp(image).metadata();
      return textCheckOf(gray, autoOrient);
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
