import { median } from '../geometry.ts';
import type { PageMap } from '../page-map.ts';
import type { Gray } from '../raster.ts';
import { inkBlobs, PLAIN_INK, type Ink } from '../reader/inks.ts';
import { rectifyPage } from '../rectify.ts';
import { LINE_PITCH, TEMPLATE_LINES } from '../template.ts';
import { partsInFirmInk } from './firm-ink.ts';

// The ink of each of the text's 22 lines, on the page rectified through the
// reading's map (upright, lines level, the curl straightened), as the groups
// of ink the letters are read from: each group one letter as a rule, a
// letter's detached parts (the leg of a ה or a ק) joined to it.

/**
 * Letters are told apart in firmer ink than the reader finds lines in: a
 * blurred grey bridge between two close letters is not ink. Of the 2,139
 * letters of three clean synthetic registration photos at 3 MP, aligned one to
 * one with the text: 2,026 at the reader's contrast (0.3), 2,096 at 0.45,
 * 2,078 at 0.6 (thin strokes break apart).
 */
export const LETTER_INK: Ink = { ...PLAIN_INK, contrast: 0.45 };
/** A blob belongs to the line its vertical middle lies within this share of a line pitch of. */
const LINE_REACH = 0.5;
/** Blobs further than this (column widths) outside the text column are the margin's: the sheet's edge, its stains. */
const COLUMN_REACH = 0.02;
/**
 * Blobs under this share of the line's median blob area are small: a י, a
 * speck of dirt, a crown's tip, a bit of a letter. One standing alone along
 * the line is kept as small ink (a letter may take it, no finding is made of
 * it if none does), joined with small ink over or under it (a letter's
 * pieces); one over a letter's ink is left out of it, noted within it. Under
 * DUST_SHARE a blob is too small to be any letter (a י is a stroke half a
 * letter high) and is left out wherever it stands, unless dust over it
 * brings it over DUST_SHARE (stacked).
 */
const SPECK_SHARE = 0.3;
const DUST_SHARE = 0.08;
/**
 * A blob taller than this many line pitches reaches across the gap between two
 * lines (a letter's body is about 0.6 of a pitch; with a neck or a tail about
 * 1), and is cut there (cutAcrossLines). On the text tune set's 3 MP
 * registration photos letters read missing in clean scrolls fell from 160 to 73
 * (ל's and ך's most: a tail touching the neck below it had made one blob of two
 * lines).
 */
const ACROSS_LINES = 1.15;
/**
 * The cut is looked for within this many line pitches of the gap's middle,
 * where one letter's stroke meets the other: a ל's head touching the leg of
 * the letter above sits at that line's base, 0.2 of a pitch above the middle;
 * a ך's tail reaching the letter below meets it as far under.
 */
const CUT_REACH = 0.3;
/**
 * Of the rows about as thin as the thinnest (within this ratio of it, or a
 * pixel), the cut takes the one nearest the gap's middle: a tapering leg's
 * end, a crown's hair, is a good deal thinner than a stroke, while along a
 * stroke of even width (a tail, a neck) the thinnest row is a pixel's chance,
 * and the middle is as good as any.
 */
const CUT_SLACK = 1.25;
/**
 * Blobs wider than this many line pitches, or taller than MAX_BLOB_HEIGHT, are
 * no letters (a stain, the sheet's edge, a ruling). Letters touching across
 * two gaps (a ל's neck touching a ל above it, whose neck touches the line
 * above that) make a blob some 2.7 pitches tall, which is cut into its lines.
 */
const MAX_BLOB_WIDTH = 3;
const MAX_BLOB_HEIGHT = 3;
/** Blobs overlapping along the line by this share of the narrower one are parts of one letter (the leg of a ה or a ק under its roof; a leg may stand a little past the roof's end: at 0.6, unexplained findings on the text tune set's 3 MP registration photos 371, at 0.4 356). */
const SAME_LETTER_OVERLAP = 0.4;

