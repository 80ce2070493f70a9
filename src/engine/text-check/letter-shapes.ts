import type { InkGroup } from './page-ink.ts';

// A letter's shape as the text check compares it: its ink on a small grid
// measured in the line's own letter height, standing where the line stands
// (its top and its base), so that a י (at the top), a ו (down to the base) and
// a ן (below it) differ by where their ink is as well as by its form, and a
// hand's size and the photo's resolution do not.

/** Grid cells per letter height: a stroke (a tenth to a sixth of the height) covers one or two. */
export const CELLS_PER_HEIGHT = 10;
/** Grid columns: the widest letters (ם, ש, a wide ת) are about 1.2 letter heights, with room to shift a cell either way. */
const GRID_W = 16;
/** Rows above the line's top (ל's neck), through its body, and below its base (the tails of ן, ך, ק, ף, ץ). */
const ROWS_ABOVE = 6;
const ROWS_BELOW = 8;
const GRID_H = ROWS_ABOVE + CELLS_PER_HEIGHT + ROWS_BELOW;
export const SHAPE_CELLS = GRID_W * GRID_H;

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
 * The shape of the ink of `groups` (one letter's: its blobs only, not a
 * neighbour's that reaches into its box), centred across the grid, on the
 * line's frame: each cell's share of ink, smoothed by a cell.
 */
export function letterShape(labels: Int32Array, width: number, groups: readonly InkGroup[], frame: LineFrame): Float32Array {
  const grid = new Float32Array(SHAPE_CELLS);
  const own = new Set(groups.flatMap((g) => g.blobs));
  const left = Math.min(...groups.map((g) => g.box[0]));
  const right = Math.max(...groups.map((g) => g.box[2]));
  const top = Math.min(...groups.map((g) => g.box[1]));
  const bottom = Math.max(...groups.map((g) => g.box[3]));
  const cell = (frame.base - frame.top) / CELLS_PER_HEIGHT;
  const centre = (left + right) / 2;
  for (let v = top; v < bottom; v++) {
    const row = Math.floor((v + 0.5 - frame.top) / cell) + ROWS_ABOVE;
    if (row < 0 || row >= GRID_H) continue;
    for (let u = left; u < right; u++) {
      if (!own.has(labels[v * width + u])) continue;
      const col = Math.floor((u + 0.5 - centre) / cell + GRID_W / 2);
      if (col >= 0 && col < GRID_W) grid[row * GRID_W + col]++;
    }
  }
  const perCell = 1 / (cell * cell);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.min(1, grid[i] * perCell);
  return smooth(grid);
}

/** [1 2 1] / 4 along rows, then columns. */
function smooth(grid: Float32Array): Float32Array {
  const across = new Float32Array(grid.length);
  for (let r = 0; r < GRID_H; r++) {
    for (let c = 0; c < GRID_W; c++) {
      const i = r * GRID_W + c;
      across[i] = (2 * grid[i] + (c > 0 ? grid[i - 1] : 0) + (c + 1 < GRID_W ? grid[i + 1] : 0)) / 4;
    }
  }
  const out = new Float32Array(grid.length);
  for (let r = 0; r < GRID_H; r++) {
    for (let c = 0; c < GRID_W; c++) {
      const i = r * GRID_W + c;
      out[i] = (2 * across[i] + (r > 0 ? across[i - GRID_W] : 0) + (r + 1 < GRID_H ? across[i + GRID_W] : 0)) / 4;
    }
  }
  return out;
}

/** How far apart two shapes are: the sum of squared differences, at the best of a cell's shift either way (a letter's ink is not centred to a cell). */
export function shapeDistance(a: Float32Array, b: Float32Array): number {
  let best = Infinity;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      let sum = 0;
      for (let r = 0; r < GRID_H; r++) {
        const rb = r + dy;
        for (let c = 0; c < GRID_W; c++) {
          const cb = c + dx;
          const vb = rb >= 0 && rb < GRID_H && cb >= 0 && cb < GRID_W ? b[rb * GRID_W + cb] : 0;
          const d = a[r * GRID_W + c] - vb;
          sum += d * d;
        }
      }
      if (sum < best) best = sum;
    }
  }
  return best;
}
