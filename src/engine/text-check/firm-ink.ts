import { connectedComponents } from '../components.ts';
import { median } from '../geometry.ts';
import type { Gray } from '../raster.ts';

// Two letters set so close that the photo's blur bridges them are one blob of
// ink, as two letters that touch are; what tells them apart is the bridge.
// A stroke joining two letters is as dark as the letters' strokes, a blur's
// bridge is grey: in firmer ink (FIRM_SHARE of the way from the parchment to
// the blob's darkest ink) the blob falls apart where it is only bridged, or
// barely touches in a corner.

/**
 * Firm ink: darker than this share of the way from the parchment around a blob
 * to its darkest ink. On the text tune set's 3 MP registration photos (84),
 * at 0.6, 0.7 and 0.8 alike, the 11 letters written touching are found and 4
 * touching findings are no error's; letters read broken that are not: 3, 4
 * and 7 (thin strokes break in firmer ink).
 */
const FIRM_SHARE = 0.7;
/** The parchment's level around a blob, and the ink's: these quantiles of the grey levels in its box, and of its own pixels. */
const PARCHMENT_QUANTILE = 0.9;
const INK_QUANTILE = 0.05;
/** Parts overlapping across the line by more than this share of the narrower are one letter's (a stroke and its head), not two letters side by side. */
const SIDE_BY_SIDE_OVERLAP = 0.25;
/** A part of a blob in firm ink is a letter's when it holds at least this share of the blob's firm ink (less is a stroke's end or a speck). */
const MIN_PART_SHARE = 0.15;

/** A part of a blob: its box (left, top, right, bottom, exclusive) in the image's pixels, its pixels' count and label. */
export type InkPart = { box: [number, number, number, number]; area: number; label: number };

/**
 * The parts of a blob (`label` in `labels`, within `box`) that stand apart in
 * firm ink, left to right, each given a label of its own in `labels` (the
 * blob's pixels shared out by the columns between the parts), starting at
 * `nextLabel`; null when it holds together.
 */
export function partsInFirmInk(image: Gray, labels: Int32Array, box: readonly [number, number, number, number], label: number, nextLabel: number): InkPart[] | null {
  const [left, top, right, bottom] = box;
  const w = right - left;
  const h = bottom - top;
  if (w < 4 || h < 4) return null;
  // Grey levels as histograms: of the box, and of the blob's own pixels.
  const grey = new Uint32Array(256);
  const own = new Uint32Array(256);
  for (let v = top; v < bottom; v++) {
    for (let u = left; u < right; u++) {
      const g = image.data[v * image.width + u];
      grey[g]++;
      if (labels[v * image.width + u] === label) own[g]++;
    }
  }
  const parchment = quantile(grey, PARCHMENT_QUANTILE);
  const ink = quantile(own, INK_QUANTILE);
  const firm = parchment - FIRM_SHARE * (parchment - ink);
  const mask = new Uint8Array(w * h);
  for (let v = 0; v < h; v++) {
    for (let u = 0; u < w; u++) {
      const p = (top + v) * image.width + left + u;
      if (labels[p] === label && image.data[p] < firm) mask[v * w + u] = 1;
    }
  }
  const { blobs: parts } = connectedComponents(mask, w, h);
  const total = parts.reduce((a, p) => a + p.area, 0);
  const letters = parts.filter((p) => p.area >= MIN_PART_SHARE * total).sort((a, b) => a.minX - b.minX);
  if (letters.length < 2) return null;
  // Parts that overlap across the line are one letter's (a stroke and its head): only parts side by side are letters apart.
  for (let i = 1; i < letters.length; i++) {
    const overlap = letters[i - 1].maxX + 1 - letters[i].minX;
    if (overlap > SIDE_BY_SIDE_OVERLAP * Math.min(letters[i].maxX - letters[i].minX + 1, letters[i - 1].maxX - letters[i - 1].minX + 1)) return null;
  }
  // Each column goes to the part it stands in, or, between two, to the nearer.
  const cuts = letters.slice(1).map((p, i) => (letters[i].maxX + 1 + p.minX) / 2);
  const out: InkPart[] = letters.map((_, i) => ({ area: 0, box: [Infinity, Infinity, -Infinity, -Infinity], label: nextLabel + i }));
  for (let v = top; v < bottom; v++) {
    for (let u = left; u < right; u++) {
      const p = v * image.width + u;
      if (labels[p] !== label) continue;
      let k = 0;
      while (k < cuts.length && u - left >= cuts[k]) k++;
      labels[p] = nextLabel + k;
      const g = out[k];
      g.area++;
      g.box = [Math.min(g.box[0], u), Math.min(g.box[1], v), Math.max(g.box[2], u + 1), Math.max(g.box[3], v + 1)];
    }
  }
  return out;
}

