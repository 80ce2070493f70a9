// Seeded randomness for the generator. Every random decision draws from a
// stream derived from (seed, label...), never from Math.random, so the same
// seed reproduces the same scribe, scroll and photo byte for byte, and adding a
// new decision to one stream does not shift the numbers another stream sees.

/** A 32-bit hash of the parts (FNV-1a over their text, then a murmur3 finaliser). */
export function deriveSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${typeof part}:${part}|`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  uniform(min: number, max: number): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  normal(mean?: number, sd?: number): number;
  /** A normal draw clamped to mean ± limit·sd, for jitter that must stay plausible. */
  clampedNormal(mean: number, sd: number, limit?: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** An independent stream for a named sub-decision. */
  fork(...labels: readonly (string | number)[]): Random;
};

/** Inverse normal CDF (Acklam's rational approximation, relative error below 1.2e-9). */
function inverseNormal(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - 0.02425) return -inverseNormal(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

// Normal deviates by table lookup (4096 quantiles, interpolated): a scroll draws
// about ten thousand of them, and Box–Muller's logarithm and sine dominated its cost.
// Tails end at ±3.5 sd, which jitter never needs to exceed.
const QUANTILES = 4096;
const NORMAL_TABLE = (() => {
  const table = new Float64Array(QUANTILES + 1);
  for (let i = 0; i < QUANTILES; i++) table[i] = inverseNormal((i + 0.5) / QUANTILES);
  table[QUANTILES] = table[QUANTILES - 1];
  return table;
})();

/** mulberry32: tiny, fast, and good enough for jitter and textures (not for cryptography). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const standardNormal = (): number => {
    const u = next() * QUANTILES;
    const i = u | 0;
    return NORMAL_TABLE[i] + (NORMAL_TABLE[i + 1] - NORMAL_TABLE[i]) * (u - i);
  };
  const random: Random = {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: (mean = 0, sd = 1) => mean + sd * standardNormal(),
    clampedNormal: (mean, sd, limit = 2.5) => mean + sd * Math.max(-limit, Math.min(limit, standardNormal())),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items) => {
      let total = 0;
      for (const [, weight] of items) total += weight;
      let r = next() * total;
      for (const [item, weight] of items) {
        r -= weight;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
    fork: (...labels) => createRandom(deriveSeed(seed, ...labels)),
  };
  return random;
}
