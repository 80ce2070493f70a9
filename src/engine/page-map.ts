// The page map: keyed word ends measured in a photo → the canonical page of
// the mezuzah's text (template.ts), by a robust homography and the curl of a
// rolled scroll; and whether the ends fit that layout well enough to be the
// scroll's text rather than other text fitted by chance. The reader
// (reader/) reads the word ends out of a photo; this is where they are placed.
import type { ScrollPoints } from './fingerprint.ts';
import { weightedLeastSquares } from './geometry.ts';
import { applyHomography, areaScaleAt, fitHomographyRobust, invertHomography, type Homography } from './homography.ts';
import type { WordEnd } from './recognise-layout.ts';
import { CANONICAL_X, CANONICAL_Y } from './template.ts';

/** Word ends that must fit the text's layout before the photo counts as a readable scroll. */
const MIN_LAYOUT_INLIERS = 40;
/**
 * Other text fits the layout by chance: of 250 fresh tune images without a
 * scroll (seed 1103), the 14 printed pages that the reader framed had 7.5–18%
 * of their word ends agreeing (one 24.5%), while the 420 phone photos of the
 * tune set read as scrolls had at least 22%. At 15%, 8 of those pages were
 * accepted; at 20%, one; no tune phone photo changed.
 */
const MIN_LAYOUT_INLIER_RATIO = 0.2;
/**
 * Agreeing word ends times their share of the ends read (k² / n) that a
 * reading must reach as well. Each opinion a weak photo is given is one more
 * draw at a chance fit, and with all of them printed pages were read as
 * scrolls: of 160 fresh photos of printed pages (seeds 5505 and 6606, Latin and
 * Hebrew print), 12 passed the two floors above (40–63 ends agreeing at 20–26%).
 * A chance fit is few ends at a small share; a scroll read poorly is few ends at
 * a fair share, or a small share of many: over those 160 pages, k² / n was at
 * most 13.2, over the tune set's 880 phone photos read as scrolls (3 MP and the
 * same scenes at 1 MP) at least 16.2 (49 of 148 ends, a 1 MP photo), and over
 * the real samples' 22 scroll photos at least 67.6.
 */
const MIN_LAYOUT_EVIDENCE = 15;
/** Residual scale of the page-to-canonical fit, in column widths (about a third of a letter). */
const LAYOUT_RESIDUAL = 0.01;
/** Rounds of the curl fit (each: the curl from the residuals, then the homography again). */
const BOW_ROUNDS = 3;
/** Word ends within this many LAYOUT_RESIDUALs of the map measure its curl. */
const BOW_REACH = 4;
/** A curl is kept only when it brings this share of the word ends into agreement beyond the flat page's. */
const MIN_BOW_GAIN = 0.03;
/** A bow too small to matter: (X − ½)² is ¼ at the line ends, so it moves them by a quarter of the fit's residual scale. */
const MIN_BOW = LAYOUT_RESIDUAL;
/**
 * Largest bow (and curl along the lines) believed, column widths per squared
 * column width. At 0.2, a sheet curled by a tenth of its width seen at 35°,
 * bench:stress's curl of 12% at 26° (it needed about 0.3) stayed arched in
 * every rectified look.
 */
const MAX_BOW = 0.4;
/** The spread (bow growing down the page) may reach this many MAX_BOWs: it is weighed at about half a bow's reach (see fitPage). Not measured apart. */
const MAX_SPREAD_BOWS = 2;

/**
 * Photo → canonical page: a homography, then the curl. A scroll is stored
 * rolled, so its sheet curls across the lines (a cylinder whose axis runs down
 * the columns), and every point stands above the flat page by a height that
 * grows with the square of its distance from the curl's crest, q = (X − ½)²,
 * X the canonical position along the line. The camera sees a raised point
 * where the ray through it meets the page: moved away from the point under
 * the camera F, by its height over the camera's, q × spread × (P − F). Split
 * at the page's centre C: q × spread × (P − C), the lines bowing more the
 * further they are from the middle line, up above it and down below, and
 * the line ends moving outward along the lines; and q × spread × (C − F),
 * along the tilt, which bows the lines (its part across them, `bow`) and moves
 * the line ends along them (`along`). Canonical P = H(photo) + curl(P), curl =
 * q × (spread × (X − ½) + along, spread × (Y − PAGE_MID_Y) + bow); the
 * linear part of the displacement is the homography's own.
 *
 * `spread` and `bow` are read off how the lines bend (Y), never off the
 * positions along them, since the hand's own drift towards the line ends looks
 * like a curl along the lines (flat photos fitted one freely, and fitting it
 * cost readings: docs/decisions/021-page-curl.md). `along` is spread × (C − F)'s part along the
 * lines, with C − F from the camera's place (cameraTilt: the homography and a
 * phone's focal length); without a focal length, none.
 */
export type PageMap = { readonly h: Homography; readonly bow: number; readonly spread: number; readonly along: number };

export const FLAT_PAGE = (h: Homography): PageMap => ({ h, bow: 0, spread: 0, along: 0 });

