// Renders a scroll flat, as if scanned, at a chosen resolution: parchment with
// texture, stains, ruling and ragged edges, and ink laid by a broad nib that
// bleeds a little into the skin. The camera then photographs this texture.

import sharp from 'sharp';
import { loadGlyphSet } from './glyphs.ts';
import { blurInPlace, dilateDown, fbm, hash2, makeField, rowSampler } from './raster.ts';
import type { Field } from './raster.ts';
import { createRandom } from './random.ts';
import type { ParchmentEdges, Scroll } from './scroll.ts';

/** An RGBA image of a flat sheet; alpha is the sheet's outline. */
export type SheetTexture = {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  readonly pxPerMm: number;
};

/** Where on each crowned letter its three tagin stand, as a fraction of the glyph's width from its left. */
const CROWN_ANCHOR: Readonly<Record<string, number>> = {
  ש: 0.1,
  ע: 0.12,
  ט: 0.1,
  נ: 0.3,
  ן: 0.5,
  ז: 0.5,
  ג: 0.42,
  צ: 0.14,
  ץ: 0.16,
};

function fmt(value: number): string {
  return (Math.round(value * 1000) / 1000).toString();
}

/** Three tagin, in glyph units: thin strokes with a blob on top, the outer two leaning outwards. */
function crownPath(x: number, top: number, unit: number, rnd: ReturnType<typeof createRandom>): string {
  const parts: string[] = [];
  const spacing = unit * rnd.uniform(0.32, 0.42);
  for (let i = -1; i <= 1; i++) {
    const height = unit * rnd.uniform(0.65, 0.85);
    const lean = i * unit * rnd.uniform(0.15, 0.3);
    const w = unit * 0.09;
    const bx = x + i * spacing;
    const tx = bx + lean;
    const ty = top - height;
    const r = unit * rnd.uniform(0.12, 0.17);
    parts.push(
      `M${fmt(bx - w)} ${fmt(top + unit * 0.2)}L${fmt(tx - w)} ${fmt(ty)}L${fmt(tx + w)} ${fmt(ty)}L${fmt(bx + w)} ${fmt(top + unit * 0.2)}Z`,
      `M${fmt(tx - r)} ${fmt(ty)}a${fmt(r)} ${fmt(r * 0.8)} 0 1 0 ${fmt(2 * r)} 0a${fmt(r)} ${fmt(r * 0.8)} 0 1 0 ${fmt(-2 * r)} 0Z`,
    );
  }
  return parts.join('');
}

