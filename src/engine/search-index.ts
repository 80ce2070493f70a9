import { comparePoints, MATCH_THRESHOLD } from './compare.ts';
import { decodeFingerprint, fingerprintLength, readWordEnds, type ScrollPoints } from './fingerprint.ts';
import { CANONICAL_X, CANONICAL_Y, TEMPLATE_LINES, WORD_END_COUNT } from './template.ts';

// The registry's in-memory 1:N index: an inverted file of quantised local
// spacing, in the spirit of LLAH (Nakai, Kise, Iwamura), made simpler by the
// fact that every mezuzah carries the same text, so each word end already has
// a name and no correspondence search is needed.
//
// A *run* is five consecutive word ends on one line starting at a word's
// start: that word's start and end, the next word's start and end, the third
// word's start. Its key is its place in the text and its four spacings (word
// widths and the gaps between), each measured against the template and
// quantised. Spacing is the scribe's hand, and local enough that the page
// normalisation's leftover perspective and curl cancel out of it. A photo of a
// registered scroll shares many of its runs' keys with the registration;
// another scroll, even by the same scribe, shares a few by chance. Votes
// shortlist candidates; each is then verified point for point.
//
// Hand variation is small next to the bins (a spacing's spread across scrolls
// is about one bin), so some keys are common: most postings a query would read
// sit in the few keys near the template's own spacing, and they say little.
// A query therefore reads its buckets in tiers, rarest first: buckets of at
// most RARE_BUCKET postings, whatever the registry's size; then those up to a
// share of the registry; then the rest but the largest, which are the index's
// stop words and never read (STOP_SHARE). Each tier's leaders are verified,
// and the first verified match ends the search. A photo of a registered scroll
// is usually found in the first tier; a photo of an unregistered one pays for
// all three, for a wider probe meant for photos read roughly
// (WIDE_PROBE_MARGIN), and for hypotheses of how its spacings were distorted,
// each voted on its own (DISTORTIONS).
//
// Adding a scroll stores its word ends and leaves filing its runs to the next
// query or flush(), so that a start-up load of a million scrolls is filed in
// one sequential build instead of a million small insertions and merges.
//
// Memory per scroll: one u32 posting per run (at most 126), a fraction of a
// byte of bucket table per posting, and the word ends quantised for
// verification (x in 16 bits, y in 8, for 340 ends): about 1.6 KB, measured by
// the benchmark.

/** Width of a spacing bin, in column widths (about a seventh of a letter). */
const SPACING_BIN = 0.005;
/** Bins per spacing; spacings beyond the outermost bins fall into them. */
const BINS = 16;
/** Candidates from the vote that get the full point-for-point comparison. */
const SHORTLIST = 16;
/** Votes below this never reach verification (chance agreement). */
const MIN_VOTES = 3;
/** Word-end residuals are stored in units of these many column widths: x in int16, y (which varies less) in int8. */
const X_QUANTUM = 1e-4;
const Y_QUANTUM = 4e-4;
const X_MISSING = -32768;
const Y_MISSING = -128;
/** Stored x quanta per spacing bin. */
const QUANTA_PER_BIN = Math.round(SPACING_BIN / X_QUANTUM);

/** Spacings hashed together: a run of SPACINGS + 1 consecutive word ends on one line. */
const SPACINGS = 4;
/** A query also probes the neighbour bin of a spacing measured within this fraction of a bin from the boundary. */
const PROBE_MARGIN = 0.25;
/**
 * When no tier verifies a match, a last, wider probe: every spacing's nearer
 * neighbour bin too, for photos whose word ends were read a bin or two off
 * (blur, steep tilt), where one spacing in four off its bin loses the run;
 * and the keys of the photo's words read WIDENING wider and narrower (every
 * start out and every end in, by that much): strokes look thicker in a
 * softer or darker photo, which widens every word and narrows every gap
 * alike, moving each spacing of a run half a bin or more the same way.
 * Chosen on the tune set at 10,000 registered: of the 393 phone photos that
 * matched their registration point for point, the tiers found 388; the
 * neighbour bins brought 391 and the widening (0.4, 0.6, 0.8 bins: 392, 393,
 * 391) all 393.
 */
