import type { InkGroup } from './page-ink.ts';

// A letter's shape as the text check compares it: its ink on a small grid
// measured in the line's own letter height, standing where the letters about
// it stand (their top and their base), so that a י (at the top), a ו (down to
// the base) and a ן (below it) differ by where their ink is as well as by its
// form, and a hand's size and the photo's resolution do not.

/** A grid a shape is drawn on: cells per letter height, columns, rows above the letters' top and below their base, and whether each cell is smoothed with its neighbours. */
export type ShapeGrid = { readonly cells: number; readonly columns: number; readonly above: number; readonly below: number; readonly smooth: boolean };

/**
 * The grid letters are aligned by (what a group's shape says of the letter it
 * would be): ten cells a letter height, a stroke covering one or two,
 * smoothed by a cell. Columns: the widest letters (ם, ש, a wide ת) are about
 * 1.2 letter heights, with room to shift a cell either way; rows above for
 * ל's neck, below for the tails of ן, ך, ק, ף, ץ.
 */
export const COARSE_GRID: ShapeGrid = { cells: 10, columns: 16, above: 6, below: 8, smooth: true };
/**
 * The grid a letter is judged written as a look-alike on (the nearest
 * instance, findings.ts): sixteen cells a letter height, unsmoothed, where a
 * look-alike's difference (ד's corner, ב's heel) is a cell or two. On the
 * text tune set's 3 MP registration photos, at ratio 0.4, 17 of a hand's
 * 48,614 own letters looked like a look-alike against 25 on the coarse grid
 * (at 0.3: 5 against 12), for as many letters written wrong (5 of 11).
 */
export const FINE_GRID: ShapeGrid = { cells: 16, columns: 26, above: 10, below: 13, smooth: false };

const rowsOf = (grid: ShapeGrid) => grid.above + grid.cells + grid.below;
/** How many cells a shape on `grid` holds. */
export const cellsOf = (grid: ShapeGrid): number => grid.columns * rowsOf(grid);

/** Where a line's letters stand on the rectified page, pixels: the top and the base of its letters' bodies. */
export type LineFrame = { readonly top: number; readonly base: number };

/** The frame of a line from its groups: the median top and the median base (most letters have neither neck nor tail). */
export function lineFrame(groups: readonly InkGroup[]): LineFrame | null {
  if (groups.length < 3) return null;
  const tops = groups.map((g) => g.box[1]).sort((a, b) => a - b);
  const bases = groups.map((g) => g.box[3]).sort((a, b) => a - b);
  const top = tops[tops.length >> 1];
  const base = bases[bases.length >> 1];
  return base - top >= 4 ? { top, base } : null;
}

/**
 * Letters near one another along a line stand on one frame, but a line need
 * not be level along all its length: a scribe may write a line's last words
 * lower or higher, and a curl the page map did not straighten bends it. A
 * group is read on the frame of the FRAME_NEIGHBOURS letters nearest it along
 * the line (small ink aside; about a word and a half, so that a word is read
 * on its own height and a letter is not read on its own) where their top and
 * base both stand more than DRIFT letter heights off the line's, the same way;
 * elsewhere on the line's: a frame from nine letters moves by a pixel or two,
 * and a ו and a י differ by where they end (decision 027).
 */
const FRAME_NEIGHBOURS = 9;
const DRIFT = 0.15;

/** Each group's frame (in the order given; null when the line has none, `line`: lineFrame of its letters): its neighbours' where they drift off the line's, the line's elsewhere. */
export function localFrames(groups: readonly InkGroup[], line: LineFrame | null): (LineFrame | null)[] {
  const letters = groups.filter((g) => !g.small);
  const frames = new Map<number, LineFrame | null>();
  return groups.map((g) => {
    if (!line) return null;
    // The letters are in reading order; the window of the letter nearest this group, kept inside the line.
    let at = letters.findIndex((l) => l.X0 >= g.X0);
    if (at < 0) at = letters.length - 1;
    const from = Math.max(0, Math.min(at - (FRAME_NEIGHBOURS >> 1), letters.length - FRAME_NEIGHBOURS));
    if (!frames.has(from)) {
      const near = lineFrame(letters.slice(from, from + FRAME_NEIGHBOURS));
      const height = line.base - line.top;
      const drifted = near && Math.abs(near.top - line.top) > DRIFT * height && Math.abs(near.base - line.base) > DRIFT * height && Math.sign(near.top - line.top) === Math.sign(near.base - line.base);
      frames.set(from, drifted ? near : line);
    }
    return frames.get(from)!;
  });
}

/**
 * The shape of the ink of `groups` (one letter's: its blobs only, not a
 * neighbour's that reaches into its box), centred across the grid, on the
 * line's frame: each cell's share of ink; `across` < 1 draws it that much
 * narrower (a letter stretched, drawn back to its ordinary width).
 */
export function letterShape(labels: Int32Array, width: number, groups: readonly InkGroup[], frame: LineFrame, grid: ShapeGrid, across = 1): Float32Array {
  const rows = rowsOf(grid);
  const shape = new Float32Array(cellsOf(grid));
  const own = new Set(groups.flatMap((g) => g.blobs));
  const left = Math.min(...groups.map((g) => g.box[0]));
  const right = Math.max(...groups.map((g) => g.box[2]));
  const top = Math.min(...groups.map((g) => g.box[1]));
  const bottom = Math.max(...groups.map((g) => g.box[3]));
  const cell = (frame.base - frame.top) / grid.cells;
  const centre = (left + right) / 2;
  for (let v = top; v < bottom; v++) {
    const row = Math.floor((v + 0.5 - frame.top) / cell) + grid.above;
    if (row < 0 || row >= rows) continue;
    for (let u = left; u < right; u++) {
      if (!own.has(labels[v * width + u])) continue;
      const col = Math.floor(((u + 0.5 - centre) * across) / cell + grid.columns / 2);
      if (col >= 0 && col < grid.columns) shape[row * grid.columns + col]++;
    }
  }
  const perCell = across / (cell * cell);
  for (let i = 0; i < shape.length; i++) shape[i] = Math.min(1, shape[i] * perCell);
  return grid.smooth ? smooth(shape, grid) : shape;
}

/** [1 2 1] / 4 along rows, then columns. */
function smooth(shape: Float32Array, grid: ShapeGrid): Float32Array {
  const w = grid.columns;
  const rows = rowsOf(grid);
  const across = new Float32Array(shape.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      across[i] = (2 * shape[i] + (c > 0 ? shape[i - 1] : 0) + (c + 1 < w ? shape[i + 1] : 0)) / 4;
    }
  }
  const out = new Float32Array(shape.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      out[i] = (2 * across[i] + (r > 0 ? across[i - w] : 0) + (r + 1 < rows ? across[i + w] : 0)) / 4;
    }
  }
  return out;
}

/** How far apart two shapes on `grid` are: the sum of squared differences, at the best of a cell's shift either way (a letter's ink is not centred to a cell). */
export function shapeDistance(a: Float32Array, b: Float32Array, grid: ShapeGrid): number {
  const w = grid.columns;
  const rows = rowsOf(grid);
  let best = Infinity;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      let sum = 0;
      for (let r = 0; r < rows; r++) {
        const rb = r + dy;
        for (let c = 0; c < w; c++) {
          const cb = c + dx;
          const vb = rb >= 0 && rb < rows && cb >= 0 && cb < w ? b[rb * w + cb] : 0;
          const d = a[r * w + c] - vb;
          sum += d * d;
        }
      }
      if (sum < best) best = sum;
    }
  }
  return best;
}
