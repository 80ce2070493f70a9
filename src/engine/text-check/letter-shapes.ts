import type { Gray } from '../raster.ts';
import type { InkLevels } from './firm-ink.ts';
import { spanOf, type InkGroup, type Piece } from './page-ink.ts';

// A letter's shape as the text check compares it: its ink on a small grid
// measured in the line's own letter height, standing where the letters about
// it stand (their top and their base), so that a י (at the top), a ו (down to
// the base) and a ן (below it) differ by where their ink is as well as by its
// form, and a hand's size and the photo's resolution do not.

/** A grid a shape is drawn on: cells per letter height, columns, rows above the letters' top and below their base, whether each cell is smoothed with its neighbours, and by how many cells either way two shapes are moved to meet when compared. */
export type ShapeGrid = { readonly cells: number; readonly columns: number; readonly above: number; readonly below: number; readonly smooth: boolean; readonly shift: number };

/**
 * The grid letters are aligned by (what a group's shape says of the letter it
 * would be): ten cells a letter height, a stroke covering one or two,
 * smoothed by a cell. Columns: the widest letters (ם, ש, a wide ת) are about
 * 1.2 letter heights, with room to shift a cell either way; rows above for
 * ל's neck, below for the tails of ן, ך, ק, ף, ץ.
 */
export const COARSE_GRID: ShapeGrid = { cells: 10, columns: 16, above: 6, below: 8, smooth: true, shift: 1 };
/**
 * The grid a letter's darkness is drawn on to judge it written as a look-alike
 * (the nearest instance, findings.ts): twelve cells a letter height,
 * unsmoothed, where a look-alike's difference (ד's corner, ב's heel) is a cell
 * or two; moved up to two cells (a sixth of a letter height) to meet. Each
 * instance of a hand's letters set against the hand's instances of its
 * look-alikes, on the text tune set's 3 MP registration photos (decision 027):
 * with one own letter in 48,524 taken for a look-alike, 78% of 88,129 such
 * instances were (72% by its ink at the letters' contrast on the same grid).
 */
export const FINE_GRID: ShapeGrid = { cells: 12, columns: 22, above: 8, below: 11, smooth: false, shift: 2 };

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
  const [left, top, right, bottom] = spanOf(groups);
  const { cell, centre } = placing(groups, frame, grid);
  for (let v = top; v < bottom; v++) {
    const row = Math.floor((v + 0.5 - frame.top) / cell) + grid.above;
    if (row < 0 || row >= rows) continue;
    for (let u = left; u < right; u++) {
      if (!own.has(labels[v * width + u])) continue;
      const col = Math.floor(((u + 0.5 - centre) * across) / cell + grid.columns / 2);
      if (col >= 0 && col < grid.columns) shape[row * grid.columns + col]++;
    }
  }
  return asShares(shape, grid, cell, across);
}

/**
 * The darkness of the ink of `groups` (one letter's) on `grid`, placed as
 * letterShape places it: each pixel of its ink or at its edge (within a pixel
 * of it) counts how far its grey lies from the parchment to the ink, so that
 * the grey of a stroke's blurred edge says where the edge is to a fraction of
 * a pixel, which ink at one contrast does not; `across` as letterShape's;
 * `parts`, other blobs counted as its ink too (placed as the letter's, its
 * centre that of `groups`).
 */
export function letterDarkness(image: Gray, labels: Int32Array, groups: readonly InkGroup[], frame: LineFrame, grid: ShapeGrid, levels: InkLevels, across = 1, parts: readonly Piece[] = []): Float32Array {
  const { width, height, data } = image;
  const rows = rowsOf(grid);
  const shape = new Float32Array(cellsOf(grid));
  const own = new Set([...groups, ...parts].flatMap((g) => g.blobs));
  const { cell, centre } = placing(groups, frame, grid);
  // The letter's ink and its parts, and a pixel round them.
  const span = spanOf([...groups, ...parts]);
  const [from, top, to, bottom] = [Math.max(0, span[0] - 1), Math.max(0, span[1] - 1), Math.min(width, span[2] + 1), Math.min(height, span[3] + 1)];
  const depth = Math.max(1, levels.parchment - levels.ink);
  // Which pixels are its own ink, over the region scanned and a pixel past it (nearOwn looks a pixel out).
  const w = to - from + 2;
  const mask = new Uint8Array(w * (bottom - top + 2));
  for (let v = Math.max(0, top - 1); v < Math.min(height, bottom + 1); v++) {
    for (let u = Math.max(0, from - 1); u < Math.min(width, to + 1); u++) if (own.has(labels[v * width + u])) mask[(v - top + 1) * w + u - from + 1] = 1;
  }
  // Its ink, or parchment within a pixel of it (a neighbour's ink a pixel off is the neighbour's).
  const nearOwn = (u: number, v: number) => {
    const at = (v - top + 1) * w + u - from + 1;
    if (mask[at]) return true;
    if (labels[v * width + u] !== 0) return false;
    return (mask[at - w - 1] | mask[at - w] | mask[at - w + 1] | mask[at - 1] | mask[at + 1] | mask[at + w - 1] | mask[at + w] | mask[at + w + 1]) === 1;
  };
  // Each pixel shared among the cells it overlaps, by the share of it in each: a cell two and a half pixels wide takes neither two columns nor three.
  const rowShares = Array.from({ length: bottom - top }, (_, i) => overlaps((top + i - frame.top) / cell + grid.above, 1 / cell, rows));
  const colShares = Array.from({ length: to - from }, (_, i) => overlaps(((from + i - centre) * across) / cell + grid.columns / 2, across / cell, grid.columns));
  for (let v = top; v < bottom; v++) {
    const inRows = rowShares[v - top];
    if (inRows.length === 0) continue;
    for (let u = from; u < to; u++) {
      const inColumns = colShares[u - from];
      if (inColumns.length === 0) continue;
      if (!nearOwn(u, v)) continue;
      const dark = Math.min(1, Math.max(0, (levels.parchment - data[v * width + u]) / depth));
      if (dark === 0) continue;
      for (let r = 0; r < inRows.length; r++) {
        const at = inRows[r][0] * grid.columns;
        const dw = dark * inRows[r][1];
        for (let c = 0; c < inColumns.length; c++) shape[at + inColumns[c][0]] += dw * inColumns[c][1];
      }
    }
  }
  return asShares(shape, grid, cell, across);
}