const WIDE_PROBE_MARGIN = 0.5;
const WIDENING = 0.6 * SPACING_BIN;
/**
 * When the wider probe finds nothing either, the last stage: hypotheses of how
 * the photo's word ends came to be measured apart from its registration's, each
 * voted in a ballot of its own and its leaders (DISTORTION_SHORTLIST) verified:
 * strokes read thicker or thinner by other amounts than WIDENING (motion blur,
 * focus), and a page framed a few percent large or small along its lines
 * (steep tilt), where every spacing grows or shrinks with its own length.
 * Voted in one ballot with the probes above, the chance votes of the other
 * hypotheses outnumber the one real match. Measured against the wider probe
 * alone (bench sets' phone photos, hand-model distractors): tune set 396 =
 * 396, 391 → 395 and 389 → 395 of 400 found at 10,000, 100,000 and 1,000,000
 * registered; a fresh set (seed 3303) 299 = 299 of 300 at 10,000 and 100,000;
 * report set 195 → 197 of 200 at 10,000 (its two misses, which led to this
 * stage), 195 = 195 at 100,000 and 1,000,000; no photo of an unregistered
 * scroll found a scroll. It costs only answers of not found: 9 → 18 ms at
 * 10,000 and 100,000, 14 → 29 ms at 1,000,000, verifying 4 leaders of each
 * hypothesis; 8 found the same photos (each was first or second in its
 * hypothesis's vote) at 24 and 34 ms.
 *
 * Each hypothesis's ballot reads every bucket but the stop words (the last
 * tier's limit), not only those up to the second tier's size: a ballot of
 * its own holds no chance votes of the other probes, so the crowded buckets
 * near the template's spacing carry the match instead of burying it. Against
 * the second tier's limit, with the same photos and distractors (2026-11-27,
 * scratch harness over each set's phone photos): tune set 399 = 399 of 399
 * read at 10,000, 398 = 398 at 100,000, 397 → 398 at 1,000,000; fresh set
 * (seed 3303) 198 = 198 of 200 at 10,000 and 100,000, 195 → 197 at 1,000,000;
 * report set 198 = 198 at every size; no photo of an unregistered scroll found
 * a scroll. Answers of not found cost 19 → 20–22 ms at 10,000, 22–25 → 31–32
 * ms at 100,000 and 28–31 → 39–44 ms at 1,000,000.
 */
const DISTORTIONS: readonly ((r: Float64Array) => Float64Array)[] = [
  ...[-0.9, -0.3, 0.3, 0.9].map((bins) => (r: Float64Array) => widened(r, bins * SPACING_BIN)),
  ...[-0.045, -0.03, -0.015, 0.015, 0.03, 0.045].map((share) => (r: Float64Array) => scaled(r, share)),
];
const DISTORTION_SHORTLIST = 4;

/** Runs of word ends, starting at each word's start, in text order. A run's index is its slot. */
const RUNS: readonly (readonly number[])[] = TEMPLATE_LINES.flatMap((line) => {
  const ends = line.flatMap((w) => [2 * w.id, 2 * w.id + 1]);
  const runs: number[][] = [];
  for (let j = 0; j + SPACINGS < ends.length; j += 2) runs.push(ends.slice(j, j + SPACINGS + 1));
  return runs;
});
const RUN_COUNT = RUNS.length;
const BIN_BITS = Math.log2(BINS);
/** A key is its run's slot above CELL_BITS bits of cell (the run's binned spacings). */
const CELL_BITS = BIN_BITS * SPACINGS;
const CELL_MASK = (1 << CELL_BITS) - 1;
/** Each run's first word end: a run's ends are consecutive (word ids run along each line). */
const RUN_FIRST = Int32Array.from(RUNS, (run) => run[0]);
if (RUNS.some((run) => run.some((k, d) => k !== run[0] + d))) throw new Error('a run of word ends is not consecutive');

/** x of each word end against the template (NaN where the photo did not show it). */
function residuals(points: ScrollPoints): Float64Array {
  const r = new Float64Array(WORD_END_COUNT).fill(Number.NaN);
  for (let i = 0; i < points.keys.length; i++) r[points.keys[i]] = points.xs[i] - CANONICAL_X[points.keys[i]];
  return r;
}

