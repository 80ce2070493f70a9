import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bilinear, levels, maxFilter, minFilter, reduce, reduceToMinimum, type Gray } from '../../src/engine/raster.ts';

/** The grey level that a share `q` of the pixels do not exceed. */
const percentile = (img: Gray, q: number) => levels(img)(q);

test('reduce by 2: each pixel the rounded mean of its 2 × 2 block; an odd last row and column are dropped', () => {
  const img = {
    width: 5,
    height: 3,
    data: Uint8Array.of(
      0, 1, 10, 20, 99,
      2, 3, 30, 41, 99,
      99, 99, 99, 99, 99,
    ),
  };
  // (0+1+2+3)/4 = 1.5 → 2; (10+20+30+41)/4 = 25.25 → 25.
  assert.deepEqual(reduce(img, 2), { width: 2, height: 1, data: Uint8Array.of(2, 25) });
});

test('reduce by 3: rounded means of 3 × 3 blocks (the ink background works at a 4× reduction the same way)', () => {
  // 7 × 4: two whole blocks across, one down; the seventh column and fourth row are dropped.
  const data = new Uint8Array(28);
  for (let y = 0; y < 3; y++) for (let x = 0; x < 6; x++) data[y * 7 + x] = x < 3 ? (x + y === 0 ? 5 : 0) : 200 + (x + y);
  data.fill(250, 21);
  // 5 / 9 = 0.56 → 1; (9 × 200 + 3 + 4 + 5 + 4 + 5 + 6 + 5 + 6 + 7) / 9 = 205.
  assert.deepEqual(reduce({ width: 7, height: 4, data }, 3), { width: 2, height: 1, data: Uint8Array.of(1, 205) });
});

test('reduce by 2 and by 4 (their own loops) give every block its rounded mean, as any other factor does', () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  for (const [width, height] of [[37, 23], [64, 48], [5, 9], [4, 4]]) {
    const data = Uint8Array.from({ length: width * height }, next);
    for (const step of [2, 4]) {
      const w = Math.floor(width / step);
      const h = Math.floor(height / step);
      const expected = new Uint8Array(w * h);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          let sum = 0;
          for (let dy = 0; dy < step; dy++) for (let dx = 0; dx < step; dx++) sum += data[(y * step + dy) * width + x * step + dx];
          expected[y * w + x] = Math.floor(sum / (step * step) + 0.5);
        }
      }
      assert.deepEqual(reduce({ width, height, data }, step), { width: w, height: h, data: expected }, `${width} × ${height} by ${step}`);
    }
  }
});

test('levels: the grey level that the given share of pixels do not exceed', () => {
  // 100 pixels: 0, 1, ..., 99.
  const img = { width: 10, height: 10, data: Uint8Array.from({ length: 100 }, (_, i) => i) };
  assert.equal(percentile(img, 0.99), 98);
  assert.equal(percentile(img, 0.5), 49);
  assert.equal(percentile(img, 1), 99);
  assert.equal(percentile(img, 0), 0);
});

test('levels: counts every pixel when the count is not a multiple of four', () => {
  // 103 pixels, levels 0..102 in a shuffled order; the last three fall outside the groups of four.
  const data = Uint8Array.from({ length: 103 }, (_, i) => (i * 37) % 103);
  const img = { width: 103, height: 1, data };
  const sorted = [...data].sort((a, b) => a - b);
  for (const q of [0, 0.1, 0.5, 0.97, 0.99, 1]) assert.equal(percentile(img, q), sorted[Math.max(0, Math.ceil(q * 103) - 1)], `q = ${q}`);
  // The pixels outside the groups of four alone hold the brightest level.
  const tail = Uint8Array.from({ length: 7 }, (_, i) => (i === 6 ? 200 : 10));
  assert.equal(percentile({ width: 7, height: 1, data: tail }, 1), 200);
});

test('minFilter: each pixel the darkest of its window, as maxFilter is the brightest, for windows narrower than the image and wider', () => {
  const width = 23;
  const height = 17;
  const data = new Uint8Array(width * height).map((_, i) => (i * 7919 + 13) % 256);
  for (const r of [1, 2, 3, 30]) {
    const min = minFilter({ width, height, data }, r);
    const max = maxFilter({ width, height, data }, r);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let lo = 255;
        let hi = 0;
        for (let v = Math.max(0, y - r); v <= Math.min(height - 1, y + r); v++) {
          for (let u = Math.max(0, x - r); u <= Math.min(width - 1, x + r); u++) {
            lo = Math.min(lo, data[v * width + u]);
            hi = Math.max(hi, data[v * width + u]);
          }
        }
        assert.equal(min.data[y * width + x], lo, `r = ${r}`);
        assert.equal(max.data[y * width + x], hi, `r = ${r}`);
      }
    }
  }
  assert.deepEqual(data, new Uint8Array(width * height).map((_, i) => (i * 7919 + 13) % 256), 'the input is left as it was');
});

test('reduceToMinimum: each block its darkest pixel, on the grid of reduce (a last partial row and column dropped)', () => {
  const width = 10;
  const height = 7;
  const data = new Uint8Array(width * height).map((_, i) => 100 + ((i * 37) % 150));
  data[1 * width + 2] = 3; // in block (0, 0)
  data[9] = 1; // in the dropped last column of blocks
  const small = reduceToMinimum({ width, height, data }, 4);
  assert.deepEqual([small.width, small.height], [reduce({ width, height, data }, 4).width, reduce({ width, height, data }, 4).height]);
  assert.deepEqual([small.width, small.height], [2, 1]);
  for (let bx = 0; bx < 2; bx++) {
    let lo = 255;
    for (let y = 0; y < 4; y++) for (let x = 4 * bx; x < 4 * bx + 4; x++) lo = Math.min(lo, data[y * width + x]);
    assert.equal(small.data[bx], lo);
  }
  assert.equal(small.data[0], 3);
});

test('bilinear gives each pixel at its centre and blends the four around a point between them', () => {
  const img = { width: 3, height: 2, data: Uint8Array.from([10, 20, 40, 30, 60, 100]) };
  assert.equal(bilinear(img, 0, 0), 10);
  assert.equal(bilinear(img, 1, 0), 20);
  assert.equal(bilinear(img, 0.5, 0), 15);
  assert.equal(bilinear(img, 0, 0.25), 15);
  // Between 20, 40, 60 and 100: the top edge at 30, the bottom at 80, a quarter of the way down 42.5.
  assert.equal(bilinear(img, 1.5, 0.25), 42.5);
});