/** Pixels: ink shorter has no rows to tell a form by (a speck, a dot). */
const MIN_BOX_HEIGHT = 3;

/**
 * The darkness of a letter's ink (letterDarkness) drawn in its own box: its
 * ink's top and bottom on the grid's letter height, its width on as many
 * columns, so that what is left is its form alone. A ם and a ס, a ב and a
 * כ, a ד and a ר stand in the same box and differ at its corners, a few
 * pixels at 3 MP, while a hand's instances of one letter differ in width and
 * in where their edges fall by as much: on the line's frame the nearest ם
 * was as near a ס written in a ם's place as the hand's ס's. Null when the ink
 * is shorter than MIN_BOX_HEIGHT.
 */
export function darknessInBox(image: Gray, labels: Int32Array, groups: readonly InkGroup[], grid: ShapeGrid, levels: InkLevels, parts: readonly Piece[] = []): Float32Array | null {
  const [left, top, right, bottom] = spanOf([...groups, ...parts]);
  if (bottom - top < MIN_BOX_HEIGHT || right <= left) return null;
  return letterDarkness(image, labels, groups, { top, base: bottom }, grid, levels, (bottom - top) / (right - left), parts);
}

/** Where a letter's ink is drawn on `grid`: a cell's size in pixels (the frame's letter height in the grid's cells), and the pixel column the grid is centred on (the middle of the ink of `groups`). */
function placing(groups: readonly InkGroup[], frame: LineFrame, grid: ShapeGrid): { cell: number; centre: number } {
  const [left, , right] = spanOf(groups);
  return { cell: (frame.base - frame.top) / grid.cells, centre: (left + right) / 2 };
}

/** Ink counted in pixels on a grid of `cell`-pixel cells (drawn `across` as wide) as each cell's share of ink, smoothed on a grid that asks for it. */
function asShares(shape: Float32Array, grid: ShapeGrid, cell: number, across: number): Float32Array {
  const perCell = across / (cell * cell);
  for (let i = 0; i < shape.length; i++) shape[i] = Math.min(1, shape[i] * perCell);
  return grid.smooth ? smooth(shape, grid) : shape;
}

/** The cells (of `count`) a pixel from `start` to `start + size` (in cells) overlaps, each with the share of the pixel in it. */
function overlaps(start: number, size: number, count: number): [number, number][] {
  const out: [number, number][] = [];
  for (let c = Math.max(0, Math.floor(start)); c < Math.min(count, Math.ceil(start + size)); c++) {
    const share = (Math.min(c + 1, start + size) - Math.max(c, start)) / size;
    if (share > 0) out.push([c, share]);
  }
  return out;
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

/** How far apart two shapes on `grid` are: the sum of squared differences, at the best of the grid's shifts either way (a letter's ink is not centred to a cell). */
export function shapeDistance(a: Float32Array, b: Float32Array, grid: ShapeGrid): number {
  const w = grid.columns;
  const rows = rowsOf(grid);
  // Only rows and columns where either shape has ink add to the sum.
  const [ar0, ar1, ac0, ac1] = inkedSpan(a, grid);
  const [br0, br1, bc0, bc1] = inkedSpan(b, grid);
  let best = Infinity;
  for (let dy = -grid.shift; dy <= grid.shift; dy++) {
    const r0 = Math.max(0, Math.min(ar0, br0 - dy));
    const r1 = Math.min(rows, Math.max(ar1, br1 - dy));
    for (let dx = -grid.shift; dx <= grid.shift; dx++) {
      const c0 = Math.max(0, Math.min(ac0, bc0 - dx));
      const c1 = Math.min(w, Math.max(ac1, bc1 - dx));
      let sum = 0;
      for (let r = r0; r < r1; r++) {
        const rb = r + dy;
        for (let c = c0; c < c1; c++) {
          const cb = c + dx;
          const vb = rb >= 0 && rb < rows && cb >= 0 && cb < w ? b[rb * w + cb] : 0;
          const d = a[r * w + c] - vb;
          sum += d * d;
        }
        if (sum >= best) break;
      }
      if (sum < best) best = sum;
    }
  }
  return best;
}

const spans = new WeakMap<Float32Array, readonly [number, number, number, number]>();
/** The rows and columns of a shape that hold ink: first row, past the last, first column, past the last (an empty shape's are empty). */
function inkedSpan(shape: Float32Array, grid: ShapeGrid): readonly [number, number, number, number] {
  let span = spans.get(shape);
  if (!span) {
    let [r0, r1, c0, c1] = [Infinity, -Infinity, Infinity, -Infinity];
    for (let i = 0; i < shape.length; i++) {
      if (shape[i] === 0) continue;
      const r = Math.floor(i / grid.columns);
      const c = i - r * grid.columns;
      [r0, r1, c0, c1] = [Math.min(r0, r), Math.max(r1, r + 1), Math.min(c0, c), Math.max(c1, c + 1)];
    }
    span = r1 < 0 ? [0, 0, 0, 0] : [r0, r1, c0, c1];
    spans.set(shape, span);
  }
  return span;
}