/** The ink as an SVG: grey level = ink darkness, on black, so one channel of the raster is the ink mask. */
export function inkSvg(scroll: Scroll, pxPerMm: number, width: number, height: number): string {
  const glyphs = loadGlyphSet(scroll.font);
  const used = new Set(scroll.letters.map((l) => l.char));
  const defs = [...used].map((char) => `<path id="g${char.charCodeAt(0)}" d="${glyphs.glyph(char).pathData}"/>`).join('');
  const rnd = createRandom(scroll.seed ^ 0x7a91);
  const body: string[] = [];
  for (const letter of scroll.letters) {
    const t = letter.transform;
    const m = [t[0], t[1], t[2], t[3], t[4], t[5]].map((v) => fmt(v * pxPerMm));
    const grey = Math.round(letter.ink * 255);
    const scale = Math.sqrt(Math.abs(t[0] * t[3] - t[1] * t[2]));
    const weight = letter.weightMm / scale;
    let crown = '';
    if (letter.crowned) {
      const g = glyphs.glyph(letter.char);
      const anchor = g.left + (g.right - g.left) * (CROWN_ANCHOR[letter.char] ?? 0.5);
      const unit = (glyphs.letterHeight * 0.3 * rnd.uniform(0.85, 1.15)) / (letter.large ? 1.4 : 1);
      crown = `<path d="${crownPath(anchor, -glyphs.letterHeight * 0.98, unit * 0.9, rnd)}"/>`;
    }
    body.push(
      `<g transform="matrix(${m.join(' ')})" fill="rgb(${grey},${grey},${grey})" stroke="rgb(${grey},${grey},${grey})" stroke-width="${fmt(weight)}"><use xlink:href="#g${letter.char.charCodeAt(0)}"/>${crown}</g>`,
    );
  }
  for (const blot of scroll.ink.blots) {
    const grey = Math.round(blot.darkness * 255);
    body.push(`<circle cx="${fmt(blot.x * pxPerMm)}" cy="${fmt(blot.y * pxPerMm)}" r="${fmt(blot.radiusMm * pxPerMm)}" fill="rgb(${grey},${grey},${grey})"/>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#000"/><defs>${defs}</defs>${body.join('')}</svg>`
  );
}

function edgeAt(samples: readonly number[], step: number, at: number): number {
  let g = at / step;
  if (g < 0) g = 0;
  if (g > samples.length - 1.001) g = samples.length - 1.001;
  const i = g | 0;
  return samples[i] + (samples[i + 1] - samples[i]) * (g - i);
}

/** Signed distance (mm, positive inside) from a point to the sheet's ragged outline, close to the edge. */
export function insideDistance(edges: ParchmentEdges, widthMm: number, heightMm: number, x: number, y: number): number {
  const s = edges.stepMm;
  let d = y - edgeAt(edges.top, s, x);
  const db = heightMm - edgeAt(edges.bottom, s, x) - y;
  if (db < d) d = db;
  const dl = x - edgeAt(edges.left, s, y);
  if (dl < d) d = dl;
  const dr = widthMm - edgeAt(edges.right, s, y) - x;
  if (dr < d) d = dr;
  const [tl, tr, br, bl] = edges.corners;
  const k = Math.SQRT1_2;
  const c0 = (x + y - tl) * k;
  if (c0 < d) d = c0;
  const c1 = (widthMm - x + y - tr) * k;
  if (c1 < d) d = c1;
  const c2 = (widthMm - x + heightMm - y - br) * k;
  if (c2 < d) d = c2;
  const c3 = (x + heightMm - y - bl) * k;
  if (c3 < d) d = c3;
  return d;
}

type SheetFields = {
  /** Brightness of the skin: mottling, hair-side veins and fibres, summed. */
  readonly skin: Field;
  readonly ink: Field;
  readonly inkEdge: Field;
  readonly wobbleX: Field;
  readonly wobbleY: Field;
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
  const fields: SheetFields = {
    skin: makeField(w, h, 0.3, (x, y) => {
      const mottle = fbm(x, y, 14, 3, seed) * 2 * p.mottle;
      // Hair-side veins: thin ridges of a domain-warped noise.
      const warp = fbm(x + 31.7, y - 12.3, 9, 2, seed + 7) * 6;
      const ridge = 1 - Math.abs(fbm(x + warp, y - warp, 11, 3, seed + 19) * 2.2);
      const vein = ridge > 0 ? ridge ** 10 * p.veins : 0;
      // Fibres: noise stretched along one direction of the skin.
      const fibre = fbm((x * ca + y * sa) / 8, -x * sa + y * ca, 0.8, 3, seed + 101) * p.fibres;
      return mottle - vein + fibre;
    }),
    ink: makeField(w, h, 0.25, (x, y) => fbm(x, y, 0.9, 2, seed ^ 0x5bd1e995)),
    inkEdge: makeField(w, h, 0.3, (x, y) => fbm(x, y, 1.2, 2, (seed ^ 0x5bd1e995) + 5)),
    wobbleX: makeField(w, h, wobbleScale / 4, (x, y) => fbm(x, y, wobbleScale, 2, seed ^ 0x3c6ef372)),
    wobbleY: makeField(w, h, wobbleScale / 4, (x, y) => fbm(x, y, wobbleScale, 2, (seed ^ 0x3c6ef372) + 77)),
  };
  fieldCache.set(scroll, fields);
  return fields;
}

export async function rasterizeInk(scroll: Scroll, pxPerMm: number, width: number, height: number): Promise<Float32Array> {
  const { data } = await sharp(Buffer.from(inkSvg(scroll, pxPerMm, width, height)))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = new Float32Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i] / 255;
  return mask;
}

/** The scroll flat, at `pxPerMm`, as RGBA (alpha = the parchment). */
export async function renderScroll(scroll: Scroll, pxPerMm: number): Promise<SheetTexture> {
  const width = Math.max(8, Math.ceil(scroll.widthMm * pxPerMm));
  const height = Math.max(8, Math.ceil(scroll.heightMm * pxPerMm));
  let mask = await rasterizeInk(scroll, pxPerMm, width, height);
  mask = wobble(scroll, pxPerMm, width, height, mask);
  mask = dilateDown(mask, width, height, scroll.ink.nibMm * pxPerMm);
  const bleed = scroll.ink.bleedMm * pxPerMm;
  if (bleed >= 0.2) blurInPlace(mask, width, height, bleed);
  return paintSheet(scroll, pxPerMm, width, height, mask);
}

