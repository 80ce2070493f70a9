// Renders a scroll flat, as if scanned, at a chosen resolution: parchment with
// texture, stains, ruling and ragged edges, and ink laid by a broad nib that
// bleeds a little into the skin. The camera then photographs this texture.

import { cutStrokes } from './error-ink.ts';
import { rasterizeInk } from './ink.ts';
import { blurInPlace, dilateDown, fbm, hash2, makeField, rowSampler, sampleField, valueNoise } from './raster.ts';
import type { Field } from './raster.ts';
import { createRandom } from './random.ts';
import type { Stain } from './parchment.ts';
import type { Scroll } from './scroll.ts';

/** An RGBA image of a flat sheet; alpha is the sheet's outline. */
export type SheetTexture = {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  readonly pxPerMm: number;
};

/**
 * Where one ragged edge runs, at the centre of each of `pixels` columns (or rows):
 * `from + sign · inset`, mm, the inset interpolated between the edge's samples.
 */
function edgeProfile(samples: readonly number[], stepMm: number, pixels: number, inv: number, from: number, sign: 1 | -1): Float32Array {
  const out = new Float32Array(pixels);
  for (let n = 0; n < pixels; n++) {
    let g = ((n + 0.5) * inv) / stepMm;
    if (g < 0) g = 0;
    if (g > samples.length - 1.001) g = samples.length - 1.001;
    const i = g | 0;
    out[n] = from + sign * (samples[i] + (samples[i + 1] - samples[i]) * (g - i));
  }
  return out;
}

type SheetFields = {
  /** Brightness of the skin: mottling, hair-side veins and fibres, summed. */
  readonly skin: Field;
  readonly ink: Field;
  readonly inkEdge: Field;
  readonly wobbleX: Field;
  readonly wobbleY: Field;
  /** Per-channel multipliers of the large stains (blotches and tide rings), or null without any. */
  readonly tint: readonly [Field, Field, Field] | null;
};

// Fields are in millimetres, independent of the resolution, so every photo of a
// scroll reuses them (a registration photo and its queries render the same skin).
const fieldCache = new WeakMap<Scroll, SheetFields>();

function sheetFields(scroll: Scroll): SheetFields {
  const cached = fieldCache.get(scroll);
  if (cached) return cached;
  const p = scroll.parchment;
  const seed = p.textureSeed;
  const w = scroll.widthMm;
  const h = scroll.heightMm;
  const angle = createRandom(seed).uniform(0, Math.PI);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const wobbleScale = scroll.letterHeightMm * 0.45;
  const mottle = makeField(w, h, 2, (x, y) => fbm(x, y, 14, 3, seed) * 2 * p.mottle);
  const fields: SheetFields = {
    skin: makeField(w, h, 0.4, (x, y) => {
      // Hair-side veins: thin ridges of a domain-warped noise.
      const warp = fbm(x + 31.7, y - 12.3, 9, 2, seed + 7) * 6;
      const ridge = 1 - Math.abs(fbm(x + warp, y - warp, 11, 3, seed + 19) * 2.2);
      const vein = ridge > 0 ? ridge ** 10 * p.veins : 0;
      // Fibres: noise stretched along one direction of the skin.
      const fibre = fbm((x * ca + y * sa) / 8, -x * sa + y * ca, 1.1, 2, seed + 101) * p.fibres;
      return sampleField(mottle, x, y) - vein + fibre;
    }),
    ink: makeField(w, h, 0.35, (x, y) => fbm(x, y, 0.9, 2, seed ^ 0x5bd1e995)),
    inkEdge: makeField(w, h, 0.4, (x, y) => fbm(x, y, 1.2, 2, (seed ^ 0x5bd1e995) + 5)),
    wobbleX: makeField(w, h, wobbleScale / 3, (x, y) => fbm(x, y, wobbleScale, 2, seed ^ 0x3c6ef372)),
    wobbleY: makeField(w, h, wobbleScale / 3, (x, y) => fbm(x, y, wobbleScale, 2, (seed ^ 0x3c6ef372) + 77)),
    tint: stainTint(scroll),
  };
  fieldCache.set(scroll, fields);
  return fields;
}

/**
 * The finished ink of the sheet at `pxPerMm` (coverage times darkness, 0..1
 * per pixel): the letters laid, thickened by the nib, bled into the skin, and
 * the broken letters' gaps cut. With `withOwners`, also rasterizeInk's owner
 * of each pixel (the nib and the bleed's spread is owned by nobody).
 */
