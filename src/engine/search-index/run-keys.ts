import type { ScrollPoints } from '../fingerprint.ts';
import { CANONICAL_X, TEMPLATE_LINES, WORD_END_COUNT } from '../template.ts';

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
export const SPACING_BIN = 0.005;
/** Bins per spacing; spacings beyond the outermost bins fall into them. */
export const BINS = 16;
/** Word-end residuals are stored in units of these many column widths: x in int16, y (which varies less) in int8. */
export const X_QUANTUM = 1e-4;
export const Y_QUANTUM = 4e-4;
export const X_MISSING = -32768;
export const Y_MISSING = -128;
/** Stored x quanta per spacing bin. */
const QUANTA_PER_BIN = Math.round(SPACING_BIN / X_QUANTUM);

/** Spacings hashed together: a run of SPACINGS + 1 consecutive word ends on one line. */
export const SPACINGS = 4;
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
export const WIDE_PROBE_MARGIN = 0.5;
export const WIDENING = 0.6 * SPACING_BIN;
/**
 * When the wider probe finds nothing either, the last stage: hypotheses of how
 * the photo's word ends came to be measured apart from its registration's,
 * each voted in a ballot of its own (in every bucket but the stop words) and
 * its leaders verified (search-index.ts, DISTORTION_SHORTLIST): strokes read
 * thicker or thinner by other amounts than WIDENING (motion blur, focus), and a
 * page framed a few percent large or small along its lines (steep tilt).
 * Against the wider probe alone: tune set 391 → 395 and 389 → 395 of 400 found
 * at 100,000 and 1,000,000 registered, report set 195 → 197 of 200 at 10,000,
 * no unregistered scroll found; answers of not found 9 → 18 ms at 10,000.
 */
export const DISTORTIONS: readonly ((r: Float64Array) => Float64Array)[] = [
  ...[-0.9, -0.3, 0.3, 0.9].map((bins) => (r: Float64Array) => widened(r, bins * SPACING_BIN)),
  ...[-0.045, -0.03, -0.015, 0.015, 0.03, 0.045].map((share) => (r: Float64Array) => scaled(r, share)),
];

/** Runs of word ends, starting at each word's start, in text order. A run's index is its slot. */
const RUNS: readonly (readonly number[])[] = TEMPLATE_LINES.flatMap((line) => {
  const ends = line.flatMap((w) => [2 * w.id, 2 * w.id + 1]);
  const runs: number[][] = [];
  for (let j = 0; j + SPACINGS < ends.length; j += 2) runs.push(ends.slice(j, j + SPACINGS + 1));
  return runs;
});
export const RUN_COUNT = RUNS.length;
export const BIN_BITS = Math.log2(BINS);
/** A key is its run's slot above CELL_BITS bits of cell (the run's binned spacings). */
export const CELL_BITS = BIN_BITS * SPACINGS;
export const CELL_MASK = (1 << CELL_BITS) - 1;
/** Each run's first word end: a run's ends are consecutive (word ids run along each line). */
const RUN_FIRST = Int32Array.from(RUNS, (run) => run[0]);
if (RUNS.some((run) => run.some((k, d) => k !== run[0] + d))) throw new Error('a run of word ends is not consecutive');

/** x of each word end against the template (NaN where the photo did not show it). */
export function residuals(points: ScrollPoints): Float64Array {
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
export function widened(r: Float64Array, w: number): Float64Array {
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
export function queryKeys(r: Float64Array, margin = PROBE_MARGIN): number[] {
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
 * The bin of a stored spacing (in x quanta) from -BIN_REACH up to BIN_REACH,
 * where the outermost bins begin: a table lookup where a build would divide
 * 250 million times for a million scrolls.
 */
const BIN_REACH = (BINS / 2) * QUANTA_PER_BIN;
const BIN_OF_SPACING = Uint8Array.from({ length: 2 * BIN_REACH }, (_, i) => clampBin(Math.floor((i - BIN_REACH) / QUANTA_PER_BIN) + BINS / 2));

/**
 * The cell of each run of an entry, from its stored word ends (x in whole
 * quanta, so the bins are exact and re-filing gives the same keys), written
 * to out[at + slot * stride]; -1 where an end of the run is missing. Each
 * spacing is binned once for the (up to SPACINGS) runs sharing it, into
 * `spacingBins` (WORD_END_COUNT long; the caller's scratch): -1 where an end is missing.
 */
export function storedCells(xs: Int16Array, base: number, out: Int32Array, at: number, stride: number, spacingBins: Int8Array): void {
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
