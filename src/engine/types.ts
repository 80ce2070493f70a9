// The boundary between the identification engine and the rest of the service.
// Nothing here knows about HTTP or the database: the domain layer feeds the
// engine bytes and stored fingerprints, and the engine answers with values.

/** Result of looking at one uploaded photo. */
export type PhotoAnalysis =
  | {
      readonly kind: 'scroll';
      /** Opaque, versioned, serialisable fingerprint of the physical scroll; stored in the database as a blob. */
      readonly fingerprint: Uint8Array;
      /** JPEG, at most 640 px on the long side, metadata stripped; present when asked for. */
      readonly preview?: Uint8Array;
    }
  | {
      /** The image decoded, but holds no readable mezuzah text (background, blur, blank parchment, other text...). */
      readonly kind: 'invalid';
      readonly reason: string;
    };

/** What the text check reports, one kind per error a scribe makes (issue 53). */
export const TEXT_FINDING_KINDS = [
  'missing_letter',
  'extra_letter',
  'wrong_letter',
  'swapped_letters',
  'touching_letters',
  'broken_letter',
  'missing_word',
  'extra_word',
] as const;
export type TextFindingKind = (typeof TEXT_FINDING_KINDS)[number];

/** One place where the text as written differs from the mezuzah's text, or may. */
export type TextFinding = {
  readonly kind: TextFindingKind;
  /** Line of the standard 22-line layout, 1–22. */
  readonly line: number;
  /** 1-based word of that line in the correct text; for extra_word the word it follows (0: at the line's start). */
  readonly word: number;
  /** 1-based letter of that word in the correct text (swapped and touching: the first of the two; extra_letter: the letter it follows, 0 at the word's start); null for the word kinds. */
  readonly letter: number | null;
  /** The correct letters there ("" for the extra kinds). */
  readonly expected: string;
  /** What was read there ("" for the missing kinds). */
  readonly found: string;
  /** How sure the engine is, 0–1. */
  readonly confidence: number;
  /** Where, in the pixels of the photo as uploaded, upright per its EXIF orientation: [x, y, w, h]. */
  readonly box: readonly [number, number, number, number];
};

/** The text check of one photo. */
export type TextCheck =
  | {
      readonly kind: 'read';
      /** "no_errors_found" only when every one of the 713 letters was read and none was found wanting. */
      readonly verdict: 'no_errors_found' | 'errors_found';
      readonly findings: readonly TextFinding[];
      /** How much of the text was read and tied to it: at most 22 lines, 170 words, 713 letters. */
      readonly read: { readonly lines: number; readonly words: number; readonly letters: number };
    }
  | { readonly kind: 'invalid'; readonly reason: string };

export type AnalyzeOptions = {
  /** Also produce a downsized, metadata-free JPEG preview of the photo (registration keeps one). */
  readonly preview?: boolean;
};

export type Comparison = {
  /** Calibrated similarity in [0, 1]. */
  readonly similarity: number;
  /** similarity >= the engine's match threshold. */
  readonly isMatched: boolean;
};

export type Candidate = {
  readonly scrollId: string;
  readonly similarity: number;
};

export interface IdentificationEngine {
  /**
   * Decodes the photo (EXIF orientation honoured), finds the scroll and fingerprints it, in the worker pool.
   * Rejects with UnsupportedImageError when the bytes are not an accepted image (JPEG, PNG, WebP, HEIC/HEIF)
   * or exceed the pixel limit, and with EngineBusyError when the work queue is full, or holds as many of
   * `requester`'s photos as one requester may queue. `requester` names who sent the photo (an IP address,
   * a store): photos wait for a worker in one queue per requester, served in turn, so that one client's
   * photos cannot hold every worker while another's wait (engine/pool.ts). All photos are one requester's
   * unless given.
   */
  analyzePhoto(image: Uint8Array, options?: AnalyzeOptions, requester?: string): Promise<PhotoAnalysis>;
  /**
   * Reads every letter of the scroll's text in the photo and says where it differs from the mezuzah's text,
   * in the worker pool, queued as analyzePhoto is (same errors, same per-requester queue).
   */
  checkText(image: Uint8Array, requester?: string): Promise<TextCheck>;
  /** Verifies two fingerprints against each other. */
  compare(a: Uint8Array, b: Uint8Array): Promise<Comparison>;
  /** 1:N search of the index: the registered scroll the fingerprint matches, or null when none does. */
  identify(fingerprint: Uint8Array): Promise<Candidate | null>;
  /** Adds (or replaces) a registered scroll in the in-memory index; searchable once flushed (identify flushes first). */
  addToIndex(scrollId: string, fingerprint: Uint8Array): void;
  removeFromIndex(scrollId: string): void;
  /** Completes the indexing of what was added, so that the next identify does not pay for a bulk load. */
  flushIndex(): void;
  /** Number of scrolls in the index. */
  readonly indexedCount: number;
  /** What the worker pool holds at this moment (an operator's metrics read it). */
  readonly load: EngineLoad;
  /**
   * Has every worker analyse a bundled scroll photo, so that the first requests
   * after start-up run compiled code; says how many workers did, and how many
   * of them read it as a scroll (all, unless the engine has regressed).
   */
  warmUp(): Promise<{ workers: number; readAsScroll: number }>;
  close(): Promise<void>;
}

export type EngineLoad = {
  readonly workers: number;
  /** Workers analysing a photo now. */
  readonly running: number;
  /** Photos waiting for a worker, every requester's. */
  readonly queued: number;
};

/** How a photo's turn in the pool ended: the result's kind, or why there was none. */
export type PhotoOutcome = 'scroll' | 'invalid' | 'read' | 'unsupported' | 'failed' | 'busy';

/** Told of each photo's turn in the pool, for an operator's metrics; the engine knows nothing of how they are kept. */
export type EngineObserver = {
  /** A photo left the queue for a worker after waiting `waitedMs` (0 when a worker was free). */
  started(waitedMs: number): void;
  /** A photo's analysis (`analyze`) or text check (`text`) ended after `ranMs` on its worker; `busy` photos were refused at once (0 ms). */
  finished(task: 'analyze' | 'text', outcome: PhotoOutcome, ranMs: number): void;
};

/** The upload is not an image this service accepts; the message says why and is safe to show to the client. */
export class UnsupportedImageError extends Error {
  override readonly name = 'UnsupportedImageError';
}

/** The worker pool's queue is full; the caller should answer 503 with Retry-After. */
export class EngineBusyError extends Error {
  override readonly name = 'EngineBusyError';
}