/**
 * Where the camera stands over the page, from the homography (photo →
 * canonical) and the focal length: C − F, the vector from the point under the
 * camera to the page's centre, in canonical units; null when it cannot be
 * told. The depth of a page point (the canonical → photo homography's weight)
 * grows along the page by sin(tilt) per unit, relative to the centre's depth d
 * as sin(tilt) / d; the centre's pixels per unit², f² cos(tilt) / d², give d;
 * F lies d × sin(tilt) from the centre, against the depth's growth. On the
 * stress set's photos the tilt came out within 3° of the generator's (26.1°:
 * 25.4–25.6°; 28.6°: 30.3–30.6°; 34.9°: 37.4–39.4°).
 */
function cameraTilt(h: Homography, focalPixels: number): [number, number] | null {
  if (!(focalPixels > 0)) return null;
  const toPhoto = invertHomography(h);
  if (!toPhoto) return null;
  const w0 = toPhoto[6] * 0.5 + toPhoto[7] * PAGE_MID_Y + toPhoto[8];
  const gx = toPhoto[6] / w0;
  const gy = toPhoto[7] / w0;
  const g = Math.hypot(gx, gy);
  const scale = Math.sqrt(areaScaleAt(toPhoto, 0.5, PAGE_MID_Y));
  if (!(scale > 0) || !(g > 0)) return null;
  let cos = 1;
  let sin = 0;
  let depth = 0;
  for (let k = 0; k < 4; k++) {
    depth = (focalPixels * Math.sqrt(cos)) / scale;
    sin = Math.min(MAX_SIN_TILT, g * depth);
    cos = Math.sqrt(1 - sin * sin);
  }
  const reach = depth * sin;
  return [(reach * gx) / g, (reach * gy) / g];
}
/** Steeper than this (about 64°) no page is read; a homography that says so is not believed. */
const MAX_SIN_TILT = 0.9;

/** The canonical page's middle line (its 22 lines run 0 to 21 LINE_PITCHes). */
const PAGE_MID_Y = 0.525;

const bowAt = (X: number) => (X - 0.5) * (X - 0.5);

/** The curl at the canonical point (X, Y) (see PageMap). */
function curlAt(map: PageMap, X: number, Y: number): [number, number] {
  const q = bowAt(X);
  return [q * (map.spread * (X - 0.5) + map.along), q * (map.spread * (Y - PAGE_MID_Y) + map.bow)];
}

/** The homography's side (X′, Y′) of a canonical point (X, Y): (X, Y) less the curl there. */
export function uncurl(map: PageMap, X: number, Y: number): [number, number] {
  const [dx, dy] = curlAt(map, X, Y);
  return [X - dx, Y - dy];
}

/** Newton steps of toPage (from H, a curl of 0.3 along and across the lines settles at the line ends to under 1e-6 in three). */
const TO_PAGE_STEPS = 3;

/**
 * A photo point in the canonical page: the point P whose homography side,
 * P less the curl at P, is H(photo). Along the lines the curl depends on X
 * alone: X − curlX(X) = H_X is solved by Newton's steps (plain repetition,
 * X = H_X + curlX(X), shrinks the error only by about half a step at the
 * line ends of a strong curl); across them, given X, Y − curlY(X, Y) = H_Y is
 * affine in Y. A bow alone (no curl along the lines) is exact at once.
 */
export function toPage(map: PageMap, x: number, y: number): [number, number] {
  const [hx, hy] = applyHomography(map.h, x, y);
  let X = hx;
  for (let k = 0; k < TO_PAGE_STEPS; k++) {
    const c = X - 0.5;
    const along = map.spread * c + map.along;
    const f = X - c * c * along - hx;
    const slope = 1 - 2 * c * along - c * c * map.spread;
    X -= f / slope;
  }
  const q = bowAt(X);
  return [X, (hy + q * (map.bow - map.spread * PAGE_MID_Y)) / (1 - q * map.spread)];
}

/**
 * A page's word ends fitted to the text's layout: the map (measured → canonical)
 * and two counts of the ends that agree with it.
 * - `inliers`, with the best homography alone, as if the page were flat,
 *   compares readings and decides which get second opinions: a bowed count
 *   would favour the readings that took a bow over others of the same photo
 *   (every reading of it sees the same curl).
 * - `agreeing`, with the map kept (the bow's, when it earned its place),
 *   decides whether the photo reads as a scroll at all (readsAsScroll). A
 *   curled scroll seen steeply loses to a flat count what its map holds: a
 *   cropped photo at 32° of tilt and a 4% curl agreed 67 of 324 flat (k² / n
 *   13.9, refused) and 107 bowed, and then matched its registration at 0.74.
 *   Printed pages take no bow (it must bring 3% more of the ends into
 *   agreement): of 160 (seeds 5505, 6606), none of the 83 read at all took
 *   one, so their two counts were equal.
 */
export type PageFit = { readonly ends: readonly WordEnd[]; readonly map: PageMap; readonly inliers: number; readonly agreeing: number };

