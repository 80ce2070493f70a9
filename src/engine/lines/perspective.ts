import type { Blob } from '../components.ts';
import { median, robustLeastSquares } from '../geometry.ts';
import { isLetterSized, rotatePoint, type LineLayout } from './line.ts';
import { sharpestRows } from './text-direction.ts';

// Perspective read off the lines found: how letters shrink along them, and
// where they meet when they fan (a steep tilt). Each feeds one reading of the
// reader's image table (reader/image/letter-sizes.ts, unfanned.ts).

/** The least fan, degrees between the upper and lower thirds' text directions, that vanishingPointOfLines reports. */
const MIN_FAN_DEGREES = 3;

/** withSizesAlongLines: letters enough for the plane, the residual (log size) beyond which a letter counts for nothing, and the most a line's letters may grow along it. */
const SIZE_MIN_LETTERS = 30;
const SIZE_TUKEY = 0.6;
const SIZE_MAX_RATIO = 2.5;

/**
 * The layout with each line's letter height made to follow its letters along
 * it (letterHeightAt). Under a steep tilt the page's far side is written
 * smaller: the tune set's r0020 at 34° has letters half as high at one end of
 * its lines as at the other, so gaps and word widths measured in one height per
 * line mix word gaps with letter gaps. The growth is a plane fitted to the log of
 * the letters' linear size (√area, which turning does not change) over u and v,
 * all lines at once (a line's 30 letters of uneven shapes are too few: fitted
 * per line, near-frontal photos read worse), with Tukey reweighting so that
 * letters of unusual size (two run together, a tail) do not tilt it; each line
 * takes the plane's slope along its own curve, at most SIZE_MAX_RATIO over its
 * length. Used by one reading only (reader/image/letter-sizes.ts): as the
 * rule for every reading it lost as much as it gained (docs/decisions/
 * 015-letter-sizes.md).
 */
export function withSizesAlongLines(layout: LineLayout, blobs: readonly Blob[]): LineLayout {
  const { lines, angle } = layout;
  const h = median(lines.map((line) => line.letterHeight));
  const big = lines.flatMap((line) => line.blobs.filter((i) => isLetterSized(blobs[i], h)));
  if (big.length < SIZE_MIN_LETTERS) return layout;
  const at = big.map((i) => rotatePoint(angle, blobs[i].cx, blobs[i].cy));
  let u0 = 0;
  let v0 = 0;
  for (const [a, b] of at) {
    u0 += a;
    v0 += b;
  }
  u0 /= big.length;
  v0 /= big.length;
  const rows = at.map(([a, b]) => [1, (a - u0) / h, (b - v0) / h]);
  const sizes = big.map((i) => 0.5 * Math.log(blobs[i].area));
  const plane = robustLeastSquares(rows, sizes, 3, SIZE_TUKEY);
  if (!plane) return layout;
  const [, alongU, alongV] = plane;
  // Each letter's u, by blob index, for the lines' anchors.
  const u = new Map(big.map((i, k) => [i, at[k][0]]));
  const sized = lines.map((line) => {
    const letters = line.blobs.flatMap((i) => u.get(i) ?? []);
    if (letters.length === 0) return line;
    const anchor = median(letters);
    const slope = (alongU + alongV * (line.curve[1] + 2 * line.curve[2] * anchor)) / h;
    const limit = Math.log(SIZE_MAX_RATIO) / Math.max(h, line.uMax - line.uMin);
    return { ...line, growth: { slope: Math.max(-limit, Math.min(limit, slope)), anchor } };
  });
  return { angle, lines: sized };
}

/**
 * Where the text's lines meet, when they fan: under a steep tilt the lines
 * converge towards the page's far side, and one text direction with a curve
 * per line (findLines) fits them poorly, a line it traces cutting across two or
 * three of the text's. The letters of the layout's upper and lower thirds
 * (across the lines) each give a direction, set where their own rows are
 * sharpest (sharpestRows), and a centre; the two lines so drawn meet at the
 * vanishing point. Null when the two directions differ by less than
 * MIN_FAN_DEGREES (the lines near parallel: nothing to take away) or the
 * layout has too few letters for thirds of SIZE_MIN_LETTERS.
 */
export function vanishingPointOfLines(layout: LineLayout, blobs: readonly Blob[]): { vanishing: [number, number]; centre: [number, number] } | null {
  const h = median(layout.lines.map((line) => line.letterHeight));
  const letters = layout.lines.flatMap((line) => line.blobs.filter((i) => isLetterSized(blobs[i], h)));
  const third = Math.floor(letters.length / 3);
  if (third < SIZE_MIN_LETTERS) return null;
  const across = new Map(letters.map((i) => [i, rotatePoint(layout.angle, blobs[i].cx, blobs[i].cy)[1]]));
  letters.sort((a, b) => across.get(a)! - across.get(b)!);
  const [upper, lower] = [letters.slice(0, third), letters.slice(letters.length - third)].map((part) => ({
    angle: sharpestRows(blobs, part, h, layout.angle),
    at: centreOf(blobs, part),
  }));
  if (Math.abs(upper.angle - lower.angle) < (MIN_FAN_DEGREES * Math.PI) / 180) return null;
  // upper.at + t·(cos, sin)(upper.angle) = lower.at + s·(cos, sin)(lower.angle), solved for t.
  const [c1, s1, c2, s2] = [Math.cos(upper.angle), Math.sin(upper.angle), Math.cos(lower.angle), Math.sin(lower.angle)];
  const t = ((lower.at[0] - upper.at[0]) * -s2 + (lower.at[1] - upper.at[1]) * c2) / (s1 * c2 - c1 * s2);
  return { vanishing: [upper.at[0] + t * c1, upper.at[1] + t * s1], centre: centreOf(blobs, letters) };
}

/** The mean of these blobs' centres. */
function centreOf(blobs: readonly Blob[], indices: readonly number[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const i of indices) {
    x += blobs[i].cx;
    y += blobs[i].cy;
  }
  return [x / indices.length, y / indices.length];
}
