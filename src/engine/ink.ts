import { boxBlur, levels, maxFilter, minFilter, reduce, reduceToMinimum, type Gray } from './raster.ts';

const BACKGROUND_STEP = 4;
/**
 * An overexposed photo, or glare bright enough to saturate the sensor, clips
 * the parchment at white, whatever it was, while the ink keeps its level
 * lifted by the light: each letter seems fainter against the white than it
 * is, and thin strokes and the soft edges of letters (of a blurred photo above
 * all) fall out of the ratio test, so letters break apart and words lose
 * their ends. Where the background has reached CLIPPED_BACKGROUND, a pixel is
 * then ink also when it is a share of the contrast asked elsewhere darker
 * than the white: CLIPPED_CONTRAST_SHARE in the clipped ink (inkMask's
 * `clipped`, a reading of its own for a photo with parchment at white:
 * extractPoints), and LIFTED_CONTRAST_SHARE in the unveiled ink where the
 * darkest ink near is still LIFTED_INK of the white or lighter (the ink of a
 * well-exposed photo is darker, clipped parchment or not). Lifted ink over
 * clipped parchment may be a veil's (veilOf) too: a pixel is ink when either
 * explanation makes it so, so a strong veil is taken off as before.
 */
const CLIPPED_BACKGROUND = 250;
const LIFTED_INK = 0.35;
const LIFTED_CONTRAST_SHARE = 0.5;
/**
 * Chosen on the shared samples overexposed 1.4×, 1.8× and 2.2× (docs/decisions/
 * 018-clipped-inks.md), in every ink: at 0.5, two of the
 * six most blurred stayed unread at 2.2×; at 0.1, most read worse than at 0.25.
 */
const CLIPPED_CONTRAST_SHARE = 0.25;
/** Whether a photo's parchment is clipped at white somewhere: its brightest 1% of pixels (`level`, raster.ts levels) at CLIPPED_BACKGROUND. */
export const hasClippedParchment = (level: (q: number) => number): boolean => level(0.99) >= CLIPPED_BACKGROUND;

/**
 * Ink mask: pixels markedly darker than their local background. The background is
 * estimated as a blurred local maximum, so ink strokes thinner than the window
 * vanish from it while shadows, light gradients and parchment tone stay; dividing
 * by it makes the threshold independent of exposure and uneven light. The
 * background is smooth, so it is computed on a 4× reduced copy and interpolated.
 *
 * With `unveil`, a veil of glare is first taken off where one is found (veilOf):
 * a pixel is ink when it is `minContrast` darker than its background once both
 * have the veil taken off, or, where the parchment is clipped over lifted ink
 * (clippedParchment), when it is LIFTED_CONTRAST_SHARE of that darker than
 * the white. With `clipped`, wherever the parchment is clipped, a pixel is ink
 * also when it is CLIPPED_CONTRAST_SHARE of `minContrast` darker than the white.
 */