/** One group of ink on the rectified page, in canonical units (X along the line from the right margin, Y down the page) and in its pixels. */
export type InkGroup = {
  X0: number;
  X1: number;
  Y0: number;
  Y1: number;
  area: number;
  /** Its bounding box in the rectified page's pixels: left, top, right, bottom (exclusive). */
  box: [number, number, number, number];
  /** Its blobs' labels in the page's `labels` (1 + the blob's index). */
  blobs: number[];
  /** Its place among its line's groups, in reading order. */
  index: number;
  /** Small ink (under SPECK_SHARE of the line's blobs): a י or a speck; ink no letter takes here is no finding. */
  small?: boolean;
  /** Ink standing apart just under one of its strokes' ends (markStrokeEnds): the rest of a stroke broken off, or a crown of the next line's letter (stroke-ends.ts tells which). */
  under?: Piece[];
  /** Of small ink stacked across breaks (stacked): the rows its ink spans, the breaks left out (absent: its box's height). */
  rows?: number;
  /** Small ink in its columns that it does not count as its own (a ה's short leg, a crown's tip, a speck): left out of its reading; what of it stands under its roof, or is a roof's end cut off at its top, is counted in its look against its look-alikes and in its pieces (letter-parts.ts, partsWithin), and what is the top of a stroke broken off over it in its pieces (stroke-ends.ts, brokenTops). */
  within?: Piece[];
};

/** Ink that is a piece of a letter it is not grouped with: its box in the page's pixels and its blobs' labels. */
export type Piece = { readonly box: Box; readonly blobs: readonly number[]; readonly rows?: number };

/** The rectified page and, for each of the 22 lines, its groups of ink in reading order. */
export type PageInk = {
  readonly page: { readonly image: Gray; readonly toPhoto: (u: number, v: number) => [number, number] };
  /** The page's ink, per pixel: the label of the blob it is part of (0: none). */
  readonly labels: Int32Array;
  readonly lines: readonly (readonly InkGroup[])[];
};

/** A box on the rectified page, pixels: [left, top, right, bottom]. */
export type Box = readonly [number, number, number, number];

/** The ink of each line of the page `map` frames in `img`, rectified at most `maxSide` px tall (rectify.ts's own cap unless told); null when the page cannot be rectified. */
export function pageInk(img: Gray, map: PageMap, maxSide?: number): PageInk | null {
  const page = rectifyPage(img, map, maxSide);
  if (!page) return null;
  const { blobs, labels } = inkBlobs(page.image, LETTER_INK);
  const candidates: InkGroup[] = [];
  let nextLabel = blobs.length + 1;
  const rowOf = (Y: number) => Math.round((Y - page.toCanonical(0, 0)[1]) / (page.toCanonical(0, 1)[1] - page.toCanonical(0, 0)[1]));
  for (const [k, b] of blobs.entries()) {
    const whole = groupAt([b.minX, b.minY, b.maxX + 1, b.maxY + 1], b.area, k + 1, page.toCanonical);
    const { X0, X1, Y0, Y1 } = whole;
    if (X1 - X0 > MAX_BLOB_WIDTH * LINE_PITCH || Y1 - Y0 > MAX_BLOB_HEIGHT * LINE_PITCH) continue;
    if (X1 < -COLUMN_REACH || X0 > 1 + COLUMN_REACH) continue;
    const parts = partsInFirmInk(page.image, labels, whole.box, k + 1, nextLabel);
    if (parts) nextLabel += parts.length;
    const pieces = parts ? parts.map(({ box, area, label }) => groupAt(box, area, label, page.toCanonical)) : [whole];
    for (const piece of pieces) candidates.push(...cutAcrossLines(piece, labels, page.image.width, page.toCanonical, rowOf, () => nextLabel++));
  }
  const pxPerPitch = LINE_PITCH / (page.toCanonical(0, 1)[1] - page.toCanonical(0, 0)[1]);
  const lines: InkGroup[][] = TEMPLATE_LINES.map(() => []);
  // A stroke and its end broken off under it are no taller than a letter whose tail reaches across the gap between lines.
  markStrokeEnds(candidates, labels, page.image.width, pxPerPitch, ACROSS_LINES * pxPerPitch);
  for (const g of candidates) {
    const line = Math.round((g.Y0 + g.Y1) / 2 / LINE_PITCH);
    if (line >= 0 && line < lines.length && Math.abs((g.Y0 + g.Y1) / 2 - line * LINE_PITCH) < LINE_REACH * LINE_PITCH) lines[line].push(g);
  }
  return { page, labels, lines: lines.map(lettersOf) };
}