/** The grey level at quantile `q` of a histogram. */
function quantile(histogram: Uint32Array, q: number): number {
  let total = 0;
  for (const n of histogram) total += n;
  const rank = Math.min(total - 1, Math.floor(q * total));
  let seen = 0;
  for (let g = 0; g < histogram.length; g++) {
    seen += histogram[g];
    if (seen > rank) return g;
  }
  return histogram.length - 1;
}

/**
 * Faint ink: darker than this share of the way from the parchment to the
 * darkest ink of a letter's parts. A stroke drawn thin (the hairline of a מ's
 * side, of a ב's back) falls under the letters' ink contrast and leaves the
 * letter in parts that faint ink still joins; a stroke broken off leaves
 * parchment between them.
 */
const FAINT_SHARE = 0.25;

/**
 * Into how many pieces the ink of a letter's parts (`parts`: their labels in
 * `labels`, within `box`) falls in faint ink: 1 when faint ink joins them all.
 */
export function piecesInFaintInk(image: Gray, labels: Int32Array, box: readonly [number, number, number, number], parts: readonly number[]): number {
  if (parts.length < 2) return parts.length;
  const [left, top, right, bottom] = box;
  const w = right - left;
  const h = bottom - top;
  const own = new Set(parts);
  const { parchment, ink } = levelsOf(image, labels, box, own);
  const faint = parchment - FAINT_SHARE * (parchment - ink);
  const mask = new Uint8Array(w * h);
  for (let v = 0; v < h; v++) for (let u = 0; u < w; u++) if (image.data[(top + v) * image.width + left + u] < faint) mask[v * w + u] = 1;
  const { labels: faintLabels } = connectedComponents(mask, w, h);
  // The faint pieces the parts' pixels lie in.
  const pieces = new Set<number>();
  for (let v = 0; v < h; v++) {
    for (let u = 0; u < w; u++) {
      const at = faintLabels[v * w + u];
      if (at > 0 && own.has(labels[(top + v) * image.width + left + u])) pieces.add(at);
    }
  }
  return Math.max(1, pieces.size);
}

/**
 * Ink no letter took whose depth (inkDepth: from the parchment around it to
 * its darkest) is under PALE_SHARE of the line's letters' median is a stain,
 * not a letter added: a brown foxing spot is as dark as ink at the letters'
 * contrast, but not as deep. On the text tune set's registration photos, 27 of
 * 60,089 groups of ink at 3 MP and 5 of 60,002 at 12 MP are under 0.5; letters
 * added read as such that are no error's fell from 9 to 6 (3 MP), 7 to 6 (12
 * MP) and 296 to 231 (phone), every letter added still found. (Dropping pale
 * groups before the letters are read lost letters in uneven light: letters
 * read missing on phone photos 138 → 726.)
 */
const PALE_SHARE = 0.5;

/** Whether a group is far paler than the line's `letters` (PALE_SHARE of their median depth); their depth is measured once, when first asked. */
export function paleAmong(image: Gray, labels: Int32Array, letters: readonly { box: readonly [number, number, number, number]; blobs: readonly number[] }[]): (group: { box: readonly [number, number, number, number]; blobs: readonly number[] }) => boolean {
  let typical: number | null = null;
  return (group) => {
    typical ??= letters.length > 0 ? median(letters.map((g) => inkDepth(image, labels, g.box, g.blobs))) : 0;
    return inkDepth(image, labels, group.box, group.blobs) < PALE_SHARE * typical;
  };
}

/** How deep a group's ink is: grey levels from the parchment around it to its darkest ink (levelsOf). */
export function inkDepth(image: Gray, labels: Int32Array, box: readonly [number, number, number, number], blobs: readonly number[]): number {
  const { parchment, ink } = levelsOf(image, labels, box, new Set(blobs));
  return parchment - ink;
}

/** The grey levels of the parchment and of the ink about some letters. */
export type InkLevels = { readonly parchment: number; readonly ink: number };

/** The parchment's grey level in `box` (PARCHMENT_QUANTILE of its pixels) and the ink's (INK_QUANTILE of the pixels of the blobs `own`). */
export function levelsOf(image: Gray, labels: Int32Array, box: readonly [number, number, number, number], own: ReadonlySet<number>): InkLevels {
  const [left, top, right, bottom] = box;
  const grey = new Uint32Array(256);
  const ink = new Uint32Array(256);
  for (let v = top; v < bottom; v++) {
    for (let u = left; u < right; u++) {
      const p = v * image.width + u;
      grey[image.data[p]]++;
      if (own.has(labels[p])) ink[image.data[p]]++;
    }
  }
  return { parchment: quantile(grey, PARCHMENT_QUANTILE), ink: quantile(ink, INK_QUANTILE) };
}
