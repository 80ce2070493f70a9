import { solveLinear } from './geometry.ts';
import type { ScrollPoints } from './fingerprint.ts';

/**
 * A word end counts as agreeing when, after the best smooth map between the two
 * photos, it lies within this distance (canonical units: 1 = the text column's
 * width; a letter is about 1/35). Re-photographing the same ink measured a median
 * residual of about 0.001 on the sample set, while a different scroll's hand, even
 * by the same scribe, put the median beyond 0.005.
 */
export const AGREEMENT_TOLERANCE = 0.002;
/** Fewer common word ends than this and the evidence is scaled down. */
export const MIN_COMMON_POINTS = 80;
/**
 * is_matched threshold on the similarity, from the tune set of `npm run
 * bench:identify` (docs/benchmarks.md; seed 1101, 200 scrolls by 20 scribes):
 * of its 122,223 different-scroll pairs (6,070 by the same scribe), no more
 * than 1e-4 score above 0.291 and the highest scores 0.317 (a sibling). The
 * threshold keeps a margin of 0.08 above that highest pair, because siblings
 * make the tail and a set this size sees the region below 1e-4 only roughly;
 * genuine pairs matched there: 91.8% at 0.4 against 91.0% at 0.5.
 */
export const MATCH_THRESHOLD = 0.4;

const TERMS = 11;
// Cubic in both coordinates: absorbs the residual perspective and the parchment's
// curl, yet is far too stiff to follow a hand's letter-by-letter drift. The last
// term moves every word's start and end apart by one amount: two photos rarely
// see strokes equally thick (focus, exposure, resolution set where ink ends), and
// that widens or narrows every word alike, which no smooth map of positions can
// follow.
function basis(x: number, y: number, wordEnd: number, out: Float64Array, at: number): void {
  out[at] = 1;
  out[at + 1] = x;
  out[at + 2] = y;
  out[at + 3] = x * x;
  out[at + 4] = x * y;
  out[at + 5] = y * y;
  out[at + 6] = x * x * x;
  out[at + 7] = x * x * y;
  out[at + 8] = x * y * y;
  out[at + 9] = y * y * y;
  out[at + 10] = wordEnd;
}

/** Scratch, per thread: index in `b` of each key, -1 where absent; reset after each comparison (keys are u16). */
const slotOfKey = new Int32Array(65536).fill(-1);

/** Similarity in [0, 1] of two fingerprints, point for point under a robustly fitted smooth map. */
export function comparePoints(a: ScrollPoints, b: ScrollPoints): number {
  for (let i = 0; i < b.keys.length; i++) slotOfKey[b.keys[i]] = i;
  const side: number[] = [];
  const ax: number[] = [];
  const ay: number[] = [];
  const bx: number[] = [];
  const by: number[] = [];
  for (let i = 0; i < a.keys.length; i++) {
    const j = slotOfKey[a.keys[i]];
    if (j < 0) continue;
    // Keys are 2 × word + 0 for the reading start, + 1 for its end.
    side.push(a.keys[i] % 2 === 0 ? -1 : 1);
    ax.push(a.xs[i]);
    ay.push(a.ys[i]);
    bx.push(b.xs[j]);
    by.push(b.ys[j]);
  }
  for (let i = 0; i < b.keys.length; i++) slotOfKey[b.keys[i]] = -1;
  const n = ax.length;
  if (n < 20) return 0;
  const rows = new Float64Array(n * TERMS);
  for (let i = 0; i < n; i++) basis(ax[i], ay[i], side[i], rows, i * TERMS);
  const weights = consensusOfAffineMaps(ax, ay, bx, by) ?? new Float64Array(n).fill(1);
  const residual = new Float64Array(n);
  const rounds = 5;
  for (let r = 0; r < rounds; r++) {
    const fit = fitSmoothMap(rows, n, bx, by, weights);
    if (!fit) return 0;
    const [cx, cy] = fit;
    // Start wide so that a rough first fit keeps the true agreements, then tighten.
    const c = AGREEMENT_TOLERANCE * (rounds - r);
    for (let i = 0; i < n; i++) {
      let px = 0;
      let py = 0;
      const o = i * TERMS;
      for (let k = 0; k < TERMS; k++) {
        px += cx[k] * rows[o + k];
        py += cy[k] * rows[o + k];
      }
      const dx = px - bx[i];
      const dy = py - by[i];
      const e = Math.sqrt(dx * dx + dy * dy);
      residual[i] = e;
      const t = e / c;
      weights[i] = t < 1 ? (1 - t * t) ** 2 : 0;
    }
  }
  let agreeing = 0;
  for (let i = 0; i < n; i++) if (residual[i] < AGREEMENT_TOLERANCE) agreeing++;
  return (agreeing / n) * Math.min(1, n / MIN_COMMON_POINTS);
}

/**
 * Weighted least squares for x and y at once: both share the design matrix
 * and the weights, so the normal equations are accumulated once (the costly
 * part) and solved for each.
 */
