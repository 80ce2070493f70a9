import type { Blob } from '../components.ts';
import { median, robustLeastSquares } from '../geometry.ts';

// A text line: its letters, its centre curve in the frame rotated so that text
// runs along +u, its extent and its letter height; and the measures every part
// of the line finder shares.

/** A text line found in the photo, in the frame rotated so that text runs along +u. */
export type TextLine = {
  /** Indices into the blob array, sorted by u. */
  blobs: number[];
  /** v = c0 + c1·u + c2·u² : the line's centre curve. */
  curve: [number, number, number];
  uMin: number;
  uMax: number;
  /** Median letter height on this line, in pixels. */
  letterHeight: number;
  /** How its letters grow along it (perspective; withSizesAlongLines): d(log height)/du, and the u where their height is letterHeight. Unset: one height. */
  growth?: { readonly slope: number; readonly anchor: number };
};

/** The line's letter height where it passes u: letterHeight, scaled along the line as its letters grow or shrink. */
export const letterHeightAt = (line: TextLine, u: number): number =>
  line.growth ? line.letterHeight * Math.exp(line.growth.slope * (u - line.growth.anchor)) : line.letterHeight;

export type LineLayout = {
  /** Text direction (radians, image frame); u = x·cos + y·sin, v = −x·sin + y·cos. */
  angle: number;
  /** Sorted top to bottom in the rotated frame. */
  lines: TextLine[];
};

export function rotatePoint(angle: number, x: number, y: number): [number, number] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [x * c + y * s, -x * s + y * c];
}

export function unrotatePoint(angle: number, u: number, v: number): [number, number] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [u * c - v * s, u * s + v * c];
}

/** Image coordinates of the point at position u on a line's centre curve. */
export function pointOnLine(layout: LineLayout, line: TextLine, u: number): [number, number] {
  return unrotatePoint(layout.angle, u, curveAt(line.curve, u));
}

export const blobHeight = (b: Blob): number => b.maxY - b.minY + 1;
export const blobWidth = (b: Blob): number => b.maxX - b.minX + 1;
/**
 * A blob covering at least this share of a letter-height square is a whole
 * letter (not a detached stroke, crown or speck), and shapes the lines: set in
 * the engine's first version (244d018), not measured since.
 */
const LETTER_AREA_SHARE = 0.12;
/** Blobs big enough to be whole letters: they shape the lines. */
export const isLetterSized = (b: Blob, h: number): boolean => b.area >= LETTER_AREA_SHARE * h * h;

export const curveAt = (curve: readonly [number, number, number], u: number): number => curve[0] + curve[1] * u + curve[2] * u * u;

/** A curve is fitted with Tukey weights that give nothing to a point this share of a letter height off it; a quadratic needs this many points. First version, not measured since. */
const CURVE_TUKEY_SHARE = 0.5;
const QUADRATIC_MIN_POINTS = 6;
/** A line's curve bends (quadratic, the scroll's curl) once this many letters show it, and is fitted on its whole letters once it has MIN_FIT_LETTERS of them. First version, not measured since. */
export const CURL_MIN_LETTERS = 20;
const MIN_FIT_LETTERS = 4;

/**
 * Robust polynomial fit v(u) of degree 1 or 2: least squares, then two rounds of
 * Tukey reweighting so that a stray blob from the neighbouring line (an ascender,
 * a descender) cannot tilt the line.
 */
export function fitCurve(us: ArrayLike<number>, vs: ArrayLike<number>, degree: 1 | 2, scale: number): [number, number, number] {
  const n = us.length;
  if (n === 0) return [0, 0, 0];
  if (n < 2) return [vs[0], 0, 0];
  const k = degree === 2 && n >= QUADRATIC_MIN_POINTS ? 3 : 2;
  let u0 = 0;
  for (let i = 0; i < n; i++) u0 += us[i];
  u0 /= n;
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) {
    const d = us[i] - u0;
    rows.push(k === 3 ? [1, d, d * d] : [1, d]);
  }
  const sol = robustLeastSquares(rows, vs, k, CURVE_TUKEY_SHARE * scale);
  if (!sol) return [median(vs), 0, 0];
  const a = sol[0];
  const b = sol[1];
  const c2 = k === 3 ? sol[2] : 0;
  // Re-express around u = 0.
  return [a - b * u0 + c2 * u0 * u0, b - 2 * c2 * u0, c2];
}


/** How far two spans along the lines overlap (negative: the gap between them). */
export const spanOverlap = (a: { uMin: number; uMax: number }, b: { uMin: number; uMax: number }) => Math.min(a.uMax, b.uMax) - Math.max(a.uMin, b.uMin);

/** How far apart two lines' curves are midway between the end of the one on the left and the start of the other. */
export function meetingGap(a: TextLine, b: TextLine): number {
  const [left, right] = a.uMax <= b.uMax ? [a, b] : [b, a];
  const meet = (left.uMax + right.uMin) / 2;
  return Math.abs(curveAt(left.curve, meet) - curveAt(right.curve, meet));
}

/** Sorts lines top to bottom by their curves' height at their middle. */
export function sortTopToBottom(lines: TextLine[]): void {
  const mid = (l: TextLine) => curveAt(l.curve, (l.uMin + l.uMax) / 2);
  lines.sort((a, b) => mid(a) - mid(b));
}

/**
 * A line from its member blobs: the centre curve fitted on its whole letters
 * (quadratic once there are enough of them to show curl), its extent along u from
 * the blobs' bounding boxes, and its median letter height.
 */
export function makeLine(members: number[], blobs: Blob[], u: Float64Array, v: Float64Array, h: number, angle: number): TextLine {
  const m = members.sort((p, q) => u[p] - u[q]);
  const big = m.filter((i) => isLetterSized(blobs[i], h));
  const fitOn = big.length >= MIN_FIT_LETTERS ? big : m;
  const curve = fitCurve(
    fitOn.map((i) => u[i]),
    fitOn.map((i) => v[i]),
    fitOn.length >= CURL_MIN_LETTERS ? 2 : 1,
    h,
  );
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  let uMin = Infinity;
  let uMax = -Infinity;
  for (const i of m) {
    const b = blobs[i];
    for (const x of [b.minX, b.maxX + 1]) {
      for (const y of [b.minY, b.maxY + 1]) {
        const pu = x * c + y * s;
        if (pu < uMin) uMin = pu;
        if (pu > uMax) uMax = pu;
      }
    }
  }
  return { blobs: m, curve, uMin, uMax, letterHeight: median(big.map((i) => blobHeight(blobs[i]))) || h };
}

