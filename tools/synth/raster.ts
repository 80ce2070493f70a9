// Small raster tools on plain typed arrays: seeded value noise sampled on
// coarse grids (so textures cost a lookup per pixel, not an fBm evaluation),
// box blurs and a vertical dilation. Nothing here allocates per pixel.

/** Integer hash of a lattice point to [0, 1). */
export function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

// Random values on a 256 × 256 lattice that wraps: noise reads this table instead
// of hashing lattice points (four loads instead of four hashes per sample).
const LATTICE_BITS = 8;
const LATTICE_SIZE = 1 << LATTICE_BITS;
const LATTICE = (() => {
  const table = new Float32Array(LATTICE_SIZE * LATTICE_SIZE);
  for (let j = 0; j < LATTICE_SIZE; j++) for (let i = 0; i < LATTICE_SIZE; i++) table[j * LATTICE_SIZE + i] = hash2(i, j, 0x1b873593) * 2 - 1;
  return table;
})();

/**
 * Smooth value noise in [-1, 1] with unit lattice spacing. Each seed reads the
 * wrapped lattice from its own continuous offset, so seeds give unrelated fields.
 */
export function valueNoise(x: number, y: number, seed: number): number {
  // Offsets from the golden-ratio sequence: cheap, and well spread for any seeds.
  const px = x + ((seed * 0.6180339887498949) % 1) * LATTICE_SIZE + LATTICE_SIZE;
  const py = y + ((seed * 0.4142135623730951) % 1) * LATTICE_SIZE + LATTICE_SIZE;
  const xi = Math.floor(px);
  const yi = Math.floor(py);
  const fx = px - xi;
  const fy = py - yi;
  const u = fx * fx * (3 - 2 * fx);
  const v = fy * fy * (3 - 2 * fy);
  const mask = LATTICE_SIZE - 1;
  const i0 = xi & mask;
  const i1 = (xi + 1) & mask;
  const j0 = (yi & mask) << LATTICE_BITS;
  const j1 = ((yi + 1) & mask) << LATTICE_BITS;
  const a = LATTICE[j0 + i0];
  const b = LATTICE[j0 + i1];
  const c = LATTICE[j1 + i0];
  const d = LATTICE[j1 + i1];
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

/** Fractal sum of value noise; `scale` is the size of the largest features. */
export function fbm(x: number, y: number, scale: number, octaves: number, seed: number): number {
  let sum = 0;
  let amplitude = 0.5;
  let frequency = 1 / scale;
  for (let o = 0; o < octaves; o++) {
    sum += amplitude * valueNoise(x * frequency, y * frequency, seed + o * 1013);
    amplitude *= 0.5;
    frequency *= 2.03;
  }
  return sum;
}

/** A scalar field sampled on a regular grid over a rectangle, read back with bilinear interpolation. */
export type Field = {
  readonly values: Float32Array;
  readonly columns: number;
  readonly rows: number;
  readonly cell: number;
};

export function makeField(width: number, height: number, cell: number, fn: (x: number, y: number) => number): Field {
  const columns = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const values = new Float32Array(columns * rows);
  const row = (j: number): void => {
    for (let i = 0; i < columns; i++) values[j * columns + i] = fn(i * cell, j * cell);
  };
  for (let j = 0; j < rows; j++) row(j);
  return { values, columns, rows, cell };
}

export function sampleField(field: Field, x: number, y: number): number {
  let gx = x / field.cell;
  let gy = y / field.cell;
  if (gx < 0) gx = 0;
  if (gy < 0) gy = 0;
  if (gx > field.columns - 1.001) gx = field.columns - 1.001;
  if (gy > field.rows - 1.001) gy = field.rows - 1.001;
  const i = gx | 0;
  const j = gy | 0;
  const fx = gx - i;
  const fy = gy - j;
  const k = j * field.columns + i;
  const v = field.values;
  const top = v[k] + (v[k + 1] - v[k]) * fx;
  const bottom = v[k + field.columns] + (v[k + field.columns + 1] - v[k + field.columns]) * fx;
  return top + (bottom - top) * fy;
}

/**
 * Samples a field along pixel rows: column weights are computed once, each row
 * blends two grid rows, and a pixel then costs one interpolation.
 */
export type RowSampler = {
  /** Loads the row at field coordinate y; returns the row's values for every pixel. */
  row(y: number): Float32Array;
};

export function rowSampler(field: Field, pixels: number, x0: number, step: number): RowSampler {
  const index = new Int32Array(pixels);
  const frac = new Float32Array(pixels);
  for (let i = 0; i < pixels; i++) {
    let g = (x0 + i * step) / field.cell;
    if (g < 0) g = 0;
    if (g > field.columns - 1.001) g = field.columns - 1.001;
    index[i] = g | 0;
    frac[i] = g - (g | 0);
  }
  const grid = new Float32Array(field.columns);
  const out = new Float32Array(pixels);
  return {
    row(y: number): Float32Array {
      let g = y / field.cell;
      if (g < 0) g = 0;
      if (g > field.rows - 1.001) g = field.rows - 1.001;
      const j = g | 0;
      const f = g - j;
      const v = field.values;
      const a = j * field.columns;
      const b = a + field.columns;
      for (let i = 0; i < field.columns; i++) grid[i] = v[a + i] + (v[b + i] - v[a + i]) * f;
      for (let i = 0; i < pixels; i++) {
        const k = index[i];
        out[i] = grid[k] + (grid[k + 1] - grid[k]) * frac[i];
      }
      return out;
    },
  };
}

// The loops below run row by row through small functions: V8 then optimises the
// row function as a whole instead of entering and leaving an optimised inner loop
// once per row, which costs far more than the work (measured: about 3× here).

function boxRow(src: Float32Array, dst: Float32Array, row: number, width: number, r: number, norm: number): void {
  let acc = 0;
  for (let i = -r; i <= r; i++) acc += src[row + Math.min(width - 1, Math.max(0, i))];
  for (let x = 0; x < width; x++) {
    dst[row + x] = acc * norm;
    acc += src[row + Math.min(width - 1, x + r + 1)] - src[row + Math.max(0, x - r)];
  }
}

function addRow(acc: Float32Array, image: Float32Array, row: number, width: number, sign: number): void {
  for (let x = 0; x < width; x++) acc[x] += sign * image[row + x];
}

function writeRow(out: Float32Array, acc: Float32Array, row: number, width: number, norm: number): void {
  for (let x = 0; x < width; x++) out[row + x] = acc[x] * norm;
}

/** One horizontal box pass of radius r from src into dst, then a vertical one back into src (edges clamp). */
function boxPass(src: Float32Array, dst: Float32Array, width: number, height: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < height; y++) boxRow(src, dst, y * width, width, r, norm);
  const acc = new Float32Array(width);
  for (let i = -r; i <= r; i++) addRow(acc, dst, Math.min(height - 1, Math.max(0, i)) * width, width, 1);
  for (let y = 0; y < height; y++) {
    writeRow(src, acc, y * width, width, norm);
    addRow(acc, dst, Math.min(height - 1, y + r + 1) * width, width, 1);
    addRow(acc, dst, Math.max(0, y - r) * width, width, -1);
  }
}