/**
 * A stroke cut across (a leg broken off) leaves its end standing apart just
 * under it: no further below than BROKEN_GAP line pitches (a quarter of a
 * letter height), in the stroke's columns and about as wide as the stroke
 * there, or as its last row (facesStroke; a letter's base, a speck or a dot
 * is not; a י's tail cut at its root leaves its head over it), with nothing
 * under it as near (ink between two is a crown's tip over
 * the next line's letter). Such ink is noted on the group above as ink under
 * its stroke (`under`) and left where it is: a detached crown of the next
 * line's letter can look the same, and only the letter read can tell
 * (stroke-ends.ts: whether the letter reaches as far as the hand's others
 * only with it).
 */
const BROKEN_GAP = 0.15;
/** A stroke's width is measured over this many line pitches next to the break (a stroke's end is pointed, its last row a pixel or two). */
const STROKE_BAND = 0.05;
/** Less ink than this (line pitches squared, about a hundredth of a letter height squared) is a speck or the blur's fringe, not a stroke's end. */
const MIN_PIECE = 0.004;

/** Notes on each group (in the page's pixels, `labels` its blobs) the ink standing apart under one of its strokes' ends; the two together no taller than `tallest` pixels. */
export function markStrokeEnds(groups: readonly InkGroup[], labels: Int32Array, width: number, pxPerPitch: number, tallest: number): void {
  const byLabel = new Map<number, InkGroup>();
  for (const g of groups) for (const b of g.blobs) byLabel.set(b, g);
  const gap = Math.max(1, Math.round(BROKEN_GAP * pxPerPitch));
  const band = Math.max(2, Math.round(STROKE_BAND * pxPerPitch));
  const least = MIN_PIECE * pxPerPitch * pxPerPitch;
  for (const piece of groups) {
    if (piece.blobs.length !== 1 || piece.area < least) continue;
    const end = inkBeside(piece, labels, width, -gap);
    if (!end || inkBeside(piece, labels, width, gap)) continue;
    const above = byLabel.get(end.label);
    if (!above || above === piece || above.area <= piece.area || piece.box[3] - above.box[1] > tallest) continue;
    const [left, top, right] = piece.box;
    const stroke = extentIn(labels, width, end.row - band + 1, end.row + 1, end.label, left, right);
    const rest = extentIn(labels, width, top, top + band, piece.blobs[0], left, right);
    if (!stroke || !rest) continue;
    // Or its last row alone, when the piece is no wider than tall (a stroke's end, not a dot lying flat under a bowl's bottom): a tail cut at its root leaves the head's base over it, as wide as the head.
    const upright = right - left <= piece.box[3] - top;
    const facesTip = () => {
      const tip = extentIn(labels, width, end.row, end.row + 1, end.label, left, right);
      return tip !== null && facesStroke(tip, rest);
    };
    if (!facesStroke(stroke, rest) && !(upright && facesTip())) continue;
    (above.under ??= []).push({ box: piece.box, blobs: piece.blobs });
  }
}

/**
 * A stroke's end broken off faces the stroke across the break: their spans
 * there (columns under a leg, rows beside a roof) overlap by half the
 * narrower, and neither is more than STROKE_RATIO times the other (a letter's
 * base under a leg, or a dot beside a roof, is not a stroke's end).
 */
