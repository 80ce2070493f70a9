import { curveAt, letterHeightAt, type LineLayout, type TextLine } from './lines/line.ts';
import { bilinear, type Gray } from './raster.ts';

/** A run of ink along a line between two word gaps; u0 < u1 in the rotated frame. */
export type WordSpan = { u0: number; u1: number };

/**
 * Ink profile along one line: for each unit step of u, 1 when a pixel of the
 * line's own blobs lies across the line's band there, else 0 (only the gaps
 * between ink are read from it, so the search across the band stops at the
 * first such pixel, from the centre outward). Looking only at the line's blobs
 * keeps ascenders and descenders of neighbouring lines out of its gaps.
 * `own[label]` is 1 for the labels of this line's blobs (label = blob index + 1)
 * and 0 for every other: a typed-array lookup in the innermost loop, where a
 * Set took 8% of a 12 MP photo's analysis.
 */
/** A line's band reaches this many letter heights either side of its curve (at least BAND_MIN_PIXELS): a letter and its crown or tail, short of the next line's (lines are about 1.7 letter heights apart). First version, not measured since. */
const BAND_HALF_HEIGHT = 0.9;
const BAND_MIN_PIXELS = 2;
const bandHalfHeight = (line: TextLine): number => Math.max(BAND_MIN_PIXELS, Math.round(BAND_HALF_HEIGHT * line.letterHeight));

function lineProfile(line: TextLine, layout: LineLayout, labels: Int32Array, width: number, height: number, own: Uint8Array): { u0: number; profile: Uint8Array } {
  const u0 = Math.floor(line.uMin) - 2;
  const n = Math.ceil(line.uMax) + 2 - u0;
  const profile = new Uint8Array(n);
  const half = bandHalfHeight(line);
  const c = Math.cos(layout.angle);
  const s = Math.sin(layout.angle);
  for (let k = 0; k < n; k++) {
    const u = u0 + k;
    const vc = curveAt(line.curve, u);
    const uc = u * c;
    const us = u * s;
    // dv = 0, 1, −1, 2, −2, …: the band's centre first, where a letter's ink is.
    for (let j = 0; j <= 2 * half; j++) {
      const dv = j & 1 ? (j + 1) >> 1 : -(j >> 1);
      const v = vc + dv;
      const x = Math.round(uc - v * s);
      const y = Math.round(us + v * c);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      if (own[labels[y * width + x]] === 1) {
        profile[k] = 1;
        break;
      }
    }
  }
  return { u0, profile };
}

/** Gaps (runs of empty profile) as [start, end) in u, with their widths. */
function profileGaps(u0: number, profile: Uint8Array): { a: number; b: number }[] {
  const gaps: { a: number; b: number }[] = [];
  let start = -1;
  for (let k = 0; k < profile.length; k++) {
    if (profile[k] === 0) {
      if (start < 0) start = k;
    } else if (start >= 0) {
      if (start > 0) gaps.push({ a: u0 + start, b: u0 + k });
      start = -1;
    }
  }
  return gaps;
}

/** The word gap is sought between WORD_GAP_LOWEST and WORD_GAP_HIGHEST letter heights, and is WORD_GAP_DEFAULT when Otsu's criterion finds none there. First version, not measured since. */
const WORD_GAP_LOWEST = 0.15;
const WORD_GAP_HIGHEST = 1.2;
const WORD_GAP_DEFAULT = 0.4;

/**
 * Splits every line into words. The word-gap threshold is chosen per photo from
 * the distribution of all gaps measured in letter heights: gaps inside words and
 * gaps between words form two populations, split where Otsu's criterion is best.
 * `labels` holds blob index + 1 per pixel (0 for none), for `blobCount` blobs.
 */
export function findWords(layout: LineLayout, labels: Int32Array, blobCount: number, img: Gray): WordSpan[][] {
  const { width, height } = img;
  const own = new Uint8Array(blobCount + 1);
  const perLine = layout.lines.map((line) => {
    for (const i of line.blobs) own[i + 1] = 1;
    const { u0, profile } = lineProfile(line, layout, labels, width, height, own);
    for (const i of line.blobs) own[i + 1] = 0;
    let first = 0;
    while (first < profile.length && profile[first] === 0) first++;
    let last = profile.length - 1;
    while (last > 0 && profile[last] === 0) last--;
    // Each gap's width in letter heights, the height where it stands.
    const gaps = profileGaps(u0, profile).map((g) => ({ ...g, rel: (g.b - g.a) / letterHeightAt(line, (g.a + g.b) / 2) }));
    return { line, gaps, start: u0 + first, end: u0 + last + 1 };
  });
  const threshold = otsuThreshold(perLine.flatMap(({ gaps }) => gaps.map((g) => g.rel)), WORD_GAP_LOWEST, WORD_GAP_HIGHEST) ?? WORD_GAP_DEFAULT;
  return perLine.map(({ line, gaps, start, end }) => {
    const words: WordSpan[] = [];
    let a = start;
    for (const g of gaps) {
      if (g.rel >= threshold) {
        if (g.a > a) words.push({ u0: a, u1: g.a });
        a = g.b;
      }
    }
    if (end > a) words.push({ u0: a, u1: end });
    for (const i of line.blobs) own[i + 1] = 1;
    const edge = lineEdges(line, layout, labels, img, own);
    const refined = words.map((w) => ({ u0: edge(w.u0, -1), u1: edge(w.u1 - 1, 1) }));
    for (const i of line.blobs) own[i + 1] = 0;
    return refined;
  });
}

