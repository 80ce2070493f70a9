import { CELL_BITS, CELL_MASK, RUN_COUNT } from './run-keys.ts';

/**
 * Postings per bucket at most when the table is built; chained additions that
 * take the average past twice this rebuild it. Larger buckets cost each probe
 * a few more postings to read; smaller ones cost memory (8 bytes per bucket)
 * and, in a start-up build, cache misses.
 */
export const BUCKET_LOAD = 32;
/** Entries whose cells a build computes at a time (8 MB of cells). */
const BUILD_CHUNK = 1 << 14;
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
export const MAX_INDEX_ENTRIES = 2 ** (32 - TAG_BITS);
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
export class PostingTable {
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

/** Votes below this never reach verification (chance agreement): set in the index's first version, not measured since. */
const MIN_VOTES = 3;

/**
 * Vote counters for one query, the entries that received a vote (reset
 * afterwards) and those that reached MIN_VOTES (ranked): a query's cost
 * follows the postings it reads, not the number of scrolls registered.
 */

export class Ballot {
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