export async function inkMask(
  scroll: Scroll,
  pxPerMm: number,
  withOwners = false,
): Promise<{ mask: Float32Array; width: number; height: number; owners: Int32Array | null }> {
  const width = Math.max(8, Math.ceil(scroll.widthMm * pxPerMm));
  const height = Math.max(8, Math.ceil(scroll.heightMm * pxPerMm));
  const fields = sheetFields(scroll);
  const owners = withOwners ? new Int32Array(width * height) : null;
  let mask = await rasterizeInk(scroll, pxPerMm, width, height, fields.wobbleX, fields.wobbleY, owners);
  mask = dilateDown(mask, width, height, scroll.ink.nibMm * pxPerMm);
  const bleed = scroll.ink.bleedMm * pxPerMm;
  if (bleed >= 0.2) blurInPlace(mask, width, height, bleed);
  if (scroll.errors) cutStrokes(scroll, mask, width, height, pxPerMm, fields.wobbleX, fields.wobbleY);
  return { mask, width, height, owners };
}

/** The scroll flat, at `pxPerMm`, as RGBA (alpha = the parchment). */
export async function renderScroll(scroll: Scroll, pxPerMm: number): Promise<SheetTexture> {
  const { mask, width, height } = await inkMask(scroll, pxPerMm);
  return paintSheet(scroll, sheetFields(scroll), pxPerMm, width, height, mask);
}

function paintSheet(scroll: Scroll, fields: SheetFields, pxPerMm: number, width: number, height: number, mask: Float32Array): SheetTexture {
  const p = scroll.parchment;
  const out = new Uint8ClampedArray(width * height * 4);
  const { skin, ink: inkField, inkEdge: edgeField, tint } = fields;
  // Grain is a property of the skin, not of the pixel: weaker when pixels are much larger than its specks.
  const grain = p.grain * Math.min(1, Math.max(0.35, pxPerMm / 12));
  const inv = 1 / pxPerMm;
  // Ruling: each line's score sits on its rule, across the column.
  const ruleRows = new Float32Array(height);
  const ruleWidth = Math.max(0.06, 0.6 * inv);
  for (const line of scroll.lines) {
    for (let y = Math.max(0, Math.floor((line.ruleY - 3 * ruleWidth) * pxPerMm)); y <= Math.min(height - 1, (line.ruleY + 3 * ruleWidth) * pxPerMm); y++) {
      const d = (y * inv - line.ruleY) / ruleWidth;
      ruleRows[y] = Math.max(ruleRows[y], Math.exp(-d * d));
    }
  }
  let ruleLeft = Infinity;
  let ruleRight = -Infinity;
  for (const line of scroll.lines) {
    ruleLeft = Math.min(ruleLeft, line.endX);
    ruleRight = Math.max(ruleRight, line.startX);
  }
  ruleLeft -= scroll.letterHeightMm * 0.6;
  ruleRight += scroll.letterHeightMm * 0.2;
  const seed = p.textureSeed >>> 0;
  // The ragged outline, resolved once per column and per row.
  const { edges } = p;
  const topAt = edgeProfile(edges.top, edges.stepMm, width, inv, 0, 1);
  const bottomAt = edgeProfile(edges.bottom, edges.stepMm, width, inv, scroll.heightMm, -1);
  const leftAt = edgeProfile(edges.left, edges.stepMm, height, inv, 0, 1);
  const rightAt = edgeProfile(edges.right, edges.stepMm, height, inv, scroll.widthMm, -1);

  const skinRows = rowSampler(skin, width, 0.5 * inv, inv);
  const inkRows = rowSampler(inkField, width, 0.5 * inv, inv);
  const edgeRows = rowSampler(edgeField, width, 0.5 * inv, inv);
  const tintRows = tint ? tint.map((f) => rowSampler(f, width, 0.5 * inv, inv)) : null;
  const ctx: PaintRow = {
    out32: new Uint32Array(out.buffer),
    mask,
    width,
    inv,
    pxPerMm,
    topAt,
    bottomAt,
    corners: edges.corners,
    widthMm: scroll.widthMm,
    heightMm: scroll.heightMm,
    paper: p.rgb,
    ink: scroll.ink.rgb,
    grain: (2 * grain) / 4294967296,
    edgeTone: p.edgeTone,
    patch: scroll.ink.patchiness,
    ruleLeft,
    ruleRight,
  };
  const row = (y: number): void => {
    const my = (y + 0.5) * inv;
    const skinRow = skinRows.row(my);
    // Ink texture rows only matter where the row holds ink.
    let rowHasInk = false;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (mask[i] > 0.002) {
        rowHasInk = true;
        break;
      }
    }
    const inkRow = rowHasInk ? inkRows.row(my) : skinRow;
    const edgeRow = rowHasInk ? edgeRows.row(my) : skinRow;
    const tints = tintRows ? ([tintRows[0].row(my), tintRows[1].row(my), tintRows[2].row(my)] as const) : null;
    paintRow(ctx, y, my, leftAt[y], rightAt[y], ruleRows[y] * p.ruling, skinRow, inkRow, edgeRow, tints, (Math.floor(hash2(y, 0, seed) * 4294967296) | 1) >>> 0);
  };
  for (let y = 0; y < height; y++) row(y);
  applyFoxing(scroll, pxPerMm, width, height, out);
  return { data: out, width, height, pxPerMm };
}

