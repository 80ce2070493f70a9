import { median } from '../geometry.ts';
import { SHAPE_CELLS, shapeDistance } from './letter-shapes.ts';

// The hand's own letters: for each letter of the alphabet, the mean shape of
// its instances in this scroll (a mezuzah's 713 letters give the common ones
// tens of samples), and how far apart this hand's instances of it lie. A
// letter is judged against these, never against a model of other hands.

/** A letter with fewer instances than this (ג, ף, ס, ץ, ז, ח: one to four in the text) has its spread taken from the whole hand's. */
const MIN_INSTANCES_FOR_SPREAD = 5;

export type HandLetters = {
  /** How unlike this hand's other instances of `char` the shape is, in the spread of those instances (a shape that is one of them: left out of their mean). */
  unlikeness(char: string, shape: Float32Array, isInstance: boolean): number;
  /** The letters this hand's instances are known for, other than `char`. */
  others(char: string): string[];
  /** The hand's letter a shape is least unlike ('' when the hand has none). */
  nearest(shape: Float32Array): string;
  /**
   * How far a shape read as `a` leans towards the hand's `b`: where it lies on
   * the way from a's mean shape to b's (0 at a's, 1 at b's), and how far past
   * a's own instances that is, in their spread along the way; null when the
   * hand has too few of a's instances or none of b's.
   */
  leaning(a: string, b: string, shape: Float32Array): { along: number; spreads: number } | null;
};

/** The hand's letters from its instances (each letter's shapes, as read alone). */
export function handLetters(instances: ReadonlyMap<string, readonly Float32Array[]>): HandLetters {
  const means = new Map<string, { sum: Float32Array; n: number }>();
  for (const [char, shapes] of instances) {
    if (shapes.length === 0) continue;
    const sum = new Float32Array(SHAPE_CELLS);
    for (const s of shapes) for (let i = 0; i < SHAPE_CELLS; i++) sum[i] += s[i];
    means.set(char, { sum, n: shapes.length });
  }
  // The mean of a letter's instances, without `left` (one of them) when given; null when none is left.
  const meanOf = (char: string, left?: Float32Array): Float32Array | null => {
    const m = means.get(char);
    if (!m) return null;
    const n = m.n - (left ? 1 : 0);
    if (n < 1) return null;
    const mean = new Float32Array(SHAPE_CELLS);
    for (let i = 0; i < SHAPE_CELLS; i++) mean[i] = (m.sum[i] - (left ? left[i] : 0)) / n;
    return mean;
  };
  const spreads = new Map<string, number>();
  const all: number[] = [];
  for (const [char, shapes] of instances) {
    if (shapes.length < 2) continue;
    const d = shapes.map((s) => shapeDistance(s, meanOf(char, s)!));
    all.push(...d);
    if (shapes.length >= MIN_INSTANCES_FOR_SPREAD) spreads.set(char, median(d));
  }
  const handSpread = all.length > 0 ? median(all) : 1;
  const spreadOf = (char: string) => Math.max(spreads.get(char) ?? handSpread, handSpread * MIN_SPREAD_SHARE);
  // Between two letters of the hand: where along the way from `a`'s mean shape to `b`'s a shape lies (0 at a's, 1 at b's), and how a's instances lie along it (their median and spread).
  const axes = new Map<string, { from: Float32Array; step: Float32Array; norm: number; centre: number; spread: number } | null>();
  const axisOf = (a: string, b: string) => {
    const key = a + b;
    if (axes.has(key)) return axes.get(key)!;
    const from = meanOf(a);
    const to = meanOf(b);
    const shapes = instances.get(a) ?? [];
    let axis = null;
    if (from && to && shapes.length >= MIN_INSTANCES_FOR_SPREAD) {
      const step = new Float32Array(SHAPE_CELLS);
      let norm = 0;
      for (let i = 0; i < SHAPE_CELLS; i++) norm += (step[i] = to[i] - from[i]) ** 2;
      if (norm > 0) {
        const along = shapes.map((s) => project(s, from, step, norm));
        const centre = median(along);
        const spread = Math.max(median(along.map((t) => Math.abs(t - centre))) * MAD_TO_SPREAD, MIN_AXIS_SPREAD);
        axis = { from, step, norm, centre, spread };
      }
    }
    axes.set(key, axis);
    return axis;
  };
  return {
    leaning(a, b, shape) {
      const axis = axisOf(a, b);
      if (!axis) return null;
      const t = project(shape, axis.from, axis.step, axis.norm);
      return { along: t, spreads: (t - axis.centre) / axis.spread };
    },
    unlikeness(char, shape, isInstance) {
      const mean = meanOf(char, isInstance ? shape : undefined);
      return mean ? shapeDistance(shape, mean) / spreadOf(char) : Infinity;
    },
    others: (char) => [...means.keys()].filter((c) => c !== char),
    nearest(shape) {
      let best = '';
      let least = Infinity;
      for (const char of means.keys()) {
        const u = this.unlikeness(char, shape, false);
        if (u < least) [best, least] = [char, u];
      }
      return best;
    },
  };
}

/** A letter's spread at least this share of the hand's: a letter whose few instances happen to agree closely is not held to a closeness the hand does not keep. */
const MIN_SPREAD_SHARE = 0.5;
/** A median absolute deviation is this share of a normal spread's standard deviation. */
const MAD_TO_SPREAD = 1.4826;
/** The spread along a way between two letters is at least this (a twentieth of the way): a hand's instances that happen to agree closely along it do not make every small difference count. */
const MIN_AXIS_SPREAD = 0.05;

function project(shape: Float32Array, from: Float32Array, step: Float32Array, norm: number): number {
  let dot = 0;
  for (let i = 0; i < SHAPE_CELLS; i++) dot += (shape[i] - from[i]) * step[i];
  return dot / norm;
}