/** Each spacing of a run on the bin axis (bin b spans [b, b+1)); false when an end is missing. */
function spacingPositions(r: Float64Array, run: readonly number[], out: Float64Array): boolean {
  for (let d = 0; d < SPACINGS; d++) {
    const spacing = r[run[d + 1]] - r[run[d]];
    if (spacing !== spacing) return false;
    out[d] = spacing / SPACING_BIN + BINS / 2;
  }
  return true;
}

/** Residuals of word ends read `w` further out: every word's start (even key) and end moved apart by w, so every word is 2w wider and every gap 2w narrower. */
function widened(r: Float64Array, w: number): Float64Array {
  return r.map((x, k) => (k % 2 === 0 ? x + w : x - w));
}

/** Residuals of word ends read on a page `share` larger along its lines: every spacing grows by that share of itself. */
function scaled(r: Float64Array, share: number): Float64Array {
  return r.map((x, k) => x + share * (x + CANONICAL_X[k]));
}

const clampBin = (b: number) => (b < 0 ? 0 : b >= BINS ? BINS - 1 : b);

/**
 * The cells a query probes for each run: its own, and for every spacing
 * measured close to a bin boundary, the neighbour across it too (all
 * combinations), so a small measurement error across a boundary still lands.
 */
function queryKeys(r: Float64Array, margin = PROBE_MARGIN): number[] {
  const out: number[] = [];
  const pos = new Float64Array(SPACINGS);
  const own = new Int32Array(SPACINGS);
  const other = new Int32Array(SPACINGS);
  for (let slot = 0; slot < RUN_COUNT; slot++) {
    if (!spacingPositions(r, RUNS[slot], pos)) continue;
    const ambiguous: number[] = [];
    for (let d = 0; d < SPACINGS; d++) {
      const b = Math.floor(pos[d]);
      const frac = pos[d] - b;
      own[d] = clampBin(b);
      other[d] = clampBin(frac < 0.5 ? b - 1 : b + 1);
      if (Math.min(frac, 1 - frac) < margin && other[d] !== own[d]) ambiguous.push(d);
    }
    for (let mask = 0; mask < 1 << ambiguous.length; mask++) {
      let cell = 0;
      for (let d = 0; d < SPACINGS; d++) {
        const flip = ambiguous.indexOf(d);
        cell = cell * BINS + (flip >= 0 && mask & (1 << flip) ? other[d] : own[d]);
      }
      out.push((slot << CELL_BITS) | cell);
    }
  }
  return out;
}

/**
 * Postings per bucket at most when the table is built; chained additions that
 * take the average past twice this rebuild it. Larger buckets cost each probe
 * a few more postings to read; smaller ones cost memory (8 bytes per bucket)
 * and, in a start-up build, cache misses.
 */
const BUCKET_LOAD = 32;
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
/** Entries whose cells a build computes at a time (8 MB of cells). */
const BUILD_CHUNK = 1 << 14;
/** A run slot's buckets at least: 2^3 per slot, about a thousand in all. */
const MIN_SLOT_BITS = 3;
/** Entries added and not yet filed that make the index rebuild its table at once, at least. */
const BULK_MIN = 4096;
/** Postings added since the last merge that trigger one, at least; otherwise a quarter of those merged. */
const MIN_FRESH = 1 << 14;

/**
 * A posting is an entry number above a TAG_BITS tag of its cell: a bucket
 * holds the postings of several cells of its slot, and a query's key votes
 * only for those whose tag is its own, so a colliding cell votes one time in
 * 256 instead of every time. Entry numbers therefore stop at 2^24.
 */
const TAG_BITS = 8;
const TAG_MASK = (1 << TAG_BITS) - 1;
const MAX_INDEX_ENTRIES = 2 ** (32 - TAG_BITS);
/** The posting of an entry under a cell whose mix is `h`. */
const posting = (entry: number, h: number) => ((entry << TAG_BITS) | (h & TAG_MASK)) >>> 0;