/**
 * Bends the strokes by a smooth displacement field a few hundredths of a letter
 * high: a hand never repeats an outline exactly, and no affine map can add that.
 */
function wobble(scroll: Scroll, pxPerMm: number, width: number, height: number, mask: Float32Array): Float32Array {
  const amplitude = scroll.letterHeightMm * 0.03 * pxPerMm;
  if (amplitude < 0.25) return mask;
  const { wobbleX: fx, wobbleY: fy } = sheetFields(scroll);
  // Only blocks with ink nearby need resampling; the rest of the sheet stays empty.
  const block = 16;
  const reach = Math.ceil(amplitude * 2) + 1;
  const bw = Math.ceil(width / block);
  const bh = Math.ceil(height / block);
  const hasInk = new Uint8Array(bw * bh);
  const markRow = (y: number): void => {
    const blockRow = ((y / block) | 0) * bw;
    for (let x = 0; x < width; x++) if (mask[y * width + x] > 0) hasInk[blockRow + ((x / block) | 0)] = 1;
  };
  for (let y = 0; y < height; y++) markRow(y);
  const spread = Math.ceil(reach / block);
  const inked = new Uint8Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      if (!hasInk[by * bw + bx]) continue;
      for (let j = Math.max(0, by - spread); j <= Math.min(bh - 1, by + spread); j++) {
        for (let i = Math.max(0, bx - spread); i <= Math.min(bw - 1, bx + spread); i++) inked[j * bw + i] = 1;
      }
    }
  }
  const out = new Float32Array(mask.length);
  const inv = 1 / pxPerMm;
  const rowsX = rowSampler(fx, width, 0, inv);
  const rowsY = rowSampler(fy, width, 0, inv);
  const k = 2 * amplitude;
  const row = (y: number): void => {
    const blockRow = ((y / block) | 0) * bw;
    let any = 0;
    for (let b = 0; b < bw; b++) any |= inked[blockRow + b];
    if (!any) return;
    const wx = rowsX.row(y * inv);
    const wy = rowsY.row(y * inv);
    for (let x = 0; x < width; x++) {
      if (inked[blockRow + ((x / block) | 0)] === 0) {
        x = ((x / block) | 0) * block + block - 1;
        continue;
      }
      let sx = x + wx[x] * k;
      let sy = y + wy[x] * k;
      if (sx < 0) sx = 0;
      if (sy < 0) sy = 0;
      if (sx > width - 1.001) sx = width - 1.001;
      if (sy > height - 1.001) sy = height - 1.001;
      const i = sx | 0;
      const j = sy | 0;
      const ax = sx - i;
      const ay = sy - j;
      const q = j * width + i;
      const top = mask[q] + (mask[q + 1] - mask[q]) * ax;
      const bottom = mask[q + width] + (mask[q + width + 1] - mask[q + width]) * ax;
      out[y * width + x] = top + (bottom - top) * ay;
    }
  };
  for (let y = 0; y < height; y++) row(y);
  return out;
}