function fitSmoothMap(rows: Float64Array, n: number, bx: number[], by: number[], w: Float64Array): [Float64Array, Float64Array] | null {
  const ata = new Float64Array(TERMS * TERMS);
  const atx = new Float64Array(TERMS);
  const aty = new Float64Array(TERMS);
  for (let i = 0; i < n; i++) {
    const wi = w[i];
    if (wi === 0) continue;
    const o = i * TERMS;
    for (let p = 0; p < TERMS; p++) {
      const rp = rows[o + p] * wi;
      atx[p] += rp * bx[i];
      aty[p] += rp * by[i];
      for (let q = p; q < TERMS; q++) ata[p * TERMS + q] += rp * rows[o + q];
    }
  }
  const cx = solveLinear(normalEquations(ata), atx);
  const cy = solveLinear(normalEquations(ata), aty);
  return cx && cy ? [cx, cy] : null;
}

/** The matrix the normal equations are solved in, refilled for each solve (solveLinear works in place); a comparison solves ten. */
const system = Array.from({ length: TERMS }, () => new Float64Array(TERMS));

/** The full symmetric system from its upper triangle `ata`, in `system`. */
function normalEquations(ata: Float64Array): Float64Array[] {
  const m = system;
  for (let p = 0; p < TERMS; p++) {
    for (let q = p; q < TERMS; q++) m[p][q] = m[q][p] = ata[p * TERMS + q];
    // A whisper of ridge keeps near-degenerate fits (few points, all on one line) finite.
    m[p][p] += 1e-9 * (m[p][p] + 1);
  }
  return m;
}

/**
 * Random affine maps tried for the starting consensus. A trial succeeds when
 * its three word ends are all tied right: with half the ends right, 100 trials
 * all fail with odds of 2e-6; with a third right (a pair that cannot reach
 * the match threshold anyway), 0.03.
 */
const START_TRIALS = 100;
/** Each trial map is scored on this many word ends spread over the page; only the best is scored on all. */
const START_SAMPLE = 48;
/** A trial whose map this share of the sample agrees with is taken at once. */
const START_EARLY_SHARE = 0.85;
/** Agreement for the starting consensus: loose, since an affine map is only the start. */
const START_TOLERANCE = 0.01;

/**
 * Which common word ends agree under the affine map that most of them agree
 * with (RANSAC over triples, seeded so that a comparison always gives the same
 * answer). It starts the smooth fit: a reading that tied some words to the
 * wrong place in the text (a word missed or run together shifts the rest of
 * its line by a word) would otherwise pull a plain least-squares start so far
 * that the true agreements are lost. Null when no triple gives a map.
 */
function consensusOfAffineMaps(ax: number[], ay: number[], bx: number[], by: number[]): Float64Array | null {
  const n = ax.length;
  let seed = 0x9e3779b9 ^ n;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  // Scoring every trial on every word end would cost 300 × n; a spread sample ranks the maps as well.
  const stride = Math.max(1, Math.floor(n / START_SAMPLE));
  const agrees = (m: readonly number[], q: number) => {
    const dx = m[0] + m[1] * ax[q] + m[2] * ay[q] - bx[q];
    const dy = m[3] + m[4] * ax[q] + m[5] * ay[q] - by[q];
    return dx * dx + dy * dy < START_TOLERANCE * START_TOLERANCE;
  };
  let bestMap: number[] | null = null;
  let bestScore = 0;
  let sampled = 0;
  for (let q = 0; q < n; q += stride) sampled++;
  for (let trial = 0; trial < START_TRIALS; trial++) {
    const i = (next() * n) | 0;
    const j = (next() * n) | 0;
    const k = (next() * n) | 0;
    // x' = p0 + p1 x + p2 y (and y' alike) through the three points, by Cramer's rule.
    const det = (ax[j] - ax[i]) * (ay[k] - ay[i]) - (ax[k] - ax[i]) * (ay[j] - ay[i]);
    if (Math.abs(det) < 1e-4) continue;
    const solve = (v: number[]) => {
      const p1 = ((v[j] - v[i]) * (ay[k] - ay[i]) - (v[k] - v[i]) * (ay[j] - ay[i])) / det;
      const p2 = ((ax[j] - ax[i]) * (v[k] - v[i]) - (ax[k] - ax[i]) * (v[j] - v[i])) / det;
      return [v[i] - p1 * ax[i] - p2 * ay[i], p1, p2];
    };
    const map = [...solve(bx), ...solve(by)];
    let score = 0;
    for (let q = 0; q < n; q += stride) if (agrees(map, q)) score++;
    if (score > bestScore) {
      bestScore = score;
      bestMap = map;
      if (score >= START_EARLY_SHARE * sampled) break;
    }
  }
  if (!bestMap) return null;
  const best = new Float64Array(n);
  let bestCount = 0;
  for (let q = 0; q < n; q++) {
    if (agrees(bestMap, q)) {
      best[q] = 1;
      bestCount++;
    }
  }
  return bestCount >= 20 ? best : null;
}
