// Minimal raster types and the low-level operations the engine needs. Kept free of
// any image library so the hot loops are plain typed-array code the JIT optimises.

/** A single-channel 8-bit image, row-major. */
export type Gray = { readonly width: number; readonly height: number; readonly data: Uint8Array };

/**
 * The grey level at (x, y), interpolated between the four pixels around it
 * (pixel centres at whole coordinates). The caller keeps 0 ≤ x < width − 1
 * and 0 ≤ y < height − 1.
 */
export function bilinear(img: Gray, x: number, y: number): number {
  return bilinearIn(img.data, img.width, x, y);
}

/**
 * bilinear() in a row-major grey buffer `w` pixels wide: for a loop over every
 * pixel of an image (resampling), which reads the image's buffer and width once.
 */
export function bilinearIn(data: Uint8Array, w: number, x: number, y: number): number {
  const xi = x | 0;
  const yi = y | 0;
  const fx = x - xi;
  const i = yi * w + xi;
  const top = data[i] + (data[i + 1] - data[i]) * fx;
  const bottom = data[i + w] + (data[i + w + 1] - data[i + w]) * fx;
  return top + (bottom - top) * (y - yi);
}

/** Summed-area table with one extra row and column of zeros, so box sums need no bounds checks. */
export function integralImage(img: Gray): Float64Array {
  const { width: w, height: h, data } = img;
  const stride = w + 1;
  const sat = new Float64Array(stride * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    const src = y * w;
    const dst = (y + 1) * stride;
    for (let x = 0; x < w; x++) {
      row += data[src + x];
      sat[dst + x + 1] = sat[dst - stride + x + 1] + row;
    }
  }
  return sat;
}

/** Box-filtered copy (mean over a (2r+1)² window clipped to the image). */
export function boxBlur(img: Gray, r: number): Gray {
  const { width: w, height: h } = img;
  const sat = integralImage(img);
  const stride = w + 1;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s = sat[y1 * stride + x1] - sat[y0 * stride + x1] - sat[y1 * stride + x0] + sat[y0 * stride + x0];
      out[y * w + x] = s / ((y1 - y0) * (x1 - x0));
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Grey-level dilation (local maximum) with a square window clipped to the
 * image, separable: across each row, then down the columns a row at a time,
 * each output row the running maximum of its window's rows. Windows here are
 * a few pixels wide (the ink's background, on a 4× reduced copy: 7 for a
 * 12 MP photo read at a third), so each maximum is taken over the window
 * outright, in the order memory lies: a fifth faster than the monotonic deque
 * it replaced, which went down the columns one at a time.
 */
export function maxFilter(img: Gray, r: number): Gray {
  const { width: w, height: h, data } = img;
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const hi = Math.min(w - 1, x + r);
      let m = 0;
      for (let k = Math.max(0, x - r); k <= hi; k++) if (data[row + k] > m) m = data[row + k];
      tmp[row + x] = m;
    }
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const hi = Math.min(h - 1, y + r);
    for (let k = Math.max(0, y - r); k <= hi; k++) {
      const from = k * w;
      for (let x = 0; x < w; x++) if (tmp[from + x] > out[row + x]) out[row + x] = tmp[from + x];
    }
  }
  return { width: w, height: h, data: out };
}

/** Grey-level erosion (local minimum) with a square window: the dilation of the negative. */
export function minFilter(img: Gray, r: number): Gray {
  const negative = img.data.map((v) => 255 - v);
  const out = maxFilter({ width: img.width, height: img.height, data: negative }, r);
  for (let i = 0; i < out.data.length; i++) out.data[i] = 255 - out.data[i];
  return out;
}

/**
 * The image reduced by an integer factor, each pixel the rounded mean of its
 * `step` × `step` block (a last partial row or column of blocks is dropped;
 * at least 1 × 1). Each output row sums its input rows column by column first.
 */
