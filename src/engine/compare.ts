import { weightedLeastSquares } from './geometry.ts';
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
 * is_matched threshold on the similarity. From `npm run bench:identify`
 * (docs/benchmarks.md): the tune set's different-scroll pairs (siblings
 * included) reach 0.271 and a tail fit puts the 1e-4 point no higher, but the
 * report set holds a sibling pair at 0.370; with too few pairs to observe 1e-4,
 * the threshold stays at 0.5, where the report set showed no false match in
 * 28,863 pairs. Lowering it needs a larger tune set.
 */
export const MATCH_THRESHOLD = 0.5;

const TERMS = 11;
// Cubic in both coordinates: absorbs the residual perspective and the parchment's
// curl, yet is far too stiff to follow a hand's letter-by-letter drift. The last
// term moves every word's start and end apart by one amount: two photos rarely
// see strokes equally thick (focus, exposure, resolution set where ink ends), and
// that widens or narrows every word alike, which no smooth map of positions can
// follow.
function basis(x: number, y: number, wordEnd: number, out: Float64Array): Float64Array {
  out[0] = 1;
  out[1] = x;
  out[2] = y;
  out[3] = x * x;
  out[4] = x * y;
  out[5] = y * y;
  out[6] = x * x * x;
  out[7] = x * x * y;
  out[8] = x * y * y;
  out[9] = y * y * y;
  out[10] = wordEnd;
  return out;
}

/** Similarity in [0, 1] of two fingerprints, point for point under a robustly fitted smooth map. */
export function comparePoints(a: ScrollPoints, b: ScrollPoints): number {
  const index = new Map<number, number>();
  for (let i = 0; i < b.keys.length; i++) index.set(b.keys[i], i);
  const side: number[] = [];
  const ax: number[] = [];
  const ay: number[] = [];
  const bx: number[] = [];
  const by: number[] = [];
  for (let i = 0; i < a.keys.length; i++) {
    const j = index.get(a.keys[i]);
    if (j === undefined) continue;
    // Keys are 2 × word + 0 for the reading start, + 1 for its end.
    side.push(a.keys[i] % 2 === 0 ? -1 : 1);
    ax.push(a.xs[i]);
    ay.push(a.ys[i]);
    bx.push(b.xs[j]);
    by.push(b.ys[j]);
  }
  const n = ax.length;
  if (n < 20) return 0;
  const rows = ax.map((x, i) => basis(x, ay[i], side[i], new Float64Array(TERMS)));
  let weights: Float64Array | null = consensusOfAffineMaps(ax, ay, bx, by);
  const residual = new Float64Array(n);
  const rounds = 5;
  for (let r = 0; r < rounds; r++) {
    const cx = weightedLeastSquares(rows, bx, weights, TERMS);
    const cy = weightedLeastSquares(rows, by, weights, TERMS);
    if (!cx || !cy) return 0;
    weights = new Float64Array(n);
    // Start wide so that a rough first fit keeps the true agreements, then tighten.
    const c = AGREEMENT_TOLERANCE * (rounds - r);
    for (let i = 0; i < n; i++) {
      let px = 0;
      let py = 0;
      const row = rows[i];
      for (let k = 0; k < TERMS; k++) {
        px += cx[k] * row[k];
        py += cy[k] * row[k];
      }
      const e = Math.hypot(px - bx[i], py - by[i]);
      residual[i] = e;
      const t = e / c;
      weights[i] = t < 1 ? (1 - t * t) ** 2 : 0;
    }
  }
  let agreeing = 0;
  for (let i = 0; i < n; i++) if (residual[i] < AGREEMENT_TOLERANCE) agreeing++;
  return (agreeing / n) * Math.min(1, n / MIN_COMMON_POINTS);
}

/** Random affine maps tried for the starting consensus; ample when half the word ends agree. */
const START_TRIALS = 300;
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
  let best: Float64Array | null = null;
  let bestCount = 0;
  const inliers = new Float64Array(n);
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
    const [x0, x1, x2] = solve(bx);
    const [y0, y1, y2] = solve(by);
    let count = 0;
    for (let q = 0; q < n; q++) {
      const ok = Math.hypot(x0 + x1 * ax[q] + x2 * ay[q] - bx[q], y0 + y1 * ax[q] + y2 * ay[q] - by[q]) < START_TOLERANCE;
      inliers[q] = ok ? 1 : 0;
      if (ok) count++;
    }
    if (count > bestCount) {
      bestCount = count;
      best = inliers.slice();
    }
  }
  return bestCount >= 20 ? best : null;
}
