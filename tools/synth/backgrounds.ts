// Surfaces a scroll lies on, drawn in millimetres on the table plane so the
// camera sees them in the same perspective as the scroll: wood, tile, cloth,
// paper and plain. Noise comes from coarse grids, so a pixel costs a few lookups.

import { fbm, hash2, makeField, sampleField } from './raster.ts';
import type { Field } from './raster.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';

export const BACKGROUNDS = ['wood', 'tile', 'cloth', 'paper', 'plain'] as const;
export type Background = (typeof BACKGROUNDS)[number];

/** An RGB picture of a region of the table plane: pixel (i, j) shows the point (x0 + (i + 0.5)/pxPerMm, y0 + (j + 0.5)/pxPerMm). */
export type PlaneTexture = {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  readonly x0: number;
  readonly y0: number;
  readonly pxPerMm: number;
};

export type PlaneRegion = { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };

type Rgb = [number, number, number];

/** Paints `count` pixels of one row starting at plane point (x0, y), `step` mm apart, into `data` from pixel `first`, times `grain`. */
type RowPainter = (y: number, x0: number, step: number, count: number, data: Uint8ClampedArray, first: number, grain: Float32Array) => void;

function jitterColour(rnd: Random, rgb: Rgb, sd: number): Rgb {
  const s = rnd.normal(0, sd);
  return [rgb[0] + s + rnd.normal(0, sd / 3), rgb[1] + s + rnd.normal(0, sd / 3), rgb[2] + s + rnd.normal(0, sd / 3)];
}

function woodPainter(rnd: Random, region: PlaneRegion, pxPerMm: number): RowPainter {
  const palette: Rgb[] = [
    [196, 152, 104],
    [172, 120, 72],
    [128, 82, 50],
    [92, 58, 38],
    [70, 44, 30],
    [158, 142, 122],
  ];
  const base = rnd.pick(palette);
  const angle = rnd.uniform(0, Math.PI);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const plank = rnd.uniform(70, 190);
  const ringPeriod = rnd.uniform(2.5, 7);
  const seed = rnd.int(0, 2 ** 30);
  const plankColour = (k: number): Rgb => {
    const r = createRandom(seed + k * 7919);
    return jitterColour(r, base, 12);
  };
  const jointEvery = rnd.uniform(400, 1200);
  const figure = makeFieldForRegion(region, 3, (u, v) => fbm(u * ca + v * sa, (-u * sa + v * ca) * 6, 90, 3, seed) * 14);
  const streak = makeFieldForRegion(region, Math.max(0.4, 0.6 / pxPerMm), (u, v) => fbm((u * ca + v * sa) / 30, -u * sa + v * ca, 1.2, 2, seed + 3));
  const colours = new Map<number, Rgb>();
  let lastKey = NaN;
  let c: Rgb = base;
  // Each kind has its own row loop, so the per-pixel work is inlined, never a call through a shared loop.
  return (y, x0, step, count, data, first, grain) => {
    for (let n = 0; n < count; n++) {
      const x = x0 + n * step;
      const o = (first + n) * 3;
      const along = x * ca + y * sa;
      const across = -x * sa + y * ca;
      const k = Math.floor(across / plank);
      // Each plank's board joints are staggered by its own offset.
      const stagger = hash2(k, 0, seed) * jointEvery;
      const joint = Math.floor((along + stagger) / jointEvery);
      const key = k * 1000 + joint;
      if (key !== lastKey) {
        let found = colours.get(key);
        if (!found) {
          found = plankColour(key);
          colours.set(key, found);
        }
        c = found;
        lastKey = key;
      }
      const w = sampleField(figure, x - region.x0, y - region.y0);
      const ring = Math.sin(((across + w + k * 37) * 2 * Math.PI) / ringPeriod);
      const fine = sampleField(streak, x - region.x0, y - region.y0);
      let shade = 1 + 0.09 * ring + 0.1 * fine;
      const inPlank = across - k * plank;
      if (inPlank < 1.2 || inPlank > plank - 1.2) shade *= 0.45;
      const inBoard = along + stagger - joint * jointEvery;
      if (inBoard < 0.8) shade *= 0.55;
      data[o] = (c[0] * shade) * grain[n];
      data[o + 1] = (c[1] * shade) * grain[n];
      data[o + 2] = (c[2] * shade * 0.97) * grain[n];
    }
  };
}

