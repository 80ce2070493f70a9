import { weightedLeastSquares } from './geometry.ts';

/** 3×3 projective map, row-major, h[8] = 1 (but for a product, multiplyHomographies). */
export type Homography = Float64Array;

export function applyHomography(hm: Homography, x: number, y: number): [number, number] {
  const w = hm[6] * x + hm[7] * y + hm[8];
  return [(hm[0] * x + hm[1] * y + hm[2]) / w, (hm[3] * x + hm[4] * y + hm[5]) / w];
}

/**
 * Fits a homography mapping (x, y) → (X, Y) by linearised least squares with
 * optional weights (h33 fixed to 1). Coordinates are normalised first (Hartley)
 * for conditioning.
 */
export function fitHomography(xs: ArrayLike<number>, ys: ArrayLike<number>, Xs: ArrayLike<number>, Ys: ArrayLike<number>, weights: ArrayLike<number> | null): Homography | null {
  const n = xs.length;
  if (n < 4) return null;
  const [tx, sx] = normaliser(xs, ys, weights);
  const [tX, sX] = normaliser(Xs, Ys, weights);
  const rows: number[][] = [];
  const rhs: number[] = [];
  const w: number[] = [];
  for (let i = 0; i < n; i++) {
    const wi = weights ? weights[i] : 1;
    const x = (xs[i] - tx[0]) * sx;
    const y = (ys[i] - tx[1]) * sx;
    const X = (Xs[i] - tX[0]) * sX;
    const Y = (Ys[i] - tX[1]) * sX;
    rows.push([x, y, 1, 0, 0, 0, -x * X, -y * X]);
    rhs.push(X);
    w.push(wi);
    rows.push([0, 0, 0, x, y, 1, -x * Y, -y * Y]);
    rhs.push(Y);
    w.push(wi);
  }
  const p = weightedLeastSquares(rows, rhs, w, 8);
  if (!p) return null;
  // Undo the normalisations: H = T_X⁻¹ · Hn · T_x.
  const hn = new Float64Array([p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], 1]);
  const Tx = new Float64Array([sx, 0, -sx * tx[0], 0, sx, -sx * tx[1], 0, 0, 1]);
  const TXinv = new Float64Array([1 / sX, 0, tX[0], 0, 1 / sX, tX[1], 0, 0, 1]);
  const h = multiplyHomographies(TXinv, multiplyHomographies(hn, Tx));
  const scale = h[8];
  for (let i = 0; i < 9; i++) h[i] /= scale;
  return h;
}

function normaliser(xs: ArrayLike<number>, ys: ArrayLike<number>, weights: ArrayLike<number> | null): [[number, number], number] {
  let sw = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < xs.length; i++) {
    const w = weights ? weights[i] : 1;
    sw += w;
    mx += w * xs[i];
    my += w * ys[i];
  }
  mx /= sw || 1;
  my /= sw || 1;
  let d = 0;
  for (let i = 0; i < xs.length; i++) {
    const w = weights ? weights[i] : 1;
    d += w * Math.hypot(xs[i] - mx, ys[i] - my);
  }
  d /= sw || 1;
  return [[mx, my], d > 0 ? Math.SQRT2 / d : 1];
}

/** Robust homography: least squares, then Tukey-reweighted refits with the given residual scale. */
export function fitHomographyRobust(xs: ArrayLike<number>, ys: ArrayLike<number>, Xs: ArrayLike<number>, Ys: ArrayLike<number>, scale: number, rounds = 4): { h: Homography; weights: Float64Array } | null {
  const n = xs.length;
  let weights: Float64Array | null = null;
  let h: Homography | null = null;
  for (let r = 0; r < rounds; r++) {
    h = fitHomography(xs, ys, Xs, Ys, weights);
    if (!h) return null;
    weights = new Float64Array(n);
    // Early rounds tolerate more, so a bad start does not discard the inliers.
    const c = scale * (rounds - r);
    for (let i = 0; i < n; i++) {
      const [px, py] = applyHomography(h, xs[i], ys[i]);
      const e = Math.hypot(px - Xs[i], py - Ys[i]) / c;
      weights[i] = e < 1 ? (1 - e * e) ** 2 : 0;
    }
  }
  return h && weights ? { h, weights } : null;
}

/** The inverse map, scaled so that h[8] = 1 again; null when the map is singular. */
export function invertHomography(h: Homography): Homography | null {
  const [a, b, c, d, e, f, g, k, l] = h;
  const A = e * l - f * k;
  const B = -(d * l - f * g);
  const C = d * k - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return null;
  const inv = new Float64Array([
    A, -(b * l - c * k), b * f - c * e,
    B, a * l - c * g, -(a * f - c * d),
    C, -(a * k - b * g), a * e - b * d,
  ]);
  const s = inv[8];
  if (!Number.isFinite(s) || Math.abs(s) < 1e-300) return null;
  for (let i = 0; i < 9; i++) inv[i] /= s;
  return inv;
}

/**
 * The map `b` then `a` (the product a·b), not scaled to h[8] = 1: its weight
 * (the third row's value at a point) keeps its sign, positive where both maps'
 * weights are, which tells the points beyond a warp's vanishing line.
 */
export function multiplyHomographies(a: Homography, b: Homography): Homography {
  const r = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) r[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
  return r;
}

/** How much the map scales area at (x, y): the determinant of its Jacobian there, det(h) / w³ (w the map's weight at the point), unsigned. */
export function areaScaleAt(h: Homography, x: number, y: number): number {
  const [a, b, c, d, e, f, g, k, l] = h;
  const det = a * (e * l - f * k) - b * (d * l - f * g) + c * (d * k - e * g);
  const w = g * x + k * y + l;
  return Math.abs(det / (w * w * w));
}
