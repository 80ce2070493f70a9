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
  let spare: number | null = null;
  const standardNormal = (): number => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    // Box–Muller; 1 - next() keeps the logarithm finite.
    const r = Math.sqrt(-2 * Math.log(1 - next()));
    const phi = 2 * Math.PI * next();
    spare = r * Math.sin(phi);
    return r * Math.cos(phi);
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
