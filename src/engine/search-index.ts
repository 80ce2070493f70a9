import { comparePoints, MATCH_THRESHOLD } from './compare.ts';
import { decodeFingerprint, type ScrollPoints } from './fingerprint.ts';
import { CANONICAL_X, CANONICAL_Y, TEMPLATE_LINES, WORD_END_COUNT } from './template.ts';

// The registry's in-memory 1:N index: an inverted file of quantised local
// spacing, in the spirit of LLAH (Nakai, Kise, Iwamura), made simpler by the
// fact that every mezuzah carries the same text, so each word end already has
// a name and no correspondence search is needed.
//
// A *run* is four consecutive word ends on one line starting at a word's
// start: that word's start and end, the next word's start and end. Its hash is
// its place in the text and its three spacings (a word's width, the gap after
// it, the next word's width), each measured against the template and
// quantised. Spacing is the scribe's hand, and local enough that the page
// normalisation's leftover perspective and curl cancel out of it. A photo of a
// registered scroll shares many of its runs' hashes with the registration;
// another scroll, even by the same scribe, shares a few by chance. Votes
// shortlist candidates; each is then verified point for point.
//
// Memory per scroll: one u32 posting per run (at most 148) and the word ends
// quantised for verification (x in 16 bits, y in 8, for 340 ends): under 1.7 KB.
// Query cost: the postings in the cells the query probes (about 5 per registered
// scroll in all, measured), plus a fixed verification of the shortlist.

/** Width of a spacing bin, in column widths (about a seventh of a letter). */
const SPACING_BIN = 0.005;
/** Bins per spacing; spacings beyond the outermost bins fall into them. */
const BINS = 16;
/** Candidates from the vote that get the full point-for-point comparison. */
const SHORTLIST = 16;
/** Votes below this never reach verification (chance agreement on a few runs). */
const MIN_VOTES = 4;
/** Word-end residuals are stored in units of these many column widths: x in int16, y (which varies less) in int8. */
const X_QUANTUM = 1e-4;
const Y_QUANTUM = 4e-4;
const X_MISSING = -32768;
const Y_MISSING = -128;

/** Spacings hashed together: a run of SPACINGS + 1 consecutive word ends on one line. */
const SPACINGS = 3;
/** A query also probes the neighbour bin of a spacing measured within this fraction of a bin from the boundary. */
const PROBE_MARGIN = 0.25;

/** Runs of word ends, starting at each word's start, in text order. A run's index is its slot. */
const RUNS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  for (const line of TEMPLATE_LINES) {
    const ends = line.flatMap((w) => [2 * w.id, 2 * w.id + 1]);
    for (let j = 0; j + SPACINGS < ends.length; j += 2) out.push(ends.slice(j, j + SPACINGS + 1));
  }
  return out;
})();
const RUN_COUNT = RUNS.length;
const CELLS_PER_RUN = BINS ** SPACINGS;

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

const clampBin = (b: number) => (b < 0 ? 0 : b >= BINS ? BINS - 1 : b);

/** The cell of each run a registered scroll shows (-1 where an end is missing). */
function registrationCells(points: ScrollPoints): Int32Array {
  const r = residuals(points);
  const cells = new Int32Array(RUN_COUNT);
  const pos = new Float64Array(SPACINGS);
  for (let slot = 0; slot < RUN_COUNT; slot++) {
    if (!spacingPositions(r, RUNS[slot], pos)) {
      cells[slot] = -1;
      continue;
    }
    let cell = 0;
    for (let d = 0; d < SPACINGS; d++) cell = cell * BINS + clampBin(Math.floor(pos[d]));
    cells[slot] = slot * CELLS_PER_RUN + cell;
  }
  return cells;
}

/**
 * The cells a query probes for each run: its own, and for every spacing
 * measured close to a bin boundary, the neighbour across it too (all
 * combinations), so a small measurement error across a boundary still lands.
 */
function queryCells(points: ScrollPoints): Int32Array {
  const r = residuals(points);
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
      if (Math.min(frac, 1 - frac) < PROBE_MARGIN && other[d] !== own[d]) ambiguous.push(d);
    }
    for (let mask = 0; mask < 1 << ambiguous.length; mask++) {
      let cell = 0;
      for (let d = 0; d < SPACINGS; d++) {
        const flip = ambiguous.indexOf(d);
        cell = cell * BINS + (flip >= 0 && mask & (1 << flip) ? other[d] : own[d]);
      }
      out.push(slot * CELLS_PER_RUN + cell);
    }
  }
  return Int32Array.from(out);
}