export function inkMask(img: Gray, windowRadius: number, minContrast: number, unveil = false, clipped = false): Uint8Array {
  const { width: w, height: h, data } = img;
  const small = reduce(img, BACKGROUND_STEP);
  const r = Math.max(1, Math.round(windowRadius / BACKGROUND_STEP));
  const bg = boxBlur(maxFilter(small, r), r);
  const dark = unveil ? darkestNear(img, r) : null;
  const veil = dark && veilOf(dark, bg);
  const lifted = clipped ? clippedParchment(bg) : dark && clippedParchment(bg, dark);
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
  const keepLifted = 1 - (clipped ? CLIPPED_CONTRAST_SHARE : LIFTED_CONTRAST_SHARE) * minContrast;
  // Each row's top and bottom interpolants depend only on which reduced rows
  // it falls between, so they are computed once per reduced row pair.
  const top = new Float64Array(w);
  const bottom = new Float64Array(w);
  const veilTop = new Float64Array(veil ? w : 0);
  const veilBottom = new Float64Array(veil ? w : 0);
  const liftedTop = new Float64Array(lifted ? w : 0);
  const liftedBottom = new Float64Array(lifted ? w : 0);
  // Each reduced grid read on every row, with the buffers of its top and bottom interpolants.
  const grids: [Uint8Array, Float64Array, Float64Array][] = [[bd, top, bottom]];
  if (veil) grids.push([veil, veilTop, veilBottom]);
  let rows = -1;
  // Whether the parchment is clipped anywhere along the two reduced rows of this row pair.
  let clippedRows = false;
  // A pixel's test is two comparisons turned to numbers and joined by `&`, not
  // `&&` and a choice: parchment's texture puts pixels on either side of the
  // threshold at random, and branches on them were mispredicted (the ink
  // mask a sixth slower on the six 12 MP scenes of bench:floor).
  for (let y = 0; y < h; y++) {
    const [y0, y1, ty] = taps(y, sh);
    if (y0 * sh + y1 !== rows) {
      rows = y0 * sh + y1;
      for (const [grid, upper, lower] of grids) {
        interpolateRow(grid, y0 * sw, xa, xb, tx, upper);
        interpolateRow(grid, y1 * sw, xa, xb, tx, lower);
      }
      clippedRows = lifted !== null && (lifted.subarray(y0 * sw, (y0 + 1) * sw).includes(255) || lifted.subarray(y1 * sw, (y1 + 1) * sw).includes(255));
      if (clippedRows) {
        interpolateRow(lifted!, y0 * sw, xa, xb, tx, liftedTop);
        interpolateRow(lifted!, y1 * sw, xa, xb, tx, liftedBottom);
      }
    }
    const row = y * w;
    if (veil || clippedRows) {
      // Ink by the veil's test, (p − v) < keep · (b − v): the veil v taken off
      // pixel and background alike (v = 0 where none is found); or by the
      // clipped parchment's, p < k · b, k keepLifted where the parchment is
      // clipped (255 in `lifted`, blended across its edge).
      for (let x = 0; x < w; x++) {
        const b = top[x] + (bottom[x] - top[x]) * ty;
        const v = veil ? veilTop[x] + (veilBottom[x] - veilTop[x]) * ty : 0;
        const k = clippedRows ? keep + ((keepLifted - keep) * (liftedTop[x] + (liftedBottom[x] - liftedTop[x]) * ty)) / 255 : keep;
        mask[row + x] = Number(b > 8) & Number(data[row + x] < Math.max(b * keep + v * minContrast, b * k));
      }
    } else {
      for (let x = 0; x < w; x++) {
        const b = top[x] + (bottom[x] - top[x]) * ty;
        mask[row + x] = Number(b > 8) & Number(data[row + x] < b * keep);
      }
    }
  }
  return mask;
}

/**
 * 255 where the background is clipped at white (see CLIPPED_BACKGROUND) and,
 * when `dark` (the darkest ink near, on the grid of `bg`) is given, that ink
 * is lifted (LIFTED_INK); else 0. Null where nothing is.
 */
function clippedParchment(bg: Gray, dark?: Gray): Uint8Array | null {
  const out = new Uint8Array(bg.data.length);
  let found = false;
  for (let i = 0; i < out.length; i++) {
    const b = bg.data[i];
    if (b >= CLIPPED_BACKGROUND && (!dark || dark.data[i] >= LIFTED_INK * b)) {
      out[i] = 255;
      found = true;
    }
  }
  return found ? out : null;
}

/** The darkest ink near each pixel, on the reduced grid: the local minimum of a copy reduced by its blocks' darkest pixels (so thin strokes count), smoothed. */
const darkestNear = (img: Gray, r: number): Gray => boxBlur(minFilter(reduceToMinimum(img, BACKGROUND_STEP), r), r);

/**
 * Ink is at most this share of its parchment's brightness: where the darkest
 * ink near a pixel is brighter than that, a veil is taken to lift it.
 */
const INK_SHARE = 0.5;
/** Where the darkest mark near a pixel is this close to its background, there is no ink to tell a veil by. */
const VEILED_DARK_SHARE = 0.8;

/**
 * Glare (light reflected off a plastic case or glossy parchment) veils the page:
 * every pixel s is lifted toward white, s + k (W − s), ink and parchment alike,
 * and the letters under it fail a ratio test (ink 40 and parchment 180 become
 * 173 and 229 at k = 0.6). With the darkest ink near a pixel D (`dark`,
 * darkestNear) and its background B, ink being INK_SHARE (ρ) of its parchment gives
 * the veil kW = (D − ρB) / (1 − ρ). Zero where D is darker than ρB (no veil to
 * find) or within VEILED_DARK_SHARE of B (no ink near to find it by). Per
 * reduced pixel, on the grid of `bg`; null where no part of the photo is veiled.
 */