const STROKE_RATIO = 2;

/** Whether two spans across a break (from, to: exclusive) are one stroke's two sides: neither more than `ratio` (STROKE_RATIO unless told) times the other. */
export function facesStroke(a: { from: number; to: number }, b: { from: number; to: number }, ratio = STROKE_RATIO): boolean {
  const [wa, wb] = [a.to - a.from, b.to - b.from];
  const overlap = Math.min(a.to, b.to) - Math.max(a.from, b.from);
  return overlap >= 0.5 * Math.min(wa, wb) && wb <= ratio * wa && wa <= ratio * wb;
}

/** The nearest row of another blob's ink within `rows` rows under a group (above it when negative), in its columns: that blob's label and the row. */
function inkBeside(g: InkGroup, labels: Int32Array, width: number, rows: number): { label: number; row: number } | null {
  const [left, top, right, bottom] = g.box;
  const height = labels.length / width;
  const step = Math.sign(rows);
  for (let v = rows < 0 ? top - 1 : bottom, k = 0; k < Math.abs(rows) && v >= 0 && v < height; v += step, k++) {
    for (let u = left; u < right; u++) {
      const label = labels[v * width + u];
      if (label !== 0 && label !== g.blobs[0]) return { label, row: v };
    }
  }
  return null;
}

/** The extent (from, to: exclusive) of `label`'s runs in rows `top` to `bottom` that reach into the columns `left` to `right`; null when none does. */
function extentIn(labels: Int32Array, width: number, top: number, bottom: number, label: number, left: number, right: number): { from: number; to: number } | null {
  let from = Infinity;
  let to = -Infinity;
  const height = labels.length / width;
  for (let v = Math.max(0, top); v < Math.min(height, bottom); v++) {
    for (let u = left; u < right; u++) {
      if (labels[v * width + u] !== label) continue;
      let a = u;
      let b = u + 1;
      while (a > 0 && labels[v * width + a - 1] === label) a--;
      while (b < width && labels[v * width + b] === label) b++;
      from = Math.min(from, a);
      to = Math.max(to, b);
      u = b;
    }
  }
  return from < to ? { from, to } : null;
}

/**
 * A blob reaching across the gap between two lines (taller than ACROSS_LINES,
 * over a gap's middle: a ל's neck touching the letter above, a ך's tail the
 * letter below, a chain of them over three lines) as its lines' parts: cut at
 * each gap it reaches across, where it is thinnest within CUT_REACH of the
 * gap's middle (CUT_SLACK), each part below a cut labelled anew in `labels`
 * (`newLabel`), each boxed tight. The parts of a cut touch under labels of
 * their own; markStrokeEnds, run after, does not take the lower for a stroke's
 * end broken off the upper: the two are taller than it allows.
 */
export function cutAcrossLines(g: InkGroup, labels: Int32Array, width: number, toCanonical: (u: number, v: number) => [number, number], rowOf: (Y: number) => number, newLabel: () => number): InkGroup[] {
  if (g.Y1 - g.Y0 <= ACROSS_LINES * LINE_PITCH) return [g];
  const [left, top, right, bottom] = g.box;
  const label = g.blobs[0];
  const cuts: number[] = [];
  for (let n = Math.floor(g.Y0 / LINE_PITCH); n < g.Y1 / LINE_PITCH; n++) {
    const gap = (n + 0.5) * LINE_PITCH;
    if (gap <= g.Y0 || gap >= g.Y1) continue;
    const middle = rowOf(gap);
    const [from, to] = [Math.max(top + 1, rowOf(gap - CUT_REACH * LINE_PITCH)), Math.min(bottom - 1, rowOf(gap + CUT_REACH * LINE_PITCH))];
    const ink: number[] = [];
    for (let v = from; v <= to; v++) {
      let count = 0;
      for (let u = left; u < right; u++) if (labels[v * width + u] === label) count++;
      ink.push(count);
    }
    const least = Math.min(...ink);
    let cut = -1;
    ink.forEach((count, i) => {
      if (count <= Math.max(least * CUT_SLACK, least + 1) && (cut < 0 || Math.abs(from + i - middle) < Math.abs(cut - middle))) cut = from + i;
    });
    if (cut >= 0) cuts.push(cut);
  }
  if (cuts.length === 0) return [g];
  const rows = [top, ...cuts, bottom];
  const parts: InkGroup[] = [];
  for (let i = 0; i + 1 < rows.length; i++) {
    const own = i === 0 ? label : newLabel();
    if (own !== label) for (let v = rows[i]; v < rows[i + 1]; v++) for (let u = left; u < right; u++) if (labels[v * width + u] === label) labels[v * width + u] = own;
    const part = groupOf(own, labels, width, [left, rows[i], right, rows[i + 1]], toCanonical);
    if (part) parts.push(part);
  }
  return parts;
}

