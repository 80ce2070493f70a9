// Camera shake: estimating a photo's linear motion blur and taking it out
// (reader/photo/deblurred.ts, for photos no reading could read).
import { inverseRealFft2d, powerOfTwoAtLeast, realFft2d, type HalfSpectrum } from './fft.ts';
import type { Gray } from './raster.ts';

/** A straight streak: its length in pixels and its direction (radians, 0 = along x, y down). */
export type MotionBlur = { readonly length: number; readonly angle: number };

/** Side of the central square whose spectrum the blur is estimated from, at most. */
const ESTIMATE_SIDE = 1024;
/** Streak lengths looked for, pixels: below the shortest the reader copes unaided; beyond the longest letters smear into one another. */
const SHORTEST_STREAK = 3;
const LONGEST_STREAK = 30;
/**
 * Noise-to-signal ratio of the Wiener filter, against the streak's transfer
 * function (1 at zero frequency): lower sharpens more and rings more.
 */
const WIENER_NOISE = 0.02;

/**
 * Streaks closer than this (pixels, end to end) to a deeper one are the same
 * streak: a spike of the cepstrum spreads over its neighbours.
 */
const SAME_STREAK = 1.5;

/**
 * The motion blur a photo may show, from its cepstrum (the spectrum of its
 * log spectrum), the likeliest first. A streak of length L multiplies the
 * spectrum by a sinc whose zeros repeat every 1/L along its direction, which
 * the cepstrum turns into a negative spike L pixels from the origin in that
 * direction. Measured on the middle of the photo, Hann-windowed so the
 * crop's edges add nothing. Text has its own cepstral structure (strokes,
 * letter pitch), so the deepest spike names a streak even in a sharp photo,
 * and in a shaken one it may be the text's rather than the shake's: the
 * caller tries at most `count` of them (the deepest, then the next deepest
 * that is not the same streak, SAME_STREAK), and only where a photo could not
 * be read otherwise. Empty for an image too small to show a streak.
 */
export function motionBlurCandidates(img: Gray, count: number): MotionBlur[] {
  const side = Math.min(ESTIMATE_SIDE, 2 ** Math.floor(Math.log2(Math.min(img.width, img.height))));
  if (side < 4 * LONGEST_STREAK) return [];
  const x0 = (img.width - side) >> 1;
  const y0 = (img.height - side) >> 1;
  const hann = new Float64Array(side);
  for (let i = 0; i < side; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / side);
  let mean = 0;
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) mean += img.data[(y0 + y) * img.width + x0 + x];
  mean /= side * side;
  const crop = new Float32Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) crop[y * side + x] = (img.data[(y0 + y) * img.width + x0 + x] - mean) * hann[x] * hann[y];
  }
  const spectrum = realFft2d(crop, side, side);
  const { re, im } = spectrum;
  for (let i = 0; i < re.length; i++) {
    re[i] = Math.log(1e-3 + Math.hypot(re[i], im[i]));
    im[i] = 0;
  }
  const cepstrum = inverseRealFft2d(spectrum);
  // The cepstrum of a real image is symmetric through the origin: half a disc is enough.
  // A streak's spike repeats, weaker, at twice its length (the sinc's zeros make a
  // comb: log|sinc| has negative terms at every multiple of L); a lag whose double
  // is positive is the text's own structure, not a streak.
  const lags: { x: number; y: number; depth: number }[] = [];
  for (let y = -LONGEST_STREAK; y <= LONGEST_STREAK; y++) {
    for (let x = 0; x <= LONGEST_STREAK; x++) {
      const r = Math.hypot(x, y);
      if (r < SHORTEST_STREAK || r > LONGEST_STREAK || (x === 0 && y < 0)) continue;
      const depth = cepstrum[((y + side) % side) * side + x];
      if (cepstrum[((2 * y + side) % side) * side + 2 * x] <= 0) lags.push({ x, y, depth });
    }
  }
  // Deepest first; among equal depths, the order of the scan (as the single deepest was chosen before).
  lags.sort((a, b) => a.depth - b.depth);
  const chosen: { x: number; y: number }[] = [];
  for (const lag of lags) {
    if (chosen.length >= count) break;
    // A lag and its reverse are the same streak (the half disc meets itself at x = 0).
    const same = chosen.some((c) => Math.min(Math.hypot(c.x - lag.x, c.y - lag.y), Math.hypot(c.x + lag.x, c.y + lag.y)) < SAME_STREAK);
    if (!same) chosen.push(lag);
  }
  return chosen.map(({ x, y }) => ({ length: Math.hypot(x, y), angle: Math.atan2(y, x) }));
}

/**
 * The photo with the streak taken out: Wiener deconvolution by the transfer
 * function of a uniform straight streak, sinc(L · f·d) for frequency f and
 * direction d. The photo is mirrored into a power-of-two frame first, so its
 * edges do not wrap into one another.
 */
export function removeMotionBlur(img: Gray, blur: MotionBlur): Gray {
  const { width: w, height: h } = img;
  const margin = Math.ceil(blur.length) + 8;
  const W = powerOfTwoAtLeast(w + 2 * margin);
  const H = powerOfTwoAtLeast(h + 2 * margin);
  const framed = new Float32Array(W * H);
  const mirror = (v: number, n: number) => {
    const p = ((v % (2 * n)) + 2 * n) % (2 * n);
    return p < n ? p : 2 * n - 1 - p;
  };
  for (let y = 0; y < H; y++) {
    const row = mirror(y - margin, h) * w;
    for (let x = 0; x < W; x++) framed[y * W + x] = img.data[row + mirror(x - margin, w)];
  }
  const spectrum = realFft2d(framed, W, H);
  applyWiener(spectrum, blur);
  const sharp = inverseRealFft2d(spectrum);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = sharp[(y + margin) * W + x + margin];
      out[y * w + x] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
  return { width: w, height: h, data: out };
}

function applyWiener(spectrum: HalfSpectrum, blur: MotionBlur): void {
  const { width: W, height: H, columns, re, im } = spectrum;
  const cx = (blur.length * Math.cos(blur.angle)) / W;
  const cy = (blur.length * Math.sin(blur.angle)) / H;
  for (let v = 0; v < H; v++) {
    const fv = v <= H / 2 ? v : v - H;
    for (let u = 0; u < columns; u++) {
      const t = Math.PI * (cx * u + cy * fv);
      const transfer = t === 0 ? 1 : Math.sin(t) / t;
      const gain = transfer / (transfer * transfer + WIENER_NOISE);
      re[v * columns + u] *= gain;
      im[v * columns + u] *= gain;
    }
  }
}