/** Enough word ends, and a large enough share of them, agree with the text's layout, and both together more than other text reaches by chance (MIN_LAYOUT_EVIDENCE). */
export function readsAsScroll(fit: PageFit): boolean {
  const { agreeing: k, ends } = fit;
  return k >= MIN_LAYOUT_INLIERS && k >= MIN_LAYOUT_INLIER_RATIO * ends.length && k * k >= MIN_LAYOUT_EVIDENCE * ends.length;
}

/**
 * The robust page map of keyed word ends: the homography, then (BOW_ROUNDS
 * times) the curl (spread and bow) read off the Y residuals of the ends near
 * the map, the curl along the lines from it and the camera's place, and the
 * homography fitted again to the layout less the curl. The map with most ends
 * agreeing is kept; a flat page keeps its homography. The fit's count is the
 * flat page's (see PageFit).
 */
export function fitPage(ends: readonly WordEnd[], focalPixels: number): PageFit | null {
  const xs = ends.map((e) => e.x);
  const ys = ends.map((e) => e.y);
  const Xs = ends.map((e) => CANONICAL_X[e.key]);
  const Ys = ends.map((e) => CANONICAL_Y[e.key]);
  let fit = fitHomographyRobust(xs, ys, Xs, Ys, LAYOUT_RESIDUAL);
  if (!fit) return null;
  const inliers = countInliers(fit.weights);
  let map = FLAT_PAGE(fit.h);
  // A curl refines a page already read; fitted to a poor reading's few agreeing ends it chases stray ones.
  if (inliers < MIN_LAYOUT_INLIERS) return { ends, map, inliers, agreeing: inliers };
  let agreeing = inliers;
  const n = ends.length;
  const qs = Xs.map(bowAt);
  // The Y residual ~ spread × q × (Y − PAGE_MID_Y) + bow × q + an affine term (the homography takes that back).
  const rows = Xs.map((X, i) => [qs[i] * (Ys[i] - PAGE_MID_Y), qs[i], 1, X, Ys[i]]);
  const residual = new Float64Array(n);
  const near = new Float64Array(n);
  let curl = FLAT_PAGE(fit.h);
  for (let round = 0; round < BOW_ROUNDS; round++) {
    for (let i = 0; i < n; i++) {
      const [hx, hy] = applyHomography(fit.h, xs[i], ys[i]);
      const [dx, dy] = curlAt(curl, Xs[i], Ys[i]);
      residual[i] = Ys[i] - dy - hy;
      near[i] = Math.hypot(Xs[i] - dx - hx, residual[i]) < BOW_REACH * LAYOUT_RESIDUAL ? 1 : 0;
    }
    const step = weightedLeastSquares(rows, residual, near, 5);
    if (!step) break;
    // Settled (or never there: a flat page pays one small least-squares fit). The spread's q × (Y − PAGE_MID_Y) reaches about half a bow's q.
    if (Math.max(Math.abs(step[0]) * 0.5, Math.abs(step[1])) < MIN_BOW) break;
    const spread = curl.spread + step[0];
    const tilt = cameraTilt(fit.h, focalPixels);
    curl = { h: fit.h, spread, bow: curl.bow + step[1], along: tilt ? spread * tilt[0] : 0 };
    if (!(Math.abs(curl.bow) <= MAX_BOW && Math.abs(curl.spread) <= MAX_SPREAD_BOWS * MAX_BOW && Math.abs(curl.along) <= MAX_BOW)) break;
    const moved = Xs.map((X, i) => curlAt(curl, X, Ys[i]));
    const next = fitHomographyRobust(xs, ys, Xs.map((X, i) => X - moved[i][0]), Ys.map((Y, i) => Y - moved[i][1]), LAYOUT_RESIDUAL);
    if (!next) break;
    fit = next;
    const withCurl = countInliers(next.weights);
    if (withCurl > agreeing && withCurl >= inliers + MIN_BOW_GAIN * ends.length) {
      map = { ...curl, h: next.h };
      agreeing = withCurl;
    }
  }
  return { ends, map, inliers, agreeing };
}

function countInliers(weights: Float64Array): number {
  let inliers = 0;
  for (const w of weights) if (w > 0) inliers++;
  return inliers;
}

export function toCanonical(fit: PageFit): ScrollPoints {
  const n = fit.ends.length;
  const keys = new Uint16Array(n);
  const xs = new Float32Array(n);
  const ys = new Float32Array(n);
  fit.ends
    .slice()
    .sort((p, q) => p.key - q.key)
    .forEach((e, i) => {
      const [X, Y] = toPage(fit.map, e.x, e.y);
      keys[i] = e.key;
      xs[i] = X;
      ys[i] = Y;
    });
  return { keys, xs, ys };
}

/**
 * Keyed word ends measured anywhere (photo pixels, parchment millimetres) into
 * the canonical page, by a robust homography onto the template and the
 * curl; null when too few of them fit it to be the mezuzah's text. `focal`:
 * the camera's focal length in the ends' pixels, when they are a photo's
 * (0, unknown: no curl along the lines).
 */
export function normaliseWordEnds(ends: readonly WordEnd[], focal = 0): ScrollPoints | null {
  const fit = fitPage(ends, focal);
  return fit && readsAsScroll(fit) ? toCanonical(fit) : null;
}