/** The ink labelled `label` within `within` (page pixels) as a group of its own, its box drawn tight; null when it holds none. */
function groupOf(label: number, labels: Int32Array, width: number, within: Box, toCanonical: (u: number, v: number) => [number, number]): InkGroup | null {
  let [left, top, right, bottom, area] = [Infinity, Infinity, -Infinity, -Infinity, 0];
  for (let v = within[1]; v < within[3]; v++) {
    for (let u = within[0]; u < within[2]; u++) {
      if (labels[v * width + u] !== label) continue;
      area++;
      [left, top, right, bottom] = [Math.min(left, u), Math.min(top, v), Math.max(right, u + 1), Math.max(bottom, v + 1)];
    }
  }
  return area === 0 ? null : groupAt([left, top, right, bottom], area, label, toCanonical);
}

/** One blob's ink (`label`, `area` pixels) in `box` (page pixels) as a group, its extent in canonical units. */
function groupAt(box: [number, number, number, number], area: number, label: number, toCanonical: (u: number, v: number) => [number, number]): InkGroup {
  const [X1, Y0] = toCanonical(box[0], box[1]);
  const [X0, Y1] = toCanonical(box[2], box[3]);
  return { X0, X1, Y0, Y1, area, box, blobs: [label], index: 0 };
}

/** A line's blobs as groups of ink in reading order: overlapping parts joined, small ink alone along the line kept as such (small ink over small ink, no further apart than a stroke broken off, joined: together they may be a letter's ink, no longer small), the rest left out. */
export function lettersOf(blobs: readonly InkGroup[]): InkGroup[] {
  const typical = typicalArea(blobs);
  const overlaps = (a: InkGroup, b: InkGroup) => Math.min(a.X1, b.X1) - Math.max(a.X0, b.X0) > SAME_LETTER_OVERLAP * Math.min(a.X1 - a.X0, b.X1 - b.X0);
  const groups: InkGroup[] = [];
  for (const b of blobs.filter((g) => g.area >= SPECK_SHARE * typical).sort((p, q) => p.X0 - q.X0)) {
    const last = groups[groups.length - 1];
    if (last && overlaps(last, b)) groups[groups.length - 1] = joined(last, b);
    else groups.push({ ...b, box: [...b.box], blobs: [...b.blobs] });
  }
  const small: InkGroup[] = [];
  for (const { group: g, over } of stacked(blobs.filter((b) => b.area < SPECK_SHARE * typical), typical, groups, overlaps)) {
    if (g.area < DUST_SHARE * typical) continue;
    if (over) (over.within ??= []).push({ box: g.box, blobs: g.blobs, ...(g.rows === undefined ? {} : { rows: g.rows }) });
    else small.push(g);
  }
  const all = [...groups, ...small.map((b) => ({ ...b, small: b.area < SPECK_SHARE * typical }))].sort((p, q) => p.X0 - q.X0);
  all.forEach((g, i) => (g.index = i));
  return all;
}