export function reduce(img: Gray, step: number): Gray {
  if ((step === 2 || step === 4) && img.width >= step && img.height >= step) return reduceByPowerOfTwo(img, step);
  const w = Math.max(1, Math.floor(img.width / step));
  const h = Math.max(1, Math.floor(img.height / step));
  const out = new Uint8Array(w * h);
  const src = img.data;
  const W = img.width;
  const cols = Math.min(W, w * step);
  const area = step * step;
  const half = area >> 1;
  const sums = new Uint32Array(cols);
  for (let y = 0; y < h; y++) {
    sums.fill(0);
    for (let dy = 0; dy < step; dy++) {
      const row = (y * step + dy) * W;
      for (let x = 0; x < cols; x++) sums[x] += src[row + x];
    }
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dx = 0; dx < step; dx++) s += sums[x * step + dx];
      out[y * w + x] = (s + half) / area;
    }
  }
  return { width: w, height: h, data: out };
}

/** The image reduced as by reduce(), each pixel its block's darkest (the same grid). */
export function reduceToMinimum(img: Gray, step: number): Gray {
  const w = Math.max(1, Math.floor(img.width / step));
  const h = Math.max(1, Math.floor(img.height / step));
  const out = new Uint8Array(w * h).fill(255);
  const W = img.width;
  const rows = Math.min(img.height, h * step);
  const cols = Math.min(W, w * step);
  for (let y = 0; y < rows; y++) {
    const row = y * W;
    const o = Math.floor(y / step) * w;
    for (let x = 0; x < cols; x++) {
      const v = img.data[row + x];
      const j = o + Math.floor(x / step);
      if (v < out[j]) out[j] = v;
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * reduce() for the two factors the engine uses (2 for the half-size reading,
 * 4 for the ink's background, on every image read): each block summed
 * straight from its rows, and the rounded mean taken by a shift, the block's
 * area being a power of two. The same pixels as the general loop, which kept
 * a row of column sums in memory and divided: 20 loads and stores a block of
 * 16 instead of 16 loads.
 */
function reduceByPowerOfTwo(img: Gray, step: 2 | 4): Gray {
  const w = Math.floor(img.width / step);
  const h = Math.floor(img.height / step);
  const out = new Uint8Array(w * h);
  const src = img.data;
  const W = img.width;
  if (step === 2) {
    for (let y = 0, o = 0; y < h; y++) {
      const r0 = 2 * y * W;
      const r1 = r0 + W;
      for (let x = 0, i = 0; x < w; x++, i += 2, o++) out[o] = (src[r0 + i] + src[r0 + i + 1] + src[r1 + i] + src[r1 + i + 1] + 2) >> 2;
    }
  } else {
    for (let y = 0, o = 0; y < h; y++) {
      const r0 = 4 * y * W;
      const r1 = r0 + W;
      const r2 = r1 + W;
      const r3 = r2 + W;
      for (let x = 0, i = 0; x < w; x++, i += 4, o++) {
        const s =
          src[r0 + i] + src[r0 + i + 1] + src[r0 + i + 2] + src[r0 + i + 3] +
          src[r1 + i] + src[r1 + i + 1] + src[r1 + i + 2] + src[r1 + i + 3] +
          src[r2 + i] + src[r2 + i + 1] + src[r2 + i + 2] + src[r2 + i + 3] +
          src[r3 + i] + src[r3 + i + 1] + src[r3 + i + 2] + src[r3 + i + 3];
        out[o] = (s + 8) >> 4;
      }
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * The grey level that a share `q` (0–1) of the pixels do not exceed, for any
 * `q`, from one pass over the image (its cumulative histogram): several
 * percentiles of one image cost one pass. Four histograms, one per pixel of
 * each group of four, summed at the end: neighbouring pixels of a photo often
 * share a level, and a single histogram makes each count wait for the
 * previous one to land.
 */
export function levels(img: Gray): (q: number) => number {
  const counts = new Uint32Array(4 * 256);
  const { data } = img;
  const n = data.length;
  const whole = n - (n % 4);
  for (let i = 0; i < whole; i += 4) {
    counts[data[i]]++;
    counts[256 + data[i + 1]]++;
    counts[512 + data[i + 2]]++;
    counts[768 + data[i + 3]]++;
  }
  for (let i = whole; i < n; i++) counts[data[i]]++;
  const atOrBelow = new Float64Array(256);
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += counts[v] + counts[256 + v] + counts[512 + v] + counts[768 + v];
    atOrBelow[v] = seen;
  }
  return (q) => {
    const target = q * n;
    for (let v = 0; v < 256; v++) if (atOrBelow[v] >= target) return v;
    return 255;
  };
}
