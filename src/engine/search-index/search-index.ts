import { comparePoints, MATCH_THRESHOLD } from '../compare.ts';
import { decodeFingerprint, fingerprintLength, readWordEnds, type ScrollPoints } from '../fingerprint.ts';
import { CANONICAL_X, CANONICAL_Y, WORD_END_COUNT } from '../template.ts';
import { Ballot, BUCKET_LOAD, MAX_INDEX_ENTRIES, PostingTable } from './posting-table.ts';
import { CELL_BITS, DISTORTIONS, queryKeys, residuals, RUN_COUNT, storedCells, WIDE_PROBE_MARGIN, widened, WIDENING, X_MISSING, X_QUANTUM, Y_MISSING, Y_QUANTUM } from './run-keys.ts';

// The registry's in-memory 1:N index (run-keys.ts says what it files): votes
// in tiers, rarest buckets first, and each tier's leaders verified point for
// point; the first verified match ends the search.

/** Candidates from the vote that get the full point-for-point comparison; of each distortion's own vote (run-keys.ts, DISTORTIONS), DISTORTION_SHORTLIST: 8 found the same photos at 1.5× the time. */
const SHORTLIST = 16;
const DISTORTION_SHORTLIST = 4;
/**
 * The second tier reads buckets of up to this share of the registered scrolls.
 * Chosen on the tune set at 100,000 registered with the first two tiers as one:
 * it read 0.066 postings per registered scroll per query instead of 2.7, and
 * found 539 of the 544 photos that all tiers find.
 */
const CROWDED_SHARE = 0.001;
/** Postings in a bucket the first tier reads at most, however many scrolls are registered. */
const RARE_BUCKET = 4 * BUCKET_LOAD;
/**
 * The last tier reads buckets of up to this share of the registered scrolls
 * (and at least STOP_FLOOR postings); larger ones are the index's stop words,
 * never read: a key that many scrolls share votes for thousands of them at
 * once and says next to nothing about any. Chosen with the report and tune
 * sets' phone photos at 1,000,000 registered: a photo of an unregistered
 * scroll read 2.4 million postings per query (1.7 million at a share of 0.02,
 * 80 thousand at 0.002) and took a median 35–49 ms (24 ms at 0.002); photos of
 * registered scrolls found 193 / 390 (194 / 392 at 0.002): the chance votes of
 * crowded buckets can push a photo's own scroll out of the shortlist. At
 * 100,000 (floor 1,024) the tune set's found 392 (391), the report set's the
 * same; at 10,000 nothing changed (no bucket these photos probed held more
 * than 1,024 postings).
 */
const STOP_SHARE = 0.002;
const STOP_FLOOR = 8 * RARE_BUCKET;
/** A run slot's buckets at least: 2^3 per slot, about a thousand in all. */
const MIN_SLOT_BITS = 3;
/** Entries added and not yet filed that make the index rebuild its table at once, at least. */
const BULK_MIN = 4096;

/** Entries per block of stored word ends: the point store grows a block at a time and never copies. */
const POINT_BLOCK = 1024;

export type IndexHit = { scrollId: string; similarity: number };

export type SearchIndexOptions = {
  /** Entries (registrations and replacements since start-up) the index takes before refusing more; at most, and by default, 2^24. */
  readonly maxEntries?: number;
};

export class SearchIndex {
  readonly #maxEntries: number;
  #ids: (string | null)[] = [];
  #slotOf = new Map<string, number>();
  #table = new PostingTable(MIN_SLOT_BITS);
  #ballot = new Ballot();
  /** Word-end residuals, WORD_END_COUNT per entry in blocks of POINT_BLOCK entries; X_MISSING where absent. */
  #xs: Int16Array[] = [];
  #ys: Int8Array[] = [];
  #live = 0;
  /** Entries below this are filed in the posting table; those above wait for flush(). */
  #filed = 0;
  /** Scratch for filing one entry and reading its word ends back (an index is used from one thread). */
  #wordEnds: ScrollPoints = { keys: new Uint16Array(WORD_END_COUNT), xs: new Float32Array(WORD_END_COUNT), ys: new Float32Array(WORD_END_COUNT) };
  readonly #cells = new Int32Array(RUN_COUNT);
  readonly #keys = new Int32Array(RUN_COUNT);
  readonly #spacingBins = new Int8Array(WORD_END_COUNT);

  constructor(options: SearchIndexOptions = {}) {
    this.#maxEntries = Math.min(MAX_INDEX_ENTRIES, options.maxEntries ?? MAX_INDEX_ENTRIES);
  }

  get size(): number {
    return this.#live;
  }