/**
 * Small ink (under SPECK_SHARE) in pieces one over another, overlapping along
 * the line and no further apart than a stroke broken off (BROKEN_GAP), as one
 * group of their blobs, with the letter it stands over (`over`, if any): a ו's
 * head broken off its stroke, a ה's short leg cut in two. Each piece alone
 * may be too small for any letter: two specks of dust a break apart may be a
 * stroke's two pieces, which left out as dust leave the ה read whole. Dust
 * is joined only with dust, for a speck beside a letter's piece is the
 * parchment's; pieces over a letter only on the same side of its top, for
 * its roof stands between a crown's tip and a leg under it. A group's `rows`
 * leave its breaks out: two specks a break apart are no taller than their ink.
 */
function stacked(pieces: readonly InkGroup[], typical: number, letters: readonly InkGroup[], overlaps: (a: InkGroup, b: InkGroup) => boolean): { group: InkGroup; over: InkGroup | undefined }[] {
  type Stack = { group: InkGroup; over: InkGroup | undefined; dust: boolean; above: boolean };
  const height = (g: InkGroup) => g.box[3] - g.box[1];
  const out: Stack[] = [];
  for (const g of [...pieces].sort((p, q) => p.X0 - q.X0)) {
    const over = letters.find((l) => overlaps(l, g));
    const [dust, above] = [g.area < DUST_SHARE * typical, over !== undefined && g.Y0 < over.Y0];
    const k = out.findIndex((s) => s.dust === dust && s.over === over && s.above === above && overlaps(s.group, g) && Math.max(s.group.Y0, g.Y0) - Math.min(s.group.Y1, g.Y1) <= BROKEN_GAP * LINE_PITCH);
    if (k < 0) {
      out.push({ group: { ...g, box: [...g.box], blobs: [...g.blobs] }, over, dust, above });
      continue;
    }
    const s = out[k].group;
    const overlap = Math.max(0, Math.min(s.box[3], g.box[3]) - Math.max(s.box[1], g.box[1]));
    out[k].group = { ...joined(s, g), rows: (s.rows ?? height(s)) + height(g) - overlap };
  }
  return out;
}

/**
 * The median area of a line's blobs, dust aside: specks under DUST_SHARE of
 * the median are left out and the median taken again, until it holds (a line
 * by the sheet's edge, or on rough parchment, may hold enough specks to halve
 * it, and a mark a tenth of a letter then counts as a letter).
 */
function typicalArea(blobs: readonly InkGroup[]): number {
  let typical = median(blobs.map((b) => b.area));
  for (let round = 0; round < 3; round++) {
    const kept = blobs.filter((b) => b.area >= DUST_SHARE * typical);
    const next = kept.length > 0 ? median(kept.map((b) => b.area)) : typical;
    if (next === typical) break;
    typical = next;
  }
  return typical;
}

/** The page's box around groups: left, top, right, bottom (exclusive). */
export function spanOf(groups: readonly { readonly box: readonly [number, number, number, number] }[]): [number, number, number, number] {
  return [Math.min(...groups.map((g) => g.box[0])), Math.min(...groups.map((g) => g.box[1])), Math.max(...groups.map((g) => g.box[2])), Math.max(...groups.map((g) => g.box[3]))];
}

/** Two groups as one. */
export const joined = (a: InkGroup, b: InkGroup): InkGroup => ({
  X0: Math.min(a.X0, b.X0),
  X1: Math.max(a.X1, b.X1),
  Y0: Math.min(a.Y0, b.Y0),
  Y1: Math.max(a.Y1, b.Y1),
  area: a.area + b.area,
  box: [Math.min(a.box[0], b.box[0]), Math.min(a.box[1], b.box[1]), Math.max(a.box[2], b.box[2]), Math.max(a.box[3], b.box[3])],
  blobs: [...a.blobs, ...b.blobs],
  index: a.index,
  ...(a.under || b.under ? { under: [...(a.under ?? []), ...(b.under ?? [])] } : {}),
});