function tilePainter(rnd: Random, region: PlaneRegion): RowPainter {
  const palette: Rgb[] = [
    [226, 222, 214],
    [214, 206, 190],
    [196, 198, 200],
    [236, 236, 232],
    [180, 170, 150],
    [150, 160, 168],
  ];
  const base = rnd.pick(palette);
  const size = rnd.uniform(90, 300);
  const grout = rnd.uniform(1.5, 5);
  const groutColour: Rgb = rnd.chance(0.7) ? [base[0] * 0.72, base[1] * 0.72, base[2] * 0.72] : [base[0] * 1.04, base[1] * 1.04, base[2] * 1.04];
  const angle = rnd.chance(0.6) ? rnd.uniform(-0.2, 0.2) : rnd.uniform(0, Math.PI / 2);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const seed = rnd.int(0, 2 ** 30);
  const offset = rnd.uniform(0, size);
  const speckle = makeFieldForRegion(region, 2, (u, v) => fbm(u, v, 40, 2, seed) * 0.03 + fbm(u, v, 4, 1, seed + 1) * 0.012);
  // Each kind has its own row loop, so the per-pixel work is inlined, never a call through a shared loop.
  return (y, x0, step, count, data, first, grain) => {
    for (let n = 0; n < count; n++) {
      const x = x0 + n * step;
      const o = (first + n) * 3;
      const u = x * ca + y * sa + offset;
      const v = -x * sa + y * ca + offset;
      const i = Math.floor(u / size);
      const j = Math.floor(v / size);
      const du = u - i * size;
      const dv = v - j * size;
      const edge = Math.min(du, dv, size - du, size - dv);
      if (edge < grout / 2) {
        data[o] = (groutColour[0]) * grain[n];
        data[o + 1] = (groutColour[1]) * grain[n];
        data[o + 2] = (groutColour[2]) * grain[n];
        continue;
      }
      const tint = (hash2(i, j, seed) - 0.5) * 0.06;
      const bevel = edge < grout ? 0.93 : 1;
      const shade = (1 + tint + sampleField(speckle, x - region.x0, y - region.y0)) * bevel;
      data[o] = (base[0] * shade) * grain[n];
      data[o + 1] = (base[1] * shade) * grain[n];
      data[o + 2] = (base[2] * shade) * grain[n];
    }
  };
}

function clothPainter(rnd: Random, region: PlaneRegion, pxPerMm: number): RowPainter {
  const palette: Rgb[] = [
    [170, 40, 48],
    [90, 96, 110],
    [40, 60, 120],
    [60, 110, 80],
    [200, 190, 170],
    [120, 70, 100],
    [30, 30, 36],
    [180, 150, 90],
  ];
  const a = rnd.pick(palette);
  const b = rnd.pick(palette);
  const pattern = rnd.weighted<'stripes' | 'check' | 'solid'>([
    ['stripes', 3],
    ['check', 2],
    ['solid', 3],
  ]);
  const period = rnd.uniform(12, 60);
  const duty = rnd.uniform(0.35, 0.65);
  const angle = rnd.uniform(0, Math.PI);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const thread = rnd.uniform(0.5, 1.2);
  // The weave only shows where a pixel resolves it.
  const weave = Math.min(1, Math.max(0, pxPerMm * thread - 1.5)) * 0.08;
  const seed = rnd.int(0, 2 ** 30);
  const mid: Rgb = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
  const folds = makeFieldForRegion(region, 4, (u, v) => fbm(u, v, 120, 3, seed) * 0.25);
  // Each kind has its own row loop, so the per-pixel work is inlined, never a call through a shared loop.
  return (y, x0, step, count, data, first, grain) => {
    for (let n = 0; n < count; n++) {
      const x = x0 + n * step;
      const o = (first + n) * 3;
      const u = x * ca + y * sa;
      const v = -x * sa + y * ca;
      let c: Rgb = a;
      const su = ((u / period) % 1 + 1) % 1 < duty;
      if (pattern === 'stripes') c = su ? a : b;
      else if (pattern === 'check') {
        const sv = ((v / period) % 1 + 1) % 1 < duty;
        c = su && sv ? b : su || sv ? mid : a;
      }
      const w = Math.sin((u * 2 * Math.PI) / thread) * Math.sin((v * 2 * Math.PI) / thread);
      const shade = 1 + weave * w + sampleField(folds, x - region.x0, y - region.y0);
      data[o] = (c[0] * shade) * grain[n];
      data[o + 1] = (c[1] * shade) * grain[n];
      data[o + 2] = (c[2] * shade) * grain[n];
    }
  };
}

