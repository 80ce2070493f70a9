import { boxBlur, maxFilter, reduce, type Gray } from './raster.ts';

const BACKGROUND_STEP = 4;

/**
 * Ink mask: pixels markedly darker than their local background. The background is
 * estimated as a blurred local maximum, so ink strokes thinner than the window
 * vanish from it while shadows, light gradients and parchment tone stay; dividing
 * by it makes the threshold independent of exposure and uneven light. The
 * background is smooth, so it is computed on a 4× reduced copy and interpolated.
 */
export function inkMask(img: Gray, windowRadius: number, minContrast: number): Uint8Array {
  const { width: w, height: h, data } = img;
  const small = reduce(img, BACKGROUND_STEP);
  const r = Math.max(1, Math.round(windowRadius / BACKGROUND_STEP));
  const bg = boxBlur(maxFilter(small, r), r);
  const mask = new Uint8Array(w * h);
  const sw = bg.width;
  const sh = bg.height;
  const bd = bg.data;
  // Bilinear interpolation of the background: the column taps and weights are
  // the same on every row, so they are worked out once.
  const xa = new Int32Array(w);
  const xb = new Int32Array(w);
  const tx = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const [a0, a1, t] = taps(x, sw);
    xa[x] = a0;
    xb[x] = a1;
    tx[x] = t;
  }
  const keep = 1 - minContrast;
  // Each row's top and bottom interpolants depend only on which reduced rows
  // it falls between, so they are computed once per reduced row pair.
  const top = new Float64Array(w);
  const bottom = new Float64Array(w);
  let rows = -1;
  for (let y = 0; y < h; y++) {
    const [y0, y1, ty] = taps(y, sh);
    if (y0 * sh + y1 !== rows) {
      rows = y0 * sh + y1;
      const r0 = y0 * sw;
      const r1 = y1 * sw;
      for (let x = 0; x < w; x++) {
        top[x] = bd[r0 + xa[x]] + (bd[r0 + xb[x]] - bd[r0 + xa[x]]) * tx[x];
        bottom[x] = bd[r1 + xa[x]] + (bd[r1 + xb[x]] - bd[r1 + xa[x]]) * tx[x];
      }
    }
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const b = top[x] + (bottom[x] - top[x]) * ty;
      mask[row + x] = b > 8 && data[row + x] < b * keep ? 1 : 0;
    }
  }
  return mask;
}

/** The two reduced-grid samples around full-resolution position i, and the weight of the second. */
function taps(i: number, n: number): [number, number, number] {
  const f = Math.min(n - 1, Math.max(0, (i + 0.5) / BACKGROUND_STEP - 0.5));
  const i0 = Math.min(Math.max(0, n - 2), Math.floor(f));
  const i1 = Math.min(n - 1, i0 + 1);
  return [i0, i1, n > 1 ? f - i0 : 0];
}