/** A 32-bit mix of a run's cell (Murmur3's finaliser): its top bits pick the cell's bucket in its slot, its low bits are its tag. */
function mix(cell: number): number {
  let h = Math.imul(cell ^ (cell >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A copy of `a` with room for `size` items. */
function withRoom<T extends Uint32Array | Int32Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/**
 * The inverted file: entry numbers filed under their runs' keys. Each run slot
 * owns 2^slotBits consecutive buckets, and a key's cell is hashed into its
 * slot's. Cells sharing a bucket cost a few extra postings to read and add
 * chance votes spread over every scroll, far below a real match's. Most
 * postings sit in one compressed-row table (a bucket's postings contiguous,
 * 4 bytes each); those added since it was built hang off per-bucket chains,
 * and are merged into it once they reach a quarter of its size, so adding is
 * cheap and a query reads mostly contiguous memory.
 */
class PostingTable {
  readonly slotBits: number;
  readonly buckets: number;
  #offsets: Uint32Array;
  #items = new Uint32Array(0);
  #head: Int32Array;
  #next = new Int32Array(0);
  #fresh = new Uint32Array(0);
  #freshBucket = new Uint32Array(0);
  #freshCount = 0;

  constructor(slotBits: number) {
    this.slotBits = slotBits;
    this.buckets = RUN_COUNT << slotBits;
    this.#offsets = new Uint32Array(this.buckets + 1);
    this.#head = new Int32Array(this.buckets).fill(-1);
  }

  /**
   * A table built in two passes (count, then fill) over the entries, a chunk
   * of them at a time: `cellsOf(from, to, out)` writes the cells of entries
   * [from, to) slot by slot (out[slot * (to - from) + entry - from]; -1 where
   * an entry has none, as a removed one), and the chunk's postings are filed
   * a slot at a time. One slot's buckets and postings are a small region of
   * the table, so the scattered writes stay in cache, where entry by entry
   * they spread over all of it.
   */
  static build(slotBits: number, entries: number, cellsOf: (from: number, to: number, out: Int32Array) => void): PostingTable {
    const table = new PostingTable(slotBits);
    const { buckets } = table;
    const offsets = table.#offsets;
    const cells = new Int32Array(RUN_COUNT * Math.min(BUILD_CHUNK, entries));
    let items = new Uint32Array(0);
    let cursor = new Uint32Array(0);
    // The count pass tallies each bucket's postings; the fill pass files them.
    const pass = (fill: boolean) => {
      for (let from = 0; from < entries; from += BUILD_CHUNK) {
        const n = Math.min(BUILD_CHUNK, entries - from);
        cellsOf(from, from + n, cells);
        for (let slot = 0; slot < RUN_COUNT; slot++) {
          for (let i = 0, at = slot * n; i < n; i++) {
            const cell = cells[at + i];
            if (cell < 0) continue;
            const h = mix(cell);
            const b = table.#bucketIn(slot, h);
            if (fill) items[cursor[b]++] = posting(from + i, h);
            else offsets[b + 1]++;
          }
        }
      }
    };
    pass(false);
    for (let b = 0; b < buckets; b++) offsets[b + 1] += offsets[b];
    items = new Uint32Array(offsets[buckets]);
    cursor = offsets.slice(0, buckets);
    pass(true);
    table.#items = items;
    return table;
  }

  get size(): number {
    return this.#items.length + this.#freshCount;
  }

  get byteSize(): number {
    return this.#offsets.byteLength + this.#items.byteLength + this.#head.byteLength + this.#next.byteLength + this.#fresh.byteLength + this.#freshBucket.byteLength;
  }

  /** The bucket, in a run slot's own, of a cell whose mix is `h`. */
  #bucketIn(slot: number, h: number): number {
    return (slot << this.slotBits) | (h >>> (32 - this.slotBits));
  }

  /** Files the entry under the first `count` keys. */
  add(keys: Int32Array, count: number, entry: number): void {
    if (this.#freshCount + count > this.#fresh.length) {
      const size = Math.max(1024, Math.ceil((this.#freshCount + count) * 1.5));
      this.#fresh = withRoom(this.#fresh, size);
      this.#next = withRoom(this.#next, size);
      this.#freshBucket = withRoom(this.#freshBucket, size);
    }
    const fresh = this.#fresh;
    const next = this.#next;
    const bucketOf = this.#freshBucket;
    const head = this.#head;
    let at = this.#freshCount;
    for (let i = 0; i < count; i++, at++) {
      const h = mix(keys[i] & CELL_MASK);
      const b = this.#bucketIn(keys[i] >>> CELL_BITS, h);
      fresh[at] = posting(entry, h);
      bucketOf[at] = b;
      next[at] = head[b];
      head[b] = at;
    }
    this.#freshCount = at;
    if (at >= Math.max(MIN_FRESH, this.#items.length >> 2)) this.merge();
  }

  /** Rebuilds the compressed rows with the chained postings in them: two sequential passes. */
  merge(): void {
    const fresh = this.#freshCount;
    if (fresh === 0) return;
    const { buckets } = this;
    const old = this.#offsets;
    const oldItems = this.#items;
    const offsets = new Uint32Array(buckets + 1);
    for (let j = 0; j < fresh; j++) offsets[this.#freshBucket[j] + 1]++;
    for (let b = 0; b < buckets; b++) offsets[b + 1] += offsets[b] + old[b + 1] - old[b];
    const items = new Uint32Array(offsets[buckets]);
    const cursor = offsets.slice(0, buckets);
    for (let b = 0; b < buckets; b++) {
      let at = cursor[b];
      for (let i = old[b], end = old[b + 1]; i < end; i++) items[at++] = oldItems[i];
      cursor[b] = at;
    }
    for (let j = 0; j < fresh; j++) items[cursor[this.#freshBucket[j]]++] = this.#fresh[j];
    this.#offsets = offsets;
    this.#items = items;
    this.#head.fill(-1);
    this.#next = new Int32Array(0);
    this.#fresh = new Uint32Array(0);
    this.#freshBucket = new Uint32Array(0);
    this.#freshCount = 0;
  }

  /**
   * One vote for every entry filed under the key (and under the few keys
   * sharing its bucket and tag); false, voting nothing, when the bucket holds
   * more than `limit` postings.
   */
  vote(key: number, ballot: Ballot, limit = Infinity): boolean {
    const h = mix(key & CELL_MASK);
    const b = this.#bucketIn(key >>> CELL_BITS, h);
    if (this.#offsets[b + 1] - this.#offsets[b] > limit) return false;
    const tag = h & TAG_MASK;
    const { votes, touched, candidates } = ballot;
    let count = ballot.touchedCount;
    let listed = ballot.candidateCount;
    const items = this.#items;
    for (let i = this.#offsets[b], end = this.#offsets[b + 1]; i < end; i++) {
      const item = items[i];
      if ((item & TAG_MASK) !== tag) continue;
      const e = item >>> TAG_BITS;
      const v = ++votes[e];
      if (v === 1) touched[count++] = e;
      else if (v === MIN_VOTES) candidates[listed++] = e;
    }
    for (let j = this.#head[b]; j >= 0; j = this.#next[j]) {
      const item = this.#fresh[j];
      if ((item & TAG_MASK) !== tag) continue;
      const e = item >>> TAG_BITS;
      const v = ++votes[e];
      if (v === 1) touched[count++] = e;
      else if (v === MIN_VOTES) candidates[listed++] = e;
    }
    ballot.touchedCount = count;
    ballot.candidateCount = listed;
    return true;
  }
}

/**
 * Vote counters for one query, the entries that received a vote (reset
 * afterwards) and those that reached MIN_VOTES (ranked): a query's cost
 * follows the postings it reads, not the number of scrolls registered.
 */
class Ballot {
  votes = new Uint16Array(1024);
  touched = new Uint32Array(1024);
  touchedCount = 0;
  /** Entries that reached MIN_VOTES, in the order they did. */
  candidates = new Uint32Array(1024);
  candidateCount = 0;

  /** Room for entry numbers below `entries`. */
  reserve(entries: number): void {
    if (this.votes.length >= entries) return;
    const size = Math.ceil(entries * 1.25);
    this.votes = new Uint16Array(size);
    this.touched = new Uint32Array(size);
    this.candidates = new Uint32Array(size);
  }

  /** The `size` candidates with the most votes, best first, ties in entry order. */
  top(size: number, live: (entry: number) => boolean): { entry: number; votes: number }[] {
    const votes = this.votes;
    const top: number[] = [];
    let floor = MIN_VOTES - 1;
    for (let i = 0; i < this.candidateCount; i++) {
      const e = this.candidates[i];
      const v = votes[e];
      if (v <= floor || !live(e)) continue;
      let at = top.length;
      while (at > 0 && (votes[top[at - 1]] < v || (votes[top[at - 1]] === v && top[at - 1] > e))) at--;
      top.splice(at, 0, e);
      if (top.length > size) top.pop();
      if (top.length === size) floor = votes[top[size - 1]] - 1;
    }
    return top.map((entry) => ({ entry, votes: votes[entry] }));
  }

  /** Resets the counters for the next query. */
  clear(): void {
    for (let i = 0; i < this.touchedCount; i++) this.votes[this.touched[i]] = 0;
    this.touchedCount = 0;
    this.candidateCount = 0;
  }
}

/**
 * The bin of a stored spacing (in x quanta) from -BIN_REACH up to BIN_REACH,
 * where the outermost bins begin: a table lookup where a build would divide
 * 250 million times for a million scrolls.
 */
const BIN_REACH = (BINS / 2) * QUANTA_PER_BIN;
const BIN_OF_SPACING = Uint8Array.from({ length: 2 * BIN_REACH }, (_, i) => clampBin(Math.floor((i - BIN_REACH) / QUANTA_PER_BIN) + BINS / 2));

/** The bin of the spacing from each stored word end to the next (-1 where either is missing): scratch for storedCells. */
const spacingBins = new Int8Array(WORD_END_COUNT);

/**
 * The cell of each run of an entry, from its stored word ends (x in whole
 * quanta, so the bins are exact and re-filing gives the same keys), written
 * to out[at + slot * stride]; -1 where an end of the run is missing. Each
 * spacing is binned once for the (up to SPACINGS) runs sharing it.
 */
function storedCells(xs: Int16Array, base: number, out: Int32Array, at: number, stride: number): void {
  let prev = xs[base];
  for (let k = 1; k < WORD_END_COUNT; k++) {
    const x = xs[base + k];
    const spacing = x - prev;
    spacingBins[k - 1] =
      prev === X_MISSING || x === X_MISSING ? -1 : spacing < -BIN_REACH ? 0 : spacing >= BIN_REACH ? BINS - 1 : BIN_OF_SPACING[spacing + BIN_REACH];
    prev = x;
  }
  for (let slot = 0; slot < RUN_COUNT; slot++) {
    let cell = 0;
    for (let d = 0, k = RUN_FIRST[slot]; d < SPACINGS; d++, k++) {
      const bin = spacingBins[k];
      if (bin < 0) {
        cell = -1;
        break;
      }
      cell = (cell << BIN_BITS) | bin;
    }
    out[at + slot * stride] = cell;
  }
}
const cellBuffer = new Int32Array(RUN_COUNT);

/** Scratch for adding one entry (the index runs on one thread). */
let wordEndBuffer: ScrollPoints = { keys: new Uint16Array(WORD_END_COUNT), xs: new Float32Array(WORD_END_COUNT), ys: new Float32Array(WORD_END_COUNT) };
const keyBuffer = new Int32Array(RUN_COUNT);

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
    if (wordEndBuffer.keys.length < n) wordEndBuffer = { keys: new Uint16Array(n), xs: new Float32Array(n), ys: new Float32Array(n) };
    readWordEnds(fingerprint, n, wordEndBuffer);
    this.remove(id);
    const entry = this.#ids.length;
    this.#ids.push(id);
    this.#slotOf.set(id, entry);
    this.#live++;
    // Filing waits for the next query (or flush), so a bulk load is filed in one pass.
    this.#storePoints(entry, wordEndBuffer, n);
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
    for (let entry = this.#filed; entry < this.#ids.length; entry++) this.#table.add(keyBuffer, this.#keysOf(entry, keyBuffer), entry);
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
    this.#cellsOf(entry, entry + 1, cellBuffer);
    let n = 0;
    for (let slot = 0; slot < RUN_COUNT; slot++) if (cellBuffer[slot] >= 0) out[n++] = (slot << CELL_BITS) | cellBuffer[slot];
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
      storedCells(this.#xs[Math.floor(entry / POINT_BLOCK)], (entry % POINT_BLOCK) * WORD_END_COUNT, out, entry - from, n);
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