/** Grey levels an edge's ink must lie below its parchment by, for the edge to be placed between pixels. */
const MIN_EDGE_CONTRAST = 16;

/**
 * Where a word's ink begins or ends along its line, between pixels. The ink
 * mask puts a word's end at a whole pixel, a step that is a sizeable share of
 * the comparison's tolerance on a small page (a page read at 400 px per column
 * width steps by 0.0025 column widths; the tolerance is 0.002). In each row
 * across the line where the word's outermost ink pixel lies, the grey level
 * is followed outward to where it crosses halfway between the ink (the
 * darker of that pixel and the next one in) and the parchment beside it (the
 * brighter of the next two out), by linear interpolation between pixels. For
 * a sharp edge this is within a tenth of a pixel; an edge blurred over five
 * pixels is placed within a quarter of one (the parchment and ink beside it
 * are not yet their own levels), where the whole pixel was up to half a pixel
 * off (`test/engine/words.test.ts`). The outermost crossing of the rows is the
 * word's edge, as the outermost pixel was. A row where the stroke is too faint, or no
 * crossing lies within the four pixels (ink of another line beside it), keeps
 * the pixel's own edge, half a pixel out.
 */
function lineEdges(line: TextLine, layout: LineLayout, labels: Int32Array, img: Gray, own: Uint8Array): (u: number, dir: -1 | 1) => number {
  const c = Math.cos(layout.angle);
  const s = Math.sin(layout.angle);
  const half = bandHalfHeight(line);
  const { width, height } = img;
  // The grey k steps along the line from (x, y); -1 outside the image.
  const along = (x: number, y: number, k: number) => {
    const sx = x + k * c;
    const sy = y + k * s;
    return sx >= 0 && sy >= 0 && sx < width - 1 && sy < height - 1 ? bilinear(img, sx, sy) : -1;
  };
  // The edge of the ink whose outermost column is u, going outward in dir
  // (−1: a word's start, at lower u; +1: its end). Each row's greys are read
  // along the line's direction through the ink pixel's own point.
  return (u, dir) => {
    let outermost = u + dir / 2;
    let found = false;
    for (let dv = -half; dv <= half; dv++) {
      const v = curveAt(line.curve, u) + dv;
      const x = u * c - v * s;
      const y = u * s + v * c;
      const px = Math.round(x);
      const py = Math.round(y);
      if (px < 0 || py < 0 || px >= width || py >= height || own[labels[py * width + px]] !== 1) continue;
      // The pixel one further in, the ink pixel, and one and two out.
      const inner = along(x, y, -dir);
      const ink0 = along(x, y, 0);
      const out1 = along(x, y, dir);
      const out2 = along(x, y, 2 * dir);
      if (inner < 0 || ink0 < 0 || out1 < 0 || out2 < 0) continue;
      const ink = Math.min(ink0, inner);
      const paper = Math.max(out1, out2);
      if (paper - ink < MIN_EDGE_CONTRAST) continue;
      const mid = (paper + ink) / 2;
      // The crossing: between u and u + dir when the ink pixel is darker than halfway, else between u − dir and u.
      let pos: number;
      if (ink0 <= mid) {
        if (out1 < mid || out1 === ink0) continue;
        pos = u + (dir * (mid - ink0)) / (out1 - ink0);
      } else {
        if (inner > mid) continue;
        pos = u - dir + (dir * (mid - inner)) / (ink0 - inner);
      }
      if (!found || dir * pos > dir * outermost) outermost = pos;
      found = true;
    }
    return outermost;
  };
}

function otsuThreshold(values: number[], lo: number, hi: number): number | null {
  const xs = values.filter((x) => x > 0).map((x) => Math.log(x));
  if (xs.length < 20) return null;
  const sorted = xs.sort((a, b) => a - b);
  let best = -1;
  let bestT: number | null = null;
  const total = sorted.reduce((a, b) => a + b, 0);
  let left = 0;
  for (let i = 1; i < sorted.length; i++) {
    left += sorted[i - 1];
    const t = (sorted[i - 1] + sorted[i]) / 2;
    const et = Math.exp(t);
    if (et < lo || et > hi) continue;
    const n1 = i;
    const n2 = sorted.length - i;
    const m1 = left / n1;
    const m2 = (total - left) / n2;
    const between = n1 * n2 * (m1 - m2) * (m1 - m2);
    if (between > best) {
      best = between;
      bestT = et;
    }
  }
  return bestT;
}