/** A growable list of entry numbers; grows by a quarter, so spare capacity stays near a tenth. */
class Postings {
  items = new Uint32Array(4);
  length = 0;
  push(v: number): void {
    if (this.length === this.items.length) {
      const grown = new Uint32Array(Math.max(8, Math.ceil(this.items.length * 1.25)));
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = v;
  }
}

/** Entries per block of stored word ends: the point store grows a block at a time and never copies. */
const POINT_BLOCK = 1024;

export type IndexHit = { scrollId: string; similarity: number };

export class SearchIndex {
  #ids: (string | null)[] = [];
  #slotOf = new Map<string, number>();
  #cells: (Postings | undefined)[] = new Array(RUN_COUNT * CELLS_PER_RUN);
  /** Word-end residuals, WORD_END_COUNT per entry in blocks of POINT_BLOCK entries; X_MISSING where absent. */
  #xs: Int16Array[] = [];
  #ys: Int8Array[] = [];
  #votes = new Uint16Array(0);
  #live = 0;

  get size(): number {
    return this.#live;
  }

  /** Adds a registered scroll, or replaces its fingerprint when the id is already indexed. */
  add(id: string, fingerprint: Uint8Array): void {
    const points = decodeFingerprint(fingerprint);
    this.remove(id);
    const entry = this.#ids.length;
    this.#ids.push(id);
    this.#slotOf.set(id, entry);
    this.#live++;
    this.#storePoints(entry, points);
    const cells = registrationCells(points);
    for (let slot = 0; slot < RUN_COUNT; slot++) {
      const cell = cells[slot];
      if (cell < 0) continue;
      let list = this.#cells[cell];
      if (!list) list = this.#cells[cell] = new Postings();
      list.push(entry);
    }
  }

  /**
   * Forgets a scroll. Its postings stay behind, pointing at an empty entry that
   * votes are never counted for; removals are rare (a registration rolled back).
   */
  remove(id: string): void {
    const entry = this.#slotOf.get(id);
    if (entry === undefined) return;
    this.#slotOf.delete(id);
    this.#ids[entry] = null;
    this.#live--;
  }

  /** Bytes held by the index's typed arrays (postings, points, vote counters). */
  get byteSize(): number {
    let bytes = this.#votes.byteLength;
    for (let b = 0; b < this.#xs.length; b++) bytes += this.#xs[b].byteLength + this.#ys[b].byteLength;
    for (const list of this.#cells) if (list) bytes += list.items.byteLength;
    return bytes;
  }

  /** The best-matching registered scroll, or null when none reaches the match threshold. */
  identify(fingerprint: Uint8Array): IndexHit | null {
    const query = decodeFingerprint(fingerprint);
    let best: IndexHit | null = null;
    let bestVotes = 0;
    for (const entry of this.shortlist(query)) {
      // Candidates with less than half the votes of a verified match are chance agreement.
      if (2 * this.#votes[entry] < bestVotes) break;
      const similarity = comparePoints(query, this.#loadPoints(entry));
      if (similarity >= MATCH_THRESHOLD && (!best || similarity > best.similarity)) {
        best = { scrollId: this.#ids[entry]!, similarity };
        bestVotes = Math.max(bestVotes, this.#votes[entry]);
      }
    }
    return best;
  }

  /** Entries with the most runs in common with the query, best first. */
  shortlist(query: ScrollPoints, size = SHORTLIST): number[] {
    const count = this.#ids.length;
    if (this.#votes.length < count) this.#votes = new Uint16Array(Math.max(1024, Math.ceil(count * 1.25)));
    const votes = this.#votes;
    votes.fill(0, 0, count);
    for (const cell of queryCells(query)) {
      const list = this.#cells[cell];
      if (!list) continue;
      const items = list.items;
      for (let i = 0; i < list.length; i++) votes[items[i]]++;
    }
    // Keep the top `size` by votes with a small sorted buffer.
    const top: number[] = [];
    let floor = MIN_VOTES - 1;
    for (let e = 0; e < count; e++) {
      const v = votes[e];
      if (v <= floor || this.#ids[e] === null) continue;
      let at = top.length;
      while (at > 0 && votes[top[at - 1]] < v) at--;
      top.splice(at, 0, e);
      if (top.length > size) top.pop();
      if (top.length === size) floor = votes[top[size - 1]];
    }
    return top;
  }

  #storePoints(entry: number, points: ScrollPoints): void {
    const block = Math.floor(entry / POINT_BLOCK);
    while (this.#xs.length <= block) {
      this.#xs.push(new Int16Array(POINT_BLOCK * WORD_END_COUNT));
      this.#ys.push(new Int8Array(POINT_BLOCK * WORD_END_COUNT));
    }
    const xs = this.#xs[block];
    const ys = this.#ys[block];
    const base = (entry % POINT_BLOCK) * WORD_END_COUNT;
    xs.fill(X_MISSING, base, base + WORD_END_COUNT);
    for (let i = 0; i < points.keys.length; i++) {
      const k = points.keys[i];
      const x = Math.round((points.xs[i] - CANONICAL_X[k]) / X_QUANTUM);
      const y = Math.round((points.ys[i] - CANONICAL_Y[k]) / Y_QUANTUM);
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