type PaintRow = {
  /** RGBA packed little-endian: one store per pixel instead of four. */
  readonly out32: Uint32Array;
  readonly mask: Float32Array;
  readonly width: number;
  readonly inv: number;
  readonly pxPerMm: number;
  readonly topAt: Float32Array;
  readonly bottomAt: Float32Array;
  readonly corners: readonly [number, number, number, number];
  readonly widthMm: number;
  readonly heightMm: number;
  readonly paper: readonly [number, number, number];
  readonly ink: readonly [number, number, number];
  readonly grain: number;
  readonly edgeTone: number;
  readonly patch: number;
  readonly ruleLeft: number;
  readonly ruleRight: number;
};

function channel(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : (value + 0.5) | 0;
}

function paintRow(
  ctx: PaintRow,
  y: number,
  my: number,
  left: number,
  right: number,
  rule: number,
  skinRow: Float32Array,
  inkRow: Float32Array,
  edgeRow: Float32Array,
  tints: readonly [Float32Array, Float32Array, Float32Array] | null,
  seed: number,
): void {
  const { out32, mask, width, inv, pxPerMm, topAt, bottomAt, widthMm: W, heightMm: H, grain, edgeTone, patch, ruleLeft, ruleRight } = ctx;
  const [tl, tr, br, bl] = ctx.corners;
  const [pr, pg, pb] = ctx.paper;
  const [ir, ig, ib] = ctx.ink;
  let state = seed;
  for (let x = 0; x < width; x++) {
    const mx = (x + 0.5) * inv;
    const i = y * width + x;
    let inside = my - topAt[x];
    if (bottomAt[x] - my < inside) inside = bottomAt[x] - my;
    if (mx - left < inside) inside = mx - left;
    if (right - mx < inside) inside = right - mx;
    if (inside < 4) {
      const c0 = (mx + my - tl) * Math.SQRT1_2;
      const c1 = (W - mx + my - tr) * Math.SQRT1_2;
      const c2 = (W - mx + H - my - br) * Math.SQRT1_2;
      const c3 = (mx + H - my - bl) * Math.SQRT1_2;
      inside = Math.min(inside, c0, c1, c2, c3);
    }
    const alpha = inside * pxPerMm + 0.5;
    if (alpha <= 0) continue;
    // Grain: a per-row xorshift stream, much cheaper than hashing every pixel.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    let shade = 1 + skinRow[x] + ((state >>> 0) - 2147483648) * grain;
    let yellow = 1;
    if (inside < 1.2) {
      shade -= edgeTone * (1 - inside / 1.2);
      yellow = 1 - edgeTone * 0.6 * (1 - inside / 1.2);
    }
    if (rule > 0 && mx > ruleLeft && mx < ruleRight) shade -= rule;
    let a = mask[i];
    if (a > 0.002) {
      // Feathered edges and uneven density: the ink soaks into the skin unevenly.
      const edge = a + edgeRow[x] * 1.2 * a * (1 - a);
      a = edge < 0 ? 0 : edge > 1 ? 1 : edge;
      a *= 1 - patch * (0.5 + 0.5 * inkRow[x]);
    }
    let r = pr * shade;
    let g = pg * shade;
    let b = pb * shade * yellow;
    if (tints !== null) {
      r *= tints[0][x];
      g *= tints[1][x];
      b *= tints[2][x];
    }
    out32[i] =
      (channel(r + (ir - r) * a) | (channel(g + (ig - g) * a) << 8) | (channel(b + (ib - b) * a) << 16) | ((alpha >= 1 ? 255 : (alpha * 255) | 0) << 24)) >>> 0;
  }
}