function veilOf(dark: Gray, bg: Gray): Uint8Array | null {
  const veil = new Uint8Array(bg.data.length);
  let found = false;
  for (let i = 0; i < veil.length; i++) {
    const level = veilLevel(dark.data[i], bg.data[i]);
    if (level > 0) {
      veil[i] = level;
      found = true;
    }
  }
  return found ? veil : null;
}

/**
 * The veil kW = (D − ρB) / (1 − ρ) that lifted the darkest ink D to where it
 * is, against its parchment B (ρ = INK_SHARE); 0 where D is darker than ρB (no
 * veil) or within VEILED_DARK_SHARE of B (no ink to tell one by). The one
 * measure of a veil, local (veilOf) or over the whole photo (hazeOf).
 */
function veilLevel(dark: number, bright: number, inkShare = INK_SHARE): number {
  return dark > inkShare * bright && dark <= VEILED_DARK_SHARE * bright ? (dark - inkShare * bright) / (1 - inkShare) : 0;
}

/** A haze fainter than this many grey levels moves the ink test by a level or two: none is taken off. */
const MIN_HAZE = 10;
/**
 * The darkest pixels of a whole photo are at most this share of its brightest
 * unless a veil lifted them: lower than INK_SHARE, which a local veil is read
 * by (there the darkest ink near may be a thin or blurred stroke, lighter than
 * the photo's darkest). Over the whole photo the darkest 0.5% are the cores of
 * letters: at most 0.363 of the brightest 1% in the tune set's 640 scroll
 * photos (phone, registration and unregistered; 3 MP), 0.328 in the shared
 * samples'; the samples in low contrast (0.55 s + 90) 0.45–0.57. Blurred
 * small text reaches it too (the tune set's scenes at 1 MP, up to 0.497):
 * extractPoints reads a photo both ways when a veil is measured.
 */
const HAZE_INK_SHARE = 0.4;

/**
 * A veil over the whole photo (haze on a plastic case, a washed-out or
 * overexposed shot, s + k (W − s) everywhere), in grey levels; 0 for none.
 * Ink being at most HAZE_INK_SHARE (ρ) of its parchment, the darkest pixels of a
 * photo (its 0.5th percentile) are at most ρ times its brightest (99th) unless
 * lifted, by veilLevel of the two, as veilOf reads a local veil. A photo with
 * dark ink, shadows or background anywhere has none, and neither has one whose
 * darkest pixels are within VEILED_DARK_SHARE of its brightest (blank
 * parchment: no ink to tell a veil by). `level`: the photo's levels (raster.ts),
 * when the caller has them already.
 */
export function hazeOf(img: Gray, level = levels(img)): number {
  const haze = Math.round(veilLevel(level(0.005), level(0.99), HAZE_INK_SHARE));
  return haze >= MIN_HAZE ? haze : 0;
}

/** The photo with a uniform veil of `haze` grey levels taken off every pixel. */
export function withoutHaze(img: Gray, haze: number): Gray {
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = img.data[i] > haze ? img.data[i] - haze : 0;
  return { width: img.width, height: img.height, data };
}

/** One row of a reduced grid (starting at `start`), interpolated to every full-resolution column. */
function interpolateRow(grid: Uint8Array, start: number, xa: Int32Array, xb: Int32Array, tx: Float32Array, out: Float64Array): void {
  for (let x = 0; x < out.length; x++) out[x] = grid[start + xa[x]] + (grid[start + xb[x]] - grid[start + xa[x]]) * tx[x];
}

/** The two reduced-grid samples around full-resolution position i, and the weight of the second. */
function taps(i: number, n: number): [number, number, number] {
  const f = Math.min(n - 1, Math.max(0, (i + 0.5) / BACKGROUND_STEP - 0.5));
  const i0 = Math.min(Math.max(0, n - 2), Math.floor(f));
  const i1 = Math.min(n - 1, i0 + 1);
  return [i0, i1, n > 1 ? f - i0 : 0];
}
