// The parchment a scroll is written on: its tone and texture, stains, ruling
// and ragged edges. Numbers only; render-scroll.ts paints them.

import { deriveSeed } from './random.ts';
import type { Random } from './random.ts';
import type { Rgb, Scribe } from './scribe.ts';

export type Stain = {
  readonly kind: 'blotch' | 'ring' | 'fox';
  readonly x: number;
  readonly y: number;
  readonly rx: number;
  readonly ry: number;
  readonly angle: number;
  readonly strength: number;
  readonly rgb: Rgb;
};

export type ParchmentEdges = {
  /** Spacing of the samples, mm. */
  readonly stepMm: number;
  /** Inward offsets of each edge, mm: top and bottom sampled along x, left and right along y. */
  readonly top: readonly number[];
  readonly bottom: readonly number[];
  readonly left: readonly number[];
  readonly right: readonly number[];
  /** Size of the diagonal cut at each corner (top-left, top-right, bottom-right, bottom-left), mm. */
  readonly corners: readonly [number, number, number, number];
};

export type Parchment = {
  readonly rgb: Rgb;
  readonly textureSeed: number;
  /** Strength of low-frequency mottling, hair-side veins, fine grain and fibres (fractions of brightness). */
  readonly mottle: number;
  readonly veins: number;
  readonly grain: number;
  readonly fibres: number;
  /** Darkening of the scored ruling lines. */
  readonly ruling: number;
  /** Darkening and yellowing near the edges. */
  readonly edgeTone: number;
  readonly stains: readonly Stain[];
  readonly edges: ParchmentEdges;
};

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

function makeEdge(rnd: Random, lengthMm: number, stepMm: number): number[] {
  const n = Math.ceil(lengthMm / stepMm) + 1;
  const waves = Array.from({ length: 4 }, (_, i) => ({
    amplitude: rnd.uniform(0.02, 0.18) / (i + 1),
    period: rnd.uniform(8, 60) / (i + 1),
    phase: rnd.uniform(0, 2 * Math.PI),
  }));
  const base = rnd.uniform(0.2, 0.8);
  const roughness = rnd.uniform(0.005, 0.03);
  const edge: number[] = [];
  let walk = 0;
  for (let i = 0; i < n; i++) {
    const x = i * stepMm;
    let offset = base;
    for (const w of waves) offset += w.amplitude * Math.sin((2 * Math.PI * x) / w.period + w.phase);
    walk = walk * 0.9 + rnd.uniform(-1.7, 1.7) * roughness;
    edge.push(Math.max(0, offset + walk));
  }
  // An occasional nick where the parchment was cut unevenly.
  if (rnd.chance(0.15)) {
    const at = rnd.int(2, n - 3);
    const depth = rnd.uniform(0.3, 1.0);
    const half = rnd.int(3, 8);
    for (let i = Math.max(0, at - half); i <= Math.min(n - 1, at + half); i++) {
      edge[i] += depth * (1 - Math.abs(i - at) / (half + 1));
    }
  }
  return edge;
}

export function makeParchment(scribe: Scribe, rnd: Random, widthMm: number, heightMm: number): Parchment {
  const stepMm = 0.75;
  const stains: Stain[] = [];
  const blotches = rnd.weighted([
    [0, 3],
    [1, 3],
    [2, 2],
    [3, 1],
  ]);
  for (let i = 0; i < blotches; i++) {
    const r = rnd.uniform(0.04, 0.2) * widthMm;
    stains.push({
      kind: rnd.chance(0.4) ? 'ring' : 'blotch',
      x: rnd.uniform(0, widthMm),
      y: rnd.uniform(0, heightMm),
      rx: r,
      ry: r * rnd.uniform(0.5, 1.4),
      angle: rnd.uniform(0, Math.PI),
      strength: rnd.uniform(0.02, 0.08),
      rgb: [rnd.uniform(0.85, 0.97), rnd.uniform(0.78, 0.93), rnd.uniform(0.6, 0.85)],
    });
  }
  const foxing = rnd.chance(0.35) ? rnd.int(3, 25) : 0;
  for (let i = 0; i < foxing; i++) {
    const r = rnd.uniform(0.15, 0.7);
    stains.push({
      kind: 'fox',
      x: rnd.uniform(0, widthMm),
      y: rnd.uniform(0, heightMm),
      rx: r,
      ry: r * rnd.uniform(0.6, 1.3),
      angle: rnd.uniform(0, Math.PI),
      strength: rnd.uniform(0.05, 0.25),
      rgb: [rnd.uniform(0.8, 0.92), rnd.uniform(0.62, 0.75), rnd.uniform(0.45, 0.6)],
    });
  }
  // Most corners are cut square; some lose a diagonal sliver.
  const corner = (): number => (rnd.chance(0.3) ? rnd.uniform(0.5, 3) : rnd.uniform(0, 0.4));
  const tone = scribe.parchmentRgb;
  const shift = rnd.normal(0, 2.5);
  return {
    rgb: [clamp(tone[0] + shift + rnd.normal(0, 1.5), 150, 252), clamp(tone[1] + shift + rnd.normal(0, 1.5), 150, 252), clamp(tone[2] + shift + rnd.normal(0, 2.5), 130, 250)],
    textureSeed: deriveSeed(rnd.next(), 'texture'),
    mottle: rnd.uniform(0.01, 0.045),
    veins: rnd.uniform(0.0, 0.05),
    grain: rnd.uniform(0.01, 0.035),
    fibres: rnd.uniform(0.0, 0.015),
    ruling: rnd.uniform(0.0, 0.07),
    edgeTone: rnd.uniform(0.0, 0.08),
    stains,
    edges: {
      stepMm,
      top: makeEdge(rnd.fork('top'), widthMm, stepMm),
      bottom: makeEdge(rnd.fork('bottom'), widthMm, stepMm),
      left: makeEdge(rnd.fork('left'), heightMm, stepMm),
      right: makeEdge(rnd.fork('right'), heightMm, stepMm),
      corners: [corner(), corner(), corner(), corner()],
    },
  };
}