/**
 * How much a stain darkens at (dx, dy) mm from its centre, before its strength.
 * Its turn and the seed of its wobbly outline are fixed per stain, not per call.
 */
function stainShape(stain: Stain, textureSeed: number): (dx: number, dy: number) => number {
  const cos = Math.cos(stain.angle);
  const sin = Math.sin(stain.angle);
  const seed = (textureSeed + Math.round(stain.x * 1000)) | 0;
  const ring = stain.kind === 'ring';
  return (dx, dy) => {
    const u = (dx * cos + dy * sin) / stain.rx;
    const v = (-dx * sin + dy * cos) / stain.ry;
    // A wobbly outline, as liquid leaves.
    const r = Math.sqrt(u * u + v * v) * (1 + 0.25 * valueNoise(u * 2.5, v * 2.5, seed));
    if (ring) {
      const d = (r - 1) / 0.06;
      return Math.exp(-d * d) + (r < 1 ? 0.25 : 0);
    }
    return r < 1 ? 1 - r * r * (3 - 2 * r) : 0;
  };
}

/** Blotches and tide rings are large and smooth: a 0.25 mm grid of their tint serves every resolution. */
function stainTint(scroll: Scroll): readonly [Field, Field, Field] | null {
  const stains = scroll.parchment.stains.filter((s) => s.kind !== 'fox');
  if (stains.length === 0) return null;
  const one = (): Field => makeField(scroll.widthMm, scroll.heightMm, 0.25, () => 1);
  const channels: [Field, Field, Field] = [one(), one(), one()];
  const { columns, rows, cell } = channels[0];
  for (const stain of stains) {
    // Only the cells within the stain's reach: each stain's weight is computed once for all three channels.
    const reach = Math.max(stain.rx, stain.ry) * 1.6;
    const weight = stainShape(stain, scroll.parchment.textureSeed);
    const i0 = Math.max(0, Math.floor((stain.x - reach) / cell));
    const i1 = Math.min(columns - 1, Math.ceil((stain.x + reach) / cell));
    const j0 = Math.max(0, Math.floor((stain.y - reach) / cell));
    const j1 = Math.min(rows - 1, Math.ceil((stain.y + reach) / cell));
    const k = stain.strength * 4;
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const w = weight(i * cell - stain.x, j * cell - stain.y);
        if (w <= 0) continue;
        const n = j * columns + i;
        channels[0].values[n] *= 1 - w * k * (1 - stain.rgb[0]);
        channels[1].values[n] *= 1 - w * k * (1 - stain.rgb[1]);
        channels[2].values[n] *= 1 - w * k * (1 - stain.rgb[2]);
      }
    }
  }
  return channels;
}

/** Foxing: small brown spots, drawn at the output resolution. */
function applyFoxing(scroll: Scroll, pxPerMm: number, width: number, height: number, out: Uint8ClampedArray): void {
  for (const stain of scroll.parchment.stains) {
    if (stain.kind !== 'fox') continue;
    const reach = Math.max(stain.rx, stain.ry) * 1.6;
    const x0 = Math.max(0, Math.floor((stain.x - reach) * pxPerMm));
    const x1 = Math.min(width - 1, Math.ceil((stain.x + reach) * pxPerMm));
    const y0 = Math.max(0, Math.floor((stain.y - reach) * pxPerMm));
    const y1 = Math.min(height - 1, Math.ceil((stain.y + reach) * pxPerMm));
    const weight = stainShape(stain, scroll.parchment.textureSeed);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const o = (y * width + x) * 4;
        if (out[o + 3] === 0) continue;
        const w = weight((x + 0.5) / pxPerMm - stain.x, (y + 0.5) / pxPerMm - stain.y);
        if (w <= 0.003) continue;
        const k = w * stain.strength * 3;
        out[o] *= 1 - k * (1 - stain.rgb[0]) * 4;
        out[o + 1] *= 1 - k * (1 - stain.rgb[1]) * 4;
        out[o + 2] *= 1 - k * (1 - stain.rgb[2]) * 4;
      }
    }
  }
}
