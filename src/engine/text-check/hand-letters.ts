import { median } from '../geometry.ts';
import { cellsOf, shapeDistance, type ShapeGrid } from './letter-shapes.ts';

// The hand's own letters: for each letter of the alphabet, its instances in
// this scroll (a mezuzah's 713 letters give the common ones tens of samples),
// their mean shape and how far apart they lie. A letter is judged against
// these, never against a model of other hands: by how unlike the mean of its
// letter it is, and by which of the hand's instances it is most like.

/** A letter with fewer instances than this (ג, ף, ס, ץ, ז, ח: one to four in the text) has its spread taken from the whole hand's. */
const MIN_INSTANCES_FOR_SPREAD = 5;
/** A letter's spread at least this share of the hand's: a letter whose few instances happen to agree closely is not held to a closeness the hand does not keep. */
const MIN_SPREAD_SHARE = 0.5;
/**
 * The nearest instance is sought among the NEAREST_CANDIDATES nearest without
 * shifting (a plain sum of squares), then at the best shift (shapeDistance):
 * on the text tune set's 3 MP registration photos the same letters were judged
 * written as another as with every instance shifted, at a fraction of the cost.
 */
const NEAREST_CANDIDATES = 4;

export type HandLetters = {
  /** How unlike this hand's other instances of `char` the shape is, in the spread of those instances (a shape that is one of them: left out of their mean). */
  unlikeness(char: string, shape: Float32Array, isInstance: boolean): number;
  /** The hand's letter a shape is least unlike ('' when the hand has none). */
  nearest(shape: Float32Array): string;
  /** How far the shape is from the nearest of the hand's instances of `char` (itself left out); Infinity when there is none. */
  nearestInstance(char: string, shape: Float32Array): number;
  /** How far the hand's instances of `char` lie from their nearest other instance, as a rule (the median); NaN under two instances. */
  typicalNearest(char: string): number;
  /** How many instances of `char` the hand has. */
  count(char: string): number;
};

/** The hand's letters from its instances (each letter's shapes on `grid`, as read alone). */
export function handLetters(instances: ReadonlyMap<string, readonly Float32Array[]>, grid: ShapeGrid): HandLetters {
  const SHAPE_CELLS = cellsOf(grid);
  const distance = (a: Float32Array, b: Float32Array) => shapeDistance(a, b, grid);
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
  // Each letter's spread and the hand's, worked out when first asked for (a hand set only against its nearest instances never asks).
  let spreadOf: ((char: string) => number) | null = null;
  const spreadsOf = (): ((char: string) => number) => {
    const spreads = new Map<string, number>();
    const all: number[] = [];
    for (const [char, shapes] of instances) {
      if (shapes.length < 2) continue;
      const d = shapes.map((s) => distance(s, meanOf(char, s)!));
      all.push(...d);
      if (shapes.length >= MIN_INSTANCES_FOR_SPREAD) spreads.set(char, median(d));
    }
    const handSpread = all.length > 0 ? median(all) : 1;
    return (char) => Math.max(spreads.get(char) ?? handSpread, handSpread * MIN_SPREAD_SHARE);
  };
  const wholeMeans = new Map([...means.keys()].map((char) => [char, meanOf(char)!]));
  const unlikeness = (char: string, shape: Float32Array, isInstance: boolean) => {
    const mean = isInstance ? meanOf(char, shape) : (wholeMeans.get(char) ?? null);
    spreadOf ??= spreadsOf();
    return mean ? distance(shape, mean) / spreadOf(char) : Infinity;
  };
  // Each shape's nearest instances, as asked for (a letter is set against its own letter's instances for its look-alikes and for each neighbour).
  const nearestOf = new WeakMap<Float32Array, Map<string, number>>();
  const nearestInstance = (char: string, shape: Float32Array) => {
    const known = nearestOf.get(shape) ?? nearestOf.set(shape, new Map()).get(shape)!;
    let d = known.get(char);
    if (d === undefined) {
      const near = (instances.get(char) ?? [])
        .filter((s) => s !== shape)
        .map((s) => ({ s, d: plainDistance(shape, s) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, NEAREST_CANDIDATES);
      d = Math.min(Infinity, ...near.map(({ s }) => distance(shape, s)));
      known.set(char, d);
    }
    return d;
  };
  const typical = new Map<string, number>();
  return {
    unlikeness,
    nearest(shape) {
      let best = '';
      let least = Infinity;
      for (const char of means.keys()) {
        const u = unlikeness(char, shape, false);
        if (u < least) [best, least] = [char, u];
      }
      return best;
    },
    count: (char) => instances.get(char)?.length ?? 0,
    nearestInstance,
    typicalNearest(char) {
      if (!typical.has(char)) {
        const shapes = instances.get(char) ?? [];
        typical.set(char, shapes.length < 2 ? NaN : median(shapes.map((s) => nearestInstance(char, s))));
      }
      return typical.get(char)!;
    },
  };
}

function plainDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i];
    sum += d * d;
  }
  return sum;
}
