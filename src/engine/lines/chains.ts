import { median, weightedLeastSquares } from '../geometry.ts';
import { CURL_MIN_LETTERS, curveAt, fitCurve, spanOverlap } from './line.ts';

// Letters chained along the text direction into pieces of lines: each letter's
// nearest successor ahead of it along the line, kept where it is also that
// letter's nearest predecessor; then chains that continue each other merged.
// Distances are in letter heights (h), u along the text, v across it.

/** A letter's successor lies within CHAIN_REACH letter heights ahead, at least CHAIN_MIN_STEP ahead, and within CHAIN_RISE + CHAIN_RISE_PER_STEP × (its distance ahead) of its height: a line's next letter, not the next line's (lines are about 1.7 h apart). First version, not measured since. */
const CHAIN_REACH = 2.5;
const CHAIN_MIN_STEP = 0.05;
const CHAIN_RISE = 0.3;
const CHAIN_RISE_PER_STEP = 0.1;
/** A step across the line costs this many times a step along it when a letter's nearest successor is chosen. */
const CHAIN_RISE_COST = 3;
/** Chains of fewer letters are left out. */
const MIN_CHAIN_LETTERS = 3;
/** Chains of this many letters or more are long: they give the slope field that short chains take, and keep their own curve. */
const LONG_CHAIN_LETTERS = 10;
/** The slope field is fitted (slope linear in v) on this many long chains or more; fewer give one median slope. */
const SLOPE_FIELD_MIN_CHAINS = 3;
/** Two chains merge when they overlap by at most MERGE_MAX_OVERLAP h, lie at most MAX_JOIN_GAP h apart, and the shorter's letters lie within MERGE_FIT (+ MERGE_FIT_PER_GAP × the gap) of the longer's curve and the curves meet within MERGE_MEET (+ MERGE_MEET_PER_GAP × the gap). First version, not measured since. */
const MERGE_MAX_OVERLAP = 1.0;
export const MAX_JOIN_GAP = 12;
const MERGE_FIT = 0.3;
const MERGE_FIT_PER_GAP = 0.01;
const MERGE_MEET = 0.35;
const MERGE_MEET_PER_GAP = 0.02;

export type Chain = { members: number[]; curve: [number, number, number]; uMin: number; uMax: number };

/** Letters (`core`, sorted by u) chained: each to its nearest successor where it is also that one's nearest predecessor; chains of MIN_CHAIN_LETTERS or more. */
export function chainLetters(core: readonly number[], u: Float64Array, v: Float64Array, h: number): Chain[] {
  const next = new Map<number, number>();
  const prevBest = new Map<number, { from: number; cost: number }>();
  for (let k = 0; k < core.length; k++) {
    const a = core[k];
    let best = -1;
    let bestCost = Infinity;
    for (let j = k + 1; j < core.length; j++) {
      const b = core[j];
      const du = u[b] - u[a];
      if (du > CHAIN_REACH * h) break;
      if (du <= CHAIN_MIN_STEP * h) continue;
      const dv = Math.abs(v[b] - v[a]);
      if (dv > CHAIN_RISE * h + CHAIN_RISE_PER_STEP * du) continue;
      const cost = du + CHAIN_RISE_COST * dv;
      if (cost < bestCost) {
        bestCost = cost;
        best = b;
      }
    }
    if (best >= 0) {
      next.set(a, best);
      const p = prevBest.get(best);
      if (!p || bestCost < p.cost) prevBest.set(best, { from: a, cost: bestCost });
    }
  }
  const hasPrev = new Set<number>();
  const link = new Map<number, number>();
  for (const [a, b] of next) {
    if (prevBest.get(b)?.from === a) {
      link.set(a, b);
      hasPrev.add(b);
    }
  }
  const chains: Chain[] = [];
  for (const a of core) {
    if (hasPrev.has(a)) continue;
    const members = [a];
    let c = a;
    while (link.has(c)) {
      c = link.get(c)!;
      members.push(c);
    }
    if (members.length >= MIN_CHAIN_LETTERS) chains.push(makeChain(members, u, v, h));
  }
  return chains;
}

