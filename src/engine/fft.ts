// Fast Fourier transforms of real images, for the motion-blur opinion
// (deblur.ts). Radix-2 and in place; sizes are powers of two.

/** A complex FFT of one power-of-two length, with its bit-reversal and twiddle tables. */
class Fft {
  readonly n: number;
  private readonly reversed: Uint32Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;

  constructor(n: number) {
    if (n < 2 || (n & (n - 1)) !== 0) throw new RangeError(`FFT length ${n} is not a power of two`);
    this.n = n;
    this.reversed = new Uint32Array(n);
    const bits = Math.log2(n);
    for (let i = 0; i < n; i++) {
      let r = 0;
      for (let b = 0, v = i; b < bits; b++, v >>= 1) r = (r << 1) | (v & 1);
      this.reversed[i] = r;
    }
    this.cos = new Float64Array(n / 2);
    this.sin = new Float64Array(n / 2);
    for (let k = 0; k < n / 2; k++) {
      this.cos[k] = Math.cos((2 * Math.PI * k) / n);
      this.sin[k] = -Math.sin((2 * Math.PI * k) / n);
    }
  }

  /** Transforms re/im in place; the inverse is scaled by 1/n. */
  transform(re: Float64Array, im: Float64Array, inverse: boolean): void {
    const { n, reversed, cos, sin } = this;
    const sign = inverse ? -1 : 1;
    for (let i = 0; i < n; i++) {
      const j = reversed[i];
      if (i < j) {
        let t = re[i];
        re[i] = re[j];
        re[j] = t;
        t = im[i];
        im[i] = im[j];
        im[j] = t;
      }
    }
    for (let half = 1; half < n; half <<= 1) {
      const step = n / (2 * half);
      for (let start = 0; start < n; start += 2 * half) {
        for (let k = 0; k < half; k++) {
          const wr = cos[k * step];
          const wi = sign * sin[k * step];
          const a = start + k;
          const b = a + half;
          const xr = re[b] * wr - im[b] * wi;
          const xi = re[b] * wi + im[b] * wr;
          re[b] = re[a] - xr;
          im[b] = im[a] - xi;
          re[a] += xr;
          im[a] += xi;
        }
      }
    }
    if (inverse) {
      const s = 1 / n;
      for (let i = 0; i < n; i++) {
        re[i] *= s;
        im[i] *= s;
      }
    }
  }
}

/** A cache of transforms by size (their twiddle tables), per thread: sizes are powers of two, a handful in all. */
const transforms = new Map<number, Fft>();
function fftOf(n: number): Fft {
  let f = transforms.get(n);
  if (!f) transforms.set(n, (f = new Fft(n)));
  return f;
}

/**
 * The spectrum of a real image: columns 0..width/2 only (the rest mirror them),
 * row-major, `columns` = width/2 + 1 values per row. Stored in single
 * precision (a 2,048² frame's spectrum is 17 MB instead of 34; 8-bit images
 * need no more), transformed in double.
 */
export type HalfSpectrum = { readonly width: number; readonly height: number; readonly columns: number; readonly re: Float32Array; readonly im: Float32Array };

/**
 * 2-D FFT of a real width × height image (both powers of two). Two rows go
 * through one complex transform (one as the real part, one as the imaginary)
 * and are told apart by symmetry; columns are transformed eight at a time, so
 * each pass over the rows reads whole cache lines.
 */
export function realFft2d(pixels: Float32Array | Float64Array, width: number, height: number): HalfSpectrum {
  const columns = width / 2 + 1;
  const re = new Float32Array(columns * height);
  const im = new Float32Array(columns * height);
  const rows = fftOf(width);
  const zr = new Float64Array(width);
  const zi = new Float64Array(width);
  for (let y = 0; y < height; y += 2) {
    zr.set(pixels.subarray(y * width, (y + 1) * width));
    zi.set(pixels.subarray((y + 1) * width, (y + 2) * width));
    rows.transform(zr, zi, false);
    const a = y * columns;
    const b = a + columns;
    for (let k = 0; k < columns; k++) {
      const m = (width - k) & (width - 1);
      re[a + k] = (zr[k] + zr[m]) / 2;
      im[a + k] = (zi[k] - zi[m]) / 2;
      re[b + k] = (zi[k] + zi[m]) / 2;
      im[b + k] = (zr[m] - zr[k]) / 2;
    }
  }
  transformColumns(re, im, columns, height, false);
  return { width, height, columns, re, im };
}

/** The real image whose half spectrum this is (the inverse of realFft2d); overwrites the spectrum. */
export function inverseRealFft2d(spectrum: HalfSpectrum): Float32Array {
  const { width, height, columns, re, im } = spectrum;
  transformColumns(re, im, columns, height, true);
  const out = new Float32Array(width * height);
  const rows = fftOf(width);
  const zr = new Float64Array(width);
  const zi = new Float64Array(width);
  for (let y = 0; y < height; y += 2) {
    // Z = A + iB, where A and B are the spectra of two real rows.
    const a = y * columns;
    const b = a + columns;
    for (let k = 0; k < columns; k++) {
      zr[k] = re[a + k] - im[b + k];
      zi[k] = im[a + k] + re[b + k];
    }
    for (let k = columns; k < width; k++) {
      const m = width - k; // A[k] = conj(A[m]), B[k] = conj(B[m])
      zr[k] = re[a + m] + im[b + m];
      zi[k] = re[b + m] - im[a + m];
    }
    rows.transform(zr, zi, true);
    out.set(zr, y * width);
    out.set(zi, (y + 1) * width);
  }
  return out;
}

const COLUMN_BLOCK = 8;

function transformColumns(re: Float32Array, im: Float32Array, columns: number, height: number, inverse: boolean): void {
  const f = fftOf(height);
  const br = Array.from({ length: COLUMN_BLOCK }, () => new Float64Array(height));
  const bi = Array.from({ length: COLUMN_BLOCK }, () => new Float64Array(height));
  for (let c0 = 0; c0 < columns; c0 += COLUMN_BLOCK) {
    const n = Math.min(COLUMN_BLOCK, columns - c0);
    for (let y = 0; y < height; y++) {
      const o = y * columns + c0;
      for (let j = 0; j < n; j++) {
        br[j][y] = re[o + j];
        bi[j][y] = im[o + j];
      }
    }
    for (let j = 0; j < n; j++) f.transform(br[j], bi[j], inverse);
    for (let y = 0; y < height; y++) {
      const o = y * columns + c0;
      for (let j = 0; j < n; j++) {
        re[o + j] = br[j][y];
        im[o + j] = bi[j][y];
      }
    }
  }
}

/** The smallest power of two at least n. */
export const powerOfTwoAtLeast = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(2, n)));
