import type { Gray } from '../raster.ts';
import type { LineFrame } from './letter-shapes.ts';

// How sharp the letters are, as the text check needs them: the width of their
// strokes' edges across the lines (from a quarter of the way from the
// parchment to the ink to three quarters), over the letters' height. Blur,
// shake and a small photo all widen it; where it is wide, strokes run into
// each other and apart at random, and letters cannot be told one by one.

/** Rows sampled in each line's letters: this many, spread over the middle half of their height. */
const ROWS_PER_LINE = 4;
/** An edge counts when the row falls from parchment to ink by at least this share of the line's contrast (the parchment's 90th percentile to the ink's 5th). */
const MIN_EDGE_SHARE = 0.6;

/**
 * The median width of the letters' edges, in letter heights: over the page,
 * and line by line (index as `frames`); null where too few edges are seen (a
 * line with no letters, or whose strokes fall short of the row's contrast: a
 * shadow across part of it, or blur past measuring).
 */
export type EdgeWidths = { readonly page: number | null; readonly lines: readonly (number | null)[] };

/**
 * The width of the letters' edges: the rows through each line's letters
 * (`frames`, `spans`: left and right in the page's pixels) read for every fall
 * from parchment to ink and rise back.
 */
export function edgeWidths(page: Gray, frames: readonly (LineFrame | null)[], spans: readonly ([number, number] | null)[]): EdgeWidths {
  const lines = frames.map((frame, l) => {
    const span = spans[l];
    if (!frame || !span) return null;
    const height = frame.base - frame.top;
    const widths: number[] = [];
    for (let k = 0; k < ROWS_PER_LINE; k++) {
      const v = Math.round(frame.top + height * (0.25 + (0.5 * (k + 0.5)) / ROWS_PER_LINE));
      if (v < 0 || v >= page.height) continue;
      const row = page.data.subarray(v * page.width + Math.max(0, span[0]), v * page.width + Math.min(page.width, span[1]));
      for (const w of edgeWidthsOf(row)) widths.push(w / height);
    }
    return widths;
  });
  return { page: medianOf(lines.flatMap((widths) => widths ?? []), MIN_EDGES), lines: lines.map((widths) => (widths ? medianOf(widths, MIN_LINE_EDGES) : null)) };
}

function medianOf(widths: number[], fewest: number): number | null {
  if (widths.length < fewest) return null;
  widths.sort((a, b) => a - b);
  return widths[widths.length >> 1];
}

/** Edges fewer than this say nothing of a photo's sharpness. */
const MIN_EDGES = 50;
/** Nor fewer than this of a line's: a line's few letters at the photo's edge, or a row whose levels a shadow across part of it sets, say little of its sharpness. */
const MIN_LINE_EDGES = 20;

/** The widths (pixels) of a row's edges between parchment and ink: from a quarter of the way to three quarters. */
function edgeWidthsOf(row: Uint8Array): number[] {
  if (row.length < 8) return [];
  const sorted = Uint8Array.from(row).sort();
  const paper = sorted[Math.floor(0.9 * (sorted.length - 1))];
  const ink = sorted[Math.floor(0.05 * (sorted.length - 1))];
  const contrast = paper - ink;
  if (contrast < 20) return [];
  const high = paper - 0.25 * contrast;
  const low = paper - 0.75 * contrast;
  const out: number[] = [];
  // From each last pixel above `high` to the next below `low`, or back: an edge if nothing turns back between.
  let lastHigh = -1;
  let lastLow = -1;
  for (let i = 0; i < row.length; i++) {
    const g = row[i];
    if (g >= high) {
      if (lastLow >= 0 && lastLow > lastHigh && paperToInk(row, lastLow, i, contrast)) out.push(i - lastLow);
      lastHigh = i;
    } else if (g <= low) {
      if (lastHigh >= 0 && lastHigh > lastLow && paperToInk(row, lastHigh, i, contrast)) out.push(i - lastHigh);
      lastLow = i;
    }
  }
  return out;
}

/** Whether the row between two pixels falls (or rises) by at least MIN_EDGE_SHARE of the contrast. */
const paperToInk = (row: Uint8Array, a: number, b: number, contrast: number) => Math.abs(row[a] - row[b]) >= MIN_EDGE_SHARE * contrast;