/** A chain of these letters: its curve through their centres (bent once CURL_MIN_LETTERS show it) and its extent along u. */
function makeChain(members: number[], u: Float64Array, v: Float64Array, h: number): Chain {
  const us = members.map((i) => u[i]);
  const vs = members.map((i) => v[i]);
  return { members, curve: fitCurve(us, vs, members.length >= CURL_MIN_LETTERS ? 2 : 1, h), uMin: Math.min(...us), uMax: Math.max(...us) };
}

/**
 * Joins chains that lie on one text line. Under perspective the lines fan out, so a
 * short chain's own slope is unreliable: its slope is taken from the slope field of
 * the long chains (slope varies linearly with v for a plane seen in perspective),
 * and two chains join when their curves agree over the span between them.
 */
export function mergeChains(chains: Chain[], u: Float64Array, v: Float64Array, h: number): Chain[] {
  const long = chains.filter((c) => c.members.length >= LONG_CHAIN_LETTERS);
  let s0 = 0;
  let s1 = 0;
  if (long.length >= SLOPE_FIELD_MIN_CHAINS) {
    const rows = long.map((c) => [1, curveAt(c.curve, (c.uMin + c.uMax) / 2)]);
    const slopes = long.map((c) => c.curve[1] + c.curve[2] * (c.uMin + c.uMax));
    const w = long.map((c) => c.members.length);
    const sol = weightedLeastSquares(rows, slopes, w, 2);
    if (sol) [s0, s1] = sol;
  } else if (long.length > 0) {
    s0 = median(long.map((c) => c.curve[1]));
  }
  // Every chain as a straight line through its own centre with the field's slope, unless long.
  const model = chains.map((c) => {
    if (c.members.length >= LONG_CHAIN_LETTERS) return c.curve;
    const um = c.members.reduce((a, i) => a + u[i], 0) / c.members.length;
    const vm = c.members.reduce((a, i) => a + v[i], 0) / c.members.length;
    const slope = s0 + s1 * vm;
    return [vm - slope * um, slope, 0] as [number, number, number];
  });
  const parent = chains.map((_, i) => i);
  const find = (a: number): number => (parent[a] === a ? a : (parent[a] = find(parent[a])));
  const order = chains.map((_, i) => i).sort((a, b) => chains[b].members.length - chains[a].members.length);
  for (let x = 0; x < order.length; x++) {
    for (let y = x + 1; y < order.length; y++) {
      const a = order[x];
      const b = order[y];
      const A = chains[a];
      const B = chains[b];
      const overlap = spanOverlap(A, B);
      if (overlap > MERGE_MAX_OVERLAP * h) continue;
      const gap = Math.max(0, -overlap);
      if (gap > MAX_JOIN_GAP * h) continue;
      // Compare the long one's curve with the short one's members directly.
      let err = 0;
      for (const i of B.members) err += Math.abs(v[i] - curveAt(model[a], u[i]));
      err /= B.members.length;
      const at = overlap > 0 ? (Math.max(A.uMin, B.uMin) + Math.min(A.uMax, B.uMax)) / 2 : A.uMax < B.uMin ? (A.uMax + B.uMin) / 2 : (B.uMax + A.uMin) / 2;
      const dv = Math.abs(curveAt(model[a], at) - curveAt(model[b], at));
      if (err < MERGE_FIT * h + MERGE_FIT_PER_GAP * gap && dv < MERGE_MEET * h + MERGE_MEET_PER_GAP * gap) {
        const ra = find(a);
        const rb = find(b);
        if (ra !== rb) parent[rb] = ra;
      }
    }
  }
  const groups = new Map<number, number[]>();
  chains.forEach((c, i) => {
    const r = find(i);
    const g = groups.get(r) ?? [];
    g.push(...c.members);
    groups.set(r, g);
  });
  return [...groups.values()].map((m) => makeChain(m.sort((p, q) => u[p] - u[q]), u, v, h));
}