function paintSheet(scroll: Scroll, pxPerMm: number, width: number, height: number, mask: Float32Array): SheetTexture {
  const p = scroll.parchment;
  const out = new Uint8ClampedArray(width * height * 4);
  const { skin, ink: inkField, inkEdge: edgeField } = sheetFields(scroll);
  // Grain is a property of the skin, not of the pixel: weaker when pixels are much larger than its specks.
  const grain = p.grain * Math.min(1, Math.max(0.35, pxPerMm / 12));
  const [pr, pg, pb] = p.rgb;
  const [ir, ig, ib] = scroll.ink.rgb;
  const patch = scroll.ink.patchiness;
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
  const topAt = new Float32Array(width);
  const bottomAt = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const mx = (x + 0.5) * inv;
    topAt[x] = edgeAt(edges.top, edges.stepMm, mx);
    bottomAt[x] = scroll.heightMm - edgeAt(edges.bottom, edges.stepMm, mx);
  }
  const leftAt = new Float32Array(height);
  const rightAt = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    const my = (y + 0.5) * inv;
    leftAt[y] = edgeAt(edges.left, edges.stepMm, my);
    rightAt[y] = scroll.widthMm - edgeAt(edges.right, edges.stepMm, my);
  }
  const [tl, tr, br, bl] = edges.corners;
  const W = scroll.widthMm;
  const H = scroll.heightMm;

  const skinRows = rowSampler(skin, width, 0.5 * inv, inv);
  const inkRows = rowSampler(inkField, width, 0.5 * inv, inv);
  const edgeRows = rowSampler(edgeField, width, 0.5 * inv, inv);
  const row = (y: number): void => {
    const my = (y + 0.5) * inv;
    const rule = ruleRows[y] * p.ruling;
    const left = leftAt[y];
    const right = rightAt[y];
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
      let shade = 1 + skinRow[x] + (hash2(x, y, seed) - 0.5) * 2 * grain;
      if (inside < 1.2) shade -= p.edgeTone * (1 - inside / 1.2);
      if (rule > 0 && mx > ruleLeft && mx < ruleRight) shade -= rule;
      let a = mask[i];
      if (a > 0.002) {
        // Feathered edges and uneven density: the ink soaks into the skin unevenly.
        const edge = a + edgeRow[x] * 0.5 * a * (1 - a) * 2.4;
        a = edge < 0 ? 0 : edge > 1 ? 1 : edge;
        a *= 1 - patch * (0.5 + 0.5 * inkRow[x]);
      }
      const r = pr * shade;
      const g = pg * shade;
      const b = pb * shade * (inside < 1.2 ? 1 - p.edgeTone * 0.6 * (1 - inside / 1.2) : 1);
      const o = i * 4;
      out[o] = r + (ir - r) * a;
      out[o + 1] = g + (ig - g) * a;
      out[o + 2] = b + (ib - b) * a;
      out[o + 3] = alpha >= 1 ? 255 : alpha * 255;
    }
  };
  for (let y = 0; y < height; y++) row(y);
  applyStains(scroll, pxPerMm, width, height, out);
  return { data: out, width, height, pxPerMm };
}

function applyStains(scroll: Scroll, pxPerMm: number, width: number, height: number, out: Uint8ClampedArray): void {
  for (const stain of scroll.parchment.stains) {
    const reach = Math.max(stain.rx, stain.ry) * (stain.kind === 'ring' ? 1.3 : 1.6);
    const x0 = Math.max(0, Math.floor((stain.x - reach) * pxPerMm));
    const x1 = Math.min(width - 1, Math.ceil((stain.x + reach) * pxPerMm));
    const y0 = Math.max(0, Math.floor((stain.y - reach) * pxPerMm));
    const y1 = Math.min(height - 1, Math.ceil((stain.y + reach) * pxPerMm));
    const cos = Math.cos(stain.angle);
    const sin = Math.sin(stain.angle);
    const seed = (scroll.parchment.textureSeed + Math.round(stain.x * 1000)) | 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const o = (y * width + x) * 4;
        if (out[o + 3] === 0) continue;
        const dx = (x + 0.5) / pxPerMm - stain.x;
        const dy = (y + 0.5) / pxPerMm - stain.y;
        const u = (dx * cos + dy * sin) / stain.rx;
        const v = (-dx * sin + dy * cos) / stain.ry;
        // A wobbly outline, as liquid leaves.
        const r = Math.sqrt(u * u + v * v) * (1 + 0.25 * fbm(u * 2, v * 2, 1, 2, seed));
        let w: number;
        if (stain.kind === 'ring') {
          const d = (r - 1) / 0.06;
          w = Math.exp(-d * d) + (r < 1 ? 0.25 : 0);
        } else {
          w = r < 1 ? 1 - r * r * (3 - 2 * r) : 0;
        }
        if (w <= 0.003) continue;
        const k = w * stain.strength * (stain.kind === 'fox' ? 3 : 1);
        out[o] *= 1 - k * (1 - stain.rgb[0]) * 4;
        out[o + 1] *= 1 - k * (1 - stain.rgb[1]) * 4;
        out[o + 2] *= 1 - k * (1 - stain.rgb[2]) * 4;
      }
    }
  }
}