  /** Adds a registered scroll, or replaces its fingerprint when the id is already indexed. */
  add(id: string, fingerprint: Uint8Array): void {
    // Refused before anything changes: a replaced scroll keeps its old fingerprint.
    if (this.#ids.length >= this.#maxEntries) throw new RangeError(`the index holds at most ${this.#maxEntries} entries (registrations and replacements since start-up)`);
    const n = fingerprintLength(fingerprint);
    if (this.#wordEnds.keys.length < n) this.#wordEnds = { keys: new Uint16Array(n), xs: new Float32Array(n), ys: new Float32Array(n) };
    readWordEnds(fingerprint, n, this.#wordEnds);
    this.remove(id);
    const entry = this.#ids.length;
    this.#ids.push(id);
    this.#slotOf.set(id, entry);
    this.#live++;
    // Filing waits for the next query (or flush), so a bulk load is filed in one pass.
    this.#storePoints(entry, this.#wordEnds, n);
  }

  /**
   * Files every entry added since the last query or flush, so the next query
   * does not pay for it. A few are filed one by one; many (more than a quarter
   * of those filed, as in a start-up load) rebuild the table in two sequential
   * passes, sized for them.
   */
  flush(): void {
    const pending = this.#ids.length - this.#filed;
    if (pending === 0) return;
    if (pending > Math.max(BULK_MIN, this.#filed >> 2)) {
      this.#rebuild();
      return;
    }
    for (let entry = this.#filed; entry < this.#ids.length; entry++) this.#table.add(this.#keys, this.#keysOf(entry, this.#keys), entry);
    this.#filed = this.#ids.length;
    if (this.#table.size > BUCKET_LOAD * 2 * this.#table.buckets) this.#rebuild();
  }

  /**
   * Forgets a scroll. Its postings stay behind, pointing at an empty entry that
   * votes are never counted for, until the table is next rebuilt; removals are
   * rare (a registration rolled back).
   */
  remove(id: string): void {
    const entry = this.#slotOf.get(id);
    if (entry === undefined) return;
    this.#slotOf.delete(id);
    this.#ids[entry] = null;
    this.#live--;
  }

  /** Bytes held by the index's typed arrays (postings, points, vote counters); entries added since the last flush are not filed yet. */
  get byteSize(): number {
    let bytes = this.#table.byteSize + this.#ballot.votes.byteLength + this.#ballot.touched.byteLength + this.#ballot.candidates.byteLength;
    for (let b = 0; b < this.#xs.length; b++) bytes += this.#xs[b].byteLength + this.#ys[b].byteLength;
    return bytes;
  }

  /** The best-matching registered scroll, or null when none reaches the match threshold. */
  identify(fingerprint: Uint8Array): IndexHit | null {
    const query = decodeFingerprint(fingerprint);
    this.flush();
    const ballot = this.#ballot;
    ballot.reserve(this.#ids.length);
    // Rarest buckets first: most photos of registered scrolls are found in the
    // first tier, whose cost does not grow with the registry.
    const limits = [RARE_BUCKET, Math.max(RARE_BUCKET, CROWDED_SHARE * this.#live), Math.max(STOP_FLOOR, STOP_SHARE * this.#live)];
    const [, secondTier, allButStopWords] = limits;
    const verified = new Set<number>();
    try {
      const r = residuals(query);
      const probed = queryKeys(r);
      let keys = probed;
      for (const limit of limits) {
        const skipped: number[] = [];
        for (const key of keys) if (!this.#table.vote(key, ballot, limit)) skipped.push(key);
        if (skipped.length === keys.length) continue; // this tier voted nothing new
        const found = this.#verify(query, ballot.top(SHORTLIST, this.#isLive), verified);
        if (found) return found;
        if (skipped.length === 0) break;
        keys = skipped;
      }
      // Read roughly, or not registered: the wider probe (the keys not probed
      // yet), in buckets up to the second tier's size.
      const wide = new Set(queryKeys(r, WIDE_PROBE_MARGIN));
      for (const w of [-WIDENING, WIDENING]) for (const key of queryKeys(widened(r, w))) wide.add(key);
      for (const key of probed) wide.delete(key);
      const found = this.#voteAndVerify(query, wide, secondTier, SHORTLIST, verified);
      if (found) return found;
      // Each distortion of the photo alone, in every bucket but the stop words.
      for (const distort of DISTORTIONS) {
        ballot.clear();
        const hit = this.#voteAndVerify(query, queryKeys(distort(r)), allButStopWords, DISTORTION_SHORTLIST, verified);
        if (hit) return hit;
      }
      return null;
    } finally {
      ballot.clear();
    }
  }

  /** Entries with the most runs in common with the query (every key counted), best first. */
  shortlist(query: ScrollPoints, size = SHORTLIST): number[] {
    this.flush();
    const ballot = this.#ballot;
    ballot.reserve(this.#ids.length);
    try {
      for (const key of queryKeys(residuals(query))) this.#table.vote(key, ballot);
      return ballot.top(size, this.#isLive).map((c) => c.entry);
    } finally {
      ballot.clear();
    }
  }

  #isLive = (entry: number): boolean => this.#ids[entry] !== null;

  /** Votes `keys` into the ballot, in buckets of up to `limit` postings, and verifies its `size` leaders; null when no key voted or no leader matched. */
  #voteAndVerify(query: ScrollPoints, keys: Iterable<number>, limit: number, size: number, verified: Set<number>): IndexHit | null {
    let voted = false;
    for (const key of keys) if (this.#table.vote(key, this.#ballot, limit)) voted = true;
    return voted ? this.#verify(query, this.#ballot.top(size, this.#isLive), verified) : null;
  }

  /** Compares the query with each candidate not compared yet; the best at or above the threshold. */
  #verify(query: ScrollPoints, candidates: readonly { entry: number; votes: number }[], verified: Set<number>): IndexHit | null {
    let best: IndexHit | null = null;
    let bestVotes = 0;
    for (const { entry, votes } of candidates) {
      // Candidates with less than half the votes of a verified match are chance agreement.
      if (2 * votes < bestVotes) break;
      if (verified.has(entry)) continue;
      verified.add(entry);
      const similarity = comparePoints(query, this.#loadPoints(entry));
      if (similarity >= MATCH_THRESHOLD && (!best || similarity > best.similarity)) {
        best = { scrollId: this.#ids[entry]!, similarity };
        bestVotes = Math.max(bestVotes, votes);
      }
    }
    return best;
  }

  /**
   * The key of each run an entry shows in full, written to `out`; none once
   * removed. Its cells as a build reads them.
   */
  #keysOf(entry: number, out: Int32Array): number {
    const cells = this.#cells;
    this.#cellsOf(entry, entry + 1, cells);
    let n = 0;
    for (let slot = 0; slot < RUN_COUNT; slot++) if (cells[slot] >= 0) out[n++] = (slot << CELL_BITS) | cells[slot];
    return n;
  }

  /** The cells of entries [from, to), slot by slot, for PostingTable.build (-1 for a removed entry's). */
  #cellsOf = (from: number, to: number, out: Int32Array): void => {
    const n = to - from;
    for (let entry = from; entry < to; entry++) {
      if (this.#ids[entry] === null) {
        for (let slot = 0; slot < RUN_COUNT; slot++) out[slot * n + entry - from] = -1;
        continue;
      }
      storedCells(this.#xs[Math.floor(entry / POINT_BLOCK)], (entry % POINT_BLOCK) * WORD_END_COUNT, out, entry - from, n, this.#spacingBins);
    }
  };

  /** Every live entry filed afresh, in buckets sized for them (which also drops removed entries' postings). */
  #rebuild(): void {
    const postings = this.#table.size + (this.#ids.length - this.#filed) * RUN_COUNT;
    let slotBits = MIN_SLOT_BITS;
    while (postings > BUCKET_LOAD * (RUN_COUNT << slotBits)) slotBits++;
    this.#table = PostingTable.build(slotBits, this.#ids.length, this.#cellsOf);
    this.#filed = this.#ids.length;
  }

  #storePoints(entry: number, points: ScrollPoints, count: number): void {
    const block = Math.floor(entry / POINT_BLOCK);
    while (this.#xs.length <= block) {
      this.#xs.push(new Int16Array(POINT_BLOCK * WORD_END_COUNT));
      this.#ys.push(new Int8Array(POINT_BLOCK * WORD_END_COUNT));
    }
    const xs = this.#xs[block];
    const ys = this.#ys[block];
    const base = (entry % POINT_BLOCK) * WORD_END_COUNT;
    xs.fill(X_MISSING, base, base + WORD_END_COUNT);
    for (let i = 0; i < count; i++) {
      const k = points.keys[i];
      if (k >= WORD_END_COUNT) continue;
      // Rounded to the nearest quantum (floor(v + 0.5): Math.round is several times slower here).
      const x = Math.floor((points.xs[i] - CANONICAL_X[k]) * (1 / X_QUANTUM) + 0.5);
      const y = Math.floor((points.ys[i] - CANONICAL_Y[k]) * (1 / Y_QUANTUM) + 0.5);
      // A word end beyond these ranges sits far off the template: no evidence worth keeping.
      if (x <= X_MISSING || x > 32767 || y <= Y_MISSING || y > 127) continue;
      xs[base + k] = x;
      ys[base + k] = y;
    }
  }

  #loadPoints(entry: number): ScrollPoints {
    const block = Math.floor(entry / POINT_BLOCK);
    const storedX = this.#xs[block];
    const storedY = this.#ys[block];
    const base = (entry % POINT_BLOCK) * WORD_END_COUNT;
    const keys: number[] = [];
    const xs: number[] = [];
    const ys: number[] = [];
    for (let k = 0; k < WORD_END_COUNT; k++) {
      const x = storedX[base + k];
      if (x === X_MISSING) continue;
      keys.push(k);
      xs.push(CANONICAL_X[k] + x * X_QUANTUM);
      ys.push(CANONICAL_Y[k] + storedY[base + k] * Y_QUANTUM);
    }
    return { keys: Uint16Array.from(keys), xs: Float32Array.from(xs), ys: Float32Array.from(ys) };
  }
}
