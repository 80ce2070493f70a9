// A pen's thick, antialiased segment: the one coverage loop the ink of letters,
// the joins of touching letters and the cuts of broken ones (error-ink.ts) draw with.

/**
 * How much of each pixel near it a thick segment (a capsule of half-width
 * `half`) from (x0, y0) to (x1, y1) covers, antialiased over a pixel, handed to
 * `apply` (pixel index, coverage in (0, 1]).
 */
export function segmentCoverage(width: number, height: number, x0: number, y0: number, x1: number, y1: number, half: number, apply: (i: number, coverage: number) => void): void {
  const left = Math.max(0, Math.floor(Math.min(x0, x1) - half - 1));
  const right = Math.min(width - 1, Math.ceil(Math.max(x0, x1) + half + 1));
  const top = Math.max(0, Math.floor(Math.min(y0, y1) - half - 1));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(y0, y1) + half + 1));
  const dx = x1 - x0;
  const dy = y1 - y0;
  const length2 = dx * dx + dy * dy || 1;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const px = x + 0.5 - x0;
      const py = y + 0.5 - y0;
      let t = (px * dx + py * dy) / length2;
      if (t < 0) t = 0;
      if (t > 1) t = 1;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const d = Math.sqrt(ex * ex + ey * ey) - half;
      const c = d <= -0.5 ? 1 : d >= 0.5 ? 0 : 0.5 - d;
      if (c > 0) apply(y * width + x, c);
    }
  }
}

/** Antialiased thick segment from (x0, y0) to (x1, y1), `value` where covered, into `mask` by max. */
export function drawSegment(mask: Float32Array, width: number, height: number, x0: number, y0: number, x1: number, y1: number, half: number, value: number): void {
  segmentCoverage(width, height, x0, y0, x1, y1, half, (i, c) => {
    const v = c * value;
    if (v > mask[i]) mask[i] = v;
  });
}