function paperPainter(rnd: Random, region: PlaneRegion): RowPainter {
  const sheet: Rgb = jitterColour(rnd, [238, 238, 234], 4);
  const under: Rgb = rnd.pick<Rgb>([
    [150, 140, 128],
    [96, 90, 86],
    [190, 185, 178],
    [120, 90, 64],
  ]);
  // The sheet's edge may show far from the scroll.
  const angle = rnd.uniform(0, 2 * Math.PI);
  const edgeDistance = rnd.uniform(90, 400);
  const seed = rnd.int(0, 2 ** 30);
  const fibres = makeFieldForRegion(region, 0.8, (u, v) => fbm(u, v, 3, 2, seed) * 0.025 + fbm(u, v, 60, 2, seed + 9) * 0.05);
  const nx = Math.cos(angle);
  const ny = Math.sin(angle);
  // Each kind has its own row loop, so the per-pixel work is inlined, never a call through a shared loop.
  return (y, x0, step, count, data, first, grain) => {
    for (let n = 0; n < count; n++) {
      const x = x0 + n * step;
      const o = (first + n) * 3;
      const d = x * nx + y * ny - edgeDistance;
      if (d > 0) {
        const k = d < 2.5 ? 0.7 : 1;
        data[o] = (under[0] * k) * grain[n];
        data[o + 1] = (under[1] * k) * grain[n];
        data[o + 2] = (under[2] * k) * grain[n];
        continue;
      }
      const shade = 1 + sampleField(fibres, x - region.x0, y - region.y0);
      data[o] = (sheet[0] * shade) * grain[n];
      data[o + 1] = (sheet[1] * shade) * grain[n];
      data[o + 2] = (sheet[2] * shade) * grain[n];
    }
  };
}

function plainPainter(rnd: Random, region: PlaneRegion): RowPainter {
  const base = jitterColour(
    rnd,
    rnd.pick<Rgb>([
      [232, 234, 236],
      [214, 216, 214],
      [200, 196, 188],
      [120, 124, 128],
      [60, 62, 66],
      [200, 214, 220],
      [222, 214, 222],
      [190, 205, 190],
    ]),
    5,
  );
  const seed = rnd.int(0, 2 ** 30);
  const cloud = makeFieldForRegion(region, 3, (u, v) => fbm(u, v, 150, 3, seed) * 0.06 + fbm(u, v, 12, 2, seed + 4) * 0.012);
  // Each kind has its own row loop, so the per-pixel work is inlined, never a call through a shared loop.
  return (y, x0, step, count, data, first, grain) => {
    for (let n = 0; n < count; n++) {
      const x = x0 + n * step;
      const o = (first + n) * 3;
      const shade = 1 + sampleField(cloud, x - region.x0, y - region.y0);
      data[o] = (base[0] * shade) * grain[n];
      data[o + 1] = (base[1] * shade) * grain[n];
      data[o + 2] = (base[2] * shade) * grain[n];
    }
  };
}

function makeFieldForRegion(region: PlaneRegion, cell: number, fn: (x: number, y: number) => number): Field {
  return makeField(region.x1 - region.x0, region.y1 - region.y0, cell, (x, y) => fn(x + region.x0, y + region.y0));
}

/** Paints `kind` over `region` of the table plane at `pxPerMm`. */
export function renderBackground(kind: Background, seed: number, region: PlaneRegion, pxPerMm: number): PlaneTexture {
  const rnd = createRandom(seed);
  const painter =
    kind === 'wood'
      ? woodPainter(rnd, region, pxPerMm)
      : kind === 'tile'
        ? tilePainter(rnd, region)
        : kind === 'cloth'
          ? clothPainter(rnd, region, pxPerMm)
          : kind === 'paper'
            ? paperPainter(rnd, region)
            : plainPainter(rnd, region);
  const width = Math.max(2, Math.ceil((region.x1 - region.x0) * pxPerMm));
  const height = Math.max(2, Math.ceil((region.y1 - region.y0) * pxPerMm));
  const data = new Uint8ClampedArray(width * height * 3);
  const inv = 1 / pxPerMm;
  const grainSeed = seed ^ 0x2545f491;
  const grain = new Float32Array(width);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) grain[i] = 1 + (hash2(i, j, grainSeed) - 0.5) * 0.02;
    painter(region.y0 + (j + 0.5) * inv, region.x0 + 0.5 * inv, inv, width, data, j * width, grain);
  }
  return { data, width, height, x0: region.x0, y0: region.y0, pxPerMm };
}