/** Approximate Gaussian blur (three box passes) of a single-channel float image, in place. */
export function blurInPlace(image: Float32Array, width: number, height: number, sigma: number): void {
  if (sigma < 0.2) return;
  if (sigma < 1) {
    lightBlur(image, width, height, (sigma * sigma) / 2);
    return;
  }
  // Box radius whose three passes match the Gaussian's variance.
  const r = Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2 - 0.5));
  const scratch = new Float32Array(image.length);
  for (let pass = 0; pass < 3; pass++) boxPass(image, scratch, width, height, r);
}

function lightRow(image: Float32Array, row: number, width: number, w: number, c: number): void {
  let previous = image[row];
  for (let x = 0; x < width; x++) {
    const current = image[row + x];
    const next = x + 1 < width ? image[row + x + 1] : current;
    image[row + x] = w * (previous + next) + c * current;
    previous = current;
  }
}

function lightColumnStep(image: Float32Array, previous: Float32Array, row: number, nextRow: number, width: number, w: number, c: number): void {
  for (let x = 0; x < width; x++) {
    const current = image[row + x];
    image[row + x] = w * (previous[x] + image[nextRow + x]) + c * current;
    previous[x] = current;
  }
}

/** A separable [w, 1 − 2w, w] pass: a Gaussian of variance 2w, for blurs narrower than a pixel. */
function lightBlur(image: Float32Array, width: number, height: number, w: number): void {
  const c = 1 - 2 * w;
  for (let y = 0; y < height; y++) lightRow(image, y * width, width, w, c);
  const previous = image.slice(0, width);
  for (let y = 0; y < height; y++) lightColumnStep(image, previous, y * width, Math.min(height - 1, y + 1) * width, width, w, c);
}

function maxRow(out: Float32Array, image: Float32Array, row: number, from: number, width: number, weight: number): void {
  for (let x = 0; x < width; x++) {
    const v = image[from + x] * weight;
    if (v > out[row + x]) out[row + x] = v;
  }
}

/** Max over the `reach` pixels above each pixel: a flat nib held level thickens horizontal strokes. */
export function dilateDown(image: Float32Array, width: number, height: number, reach: number): Float32Array {
  if (reach < 0.2) return image;
  const whole = Math.floor(reach);
  const part = reach - whole;
  const out = new Float32Array(image);
  for (let k = 1; k <= whole + (part > 0 ? 1 : 0); k++) {
    const weight = k <= whole ? 1 : part;
    for (let y = k; y < height; y++) maxRow(out, image, y * width, (y - k) * width, width, weight);
  }
  return out;
}
