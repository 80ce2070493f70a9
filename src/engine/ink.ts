import { boxBlur, maxFilter, type Gray } from './raster.ts';

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
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / BACKGROUND_STEP - 0.5));
    const y0 = Math.min(sh - 2, Math.floor(fy));
    const ty = sh > 1 ? fy - y0 : 0;
    const r0 = Math.max(0, y0) * sw;
    const r1 = Math.min(sh - 1, y0 + 1) * sw;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / BACKGROUND_STEP - 0.5));
      const x0 = Math.min(sw - 2, Math.floor(fx));
      const tx = sw > 1 ? fx - x0 : 0;
      const xa = Math.max(0, x0);
      const xb = Math.min(sw - 1, x0 + 1);
      const top = bd[r0 + xa] + (bd[r0 + xb] - bd[r0 + xa]) * tx;
      const bottom = bd[r1 + xa] + (bd[r1 + xb] - bd[r1 + xa]) * tx;
      const b = top + (bottom - top) * ty;
      const v = data[y * w + x];
      mask[y * w + x] = b > 8 && v < b * (1 - minContrast) ? 1 : 0;
    }
  }
  return mask;
}

/** Box-averaged reduction by an integer factor. */
function reduce(img: Gray, step: number): Gray {
  const w = Math.max(1, Math.floor(img.width / step));
  const h = Math.max(1, Math.floor(img.height / step));
  const out = new Uint8Array(w * h);
  const src = img.data;
  const W = img.width;
  const area = step * step;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = 0; dy < step; dy++) {
        const row = (y * step + dy) * W + x * step;
        for (let dx = 0; dx < step; dx++) s += src[row + dx];
      }
      out[y * w + x] = s / area;
    }
  }
  return { width: w, height: h, data: out };
}
