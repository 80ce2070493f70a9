// Small dense linear algebra: least squares by normal equations with partial-pivot
// Gaussian elimination. Systems here have at most a few dozen unknowns.

/** Solves A x = b in place for a square system; returns null when singular. */
export function solveLinear(a: Float64Array[], b: Float64Array): Float64Array | null {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-12) return null;
    if (pivot !== col) {
      [a[pivot], a[col]] = [a[col], a[pivot]];
      [b[pivot], b[col]] = [b[col], b[pivot]];
    }
    for (let r = col + 1; r < n; r++) {
      const f = a[r][col] / a[col][col];
      if (f === 0) continue;
      for (let c = col; c < n; c++) a[r][c] -= f * a[col][c];
      b[r] -= f * b[col];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let c = r + 1; c < n; c++) s -= a[r][c] * x[c];
    x[r] = s / a[r][r];
  }
  return x;
}

/**
 * Weighted least squares: minimises Σ w_i (row_i · x − y_i)². `rows` holds the
 * design matrix row by row (each of length k).
 */
export function weightedLeastSquares(rows: ArrayLike<number>[], y: ArrayLike<number>, w: ArrayLike<number> | null, k: number): Float64Array | null {
  const ata = Array.from({ length: k }, () => new Float64Array(k));
  const atb = new Float64Array(k);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const wi = w ? w[i] : 1;
    if (wi === 0) continue;
    for (let p = 0; p < k; p++) {
      const rp = r[p] * wi;
      atb[p] += rp * y[i];
      for (let q = p; q < k; q++) ata[p][q] += rp * r[q];
    }
  }
  for (let p = 0; p < k; p++) for (let q = 0; q < p; q++) ata[p][q] = ata[q][p];
  // A whisper of ridge keeps near-degenerate fits (few points, all on one line) finite.
  for (let p = 0; p < k; p++) ata[p][p] += 1e-9 * (ata[p][p] + 1);
  return solveLinear(ata, atb);
}

/**
 * Robust least squares: weightedLeastSquares three times, each fit after the
 * first weighted by Tukey's biweight of the residuals of the one before at
 * residual scale `scale` (a point `scale` or further off counts for nothing).
 * Null when any of the fits fails.
 */
export function robustLeastSquares(rows: ArrayLike<number>[], y: ArrayLike<number>, k: number, scale: number): Float64Array | null {
  const n = rows.length;
  let w: Float64Array | null = null;
  let sol: Float64Array | null = null;
  for (let round = 0; round < 3; round++) {
    sol = weightedLeastSquares(rows, y, w, k);
    if (!sol) return null;
    w = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let pred = 0;
      for (let p = 0; p < k; p++) pred += sol[p] * rows[i][p];
      const r = (y[i] - pred) / scale;
      w[i] = Math.abs(r) < 1 ? (1 - r * r) ** 2 : 0;
    }
  }
  return sol;
}

export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const s = Float64Array.from(values).sort();
  return n % 2 ? s[(n - 1) >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2;
}
