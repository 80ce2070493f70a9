// Where a letter form's strokes are, found on its outline filled into a small
// bitmap (synchronously, without librsvg) at one fixed size whatever the photo's:
// where a stroke can be cut so the letter breaks in two (a broken letter), and
// at which heights two letters face each other closely enough for a stroke of
// one to reach the other (touching letters). Fixed size, so a scroll's error
// falls on the same stroke in every photo of it. Results are in font units
// (y down, origin on the baseline), cached per face and form.

import { loadGlyphSet } from './glyphs.ts';
import type { FontName, GlyphOutline } from './glyphs.ts';
import { CROWNED_LETTERS } from './mezuzah-text.ts';

/** Bitmap pixels per letter body height: fine enough for a stroke to be several pixels wide. */
const BODY_PX = 64;
/** The gap a cut leaves and how far beyond the stroke it reaches, in letter heights. */
export const CUT_REACH = 0.14;
/**
 * A cut must leave the smaller piece at least this share of the stroke's own
 * ink, or of the whole letter's when that is less: a break, not a chipped tip.
 */
const MIN_PIECE = 0.3;
const MIN_PIECE_OF_LETTER = 0.12;
/** Widest stroke crossing a cut may cross, in letter heights (wider is a blob or a join, not a stroke). */
const MAX_STROKE = 0.4;
/** A crowned letter is not cut in its head (above this height, in letter heights): the crowns' stems would join the pieces again. */
const CROWN_CLEAR = 0.5;

type Bitmap = {
  readonly width: number;
  readonly height: number;
  /** Bitmap pixels per font unit, and the font units of pixel (0, 0)'s corner. */
  readonly scale: number;
  readonly left: number;
  readonly top: number;
  readonly ink: Uint8Array;
};

/** A cut across one stroke, in the form's font units: a segment from one side of the stroke to the other, reaching CUT_REACH beyond. */
export type StrokeCut = { readonly from: readonly [number, number]; readonly to: readonly [number, number] };

/** A height at which a right letter's left side and a left letter's right side face each other, and where each one's facing stroke is centred there. */
export type FacingRow = { readonly y: number; readonly rightX: number; readonly leftX: number; readonly distance: number };

type Point = readonly [number, number];

/** The outline as closed polylines (curves flattened). */
function polygons(g: GlyphOutline): Point[][] {
  const rings: Point[][] = [];
  let ring: Point[] = [];
  let at: Point = [0, 0];
  for (const [, command, args] of g.pathData.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
    const n = args.trim() === '' ? [] : args.trim().split(/\s+/).map(Number);
    if (command === 'M') {
      if (ring.length > 2) rings.push(ring);
      ring = [(at = [n[0], n[1]])];
    } else if (command === 'L') ring.push((at = [n[0], n[1]]));
    else if (command === 'Q') {
      const [x0, y0] = at;
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        ring.push([u * u * x0 + 2 * u * t * n[0] + t * t * n[2], u * u * y0 + 2 * u * t * n[1] + t * t * n[3]]);
      }
      at = [n[2], n[3]];
    } else if (command === 'C') {
      const [x0, y0] = at;
      for (let i = 1; i <= 12; i++) {
        const t = i / 12;
        const u = 1 - t;
        ring.push([
          u * u * u * x0 + 3 * u * u * t * n[0] + 3 * u * t * t * n[2] + t * t * t * n[4],
          u * u * u * y0 + 3 * u * u * t * n[1] + 3 * u * t * t * n[3] + t * t * t * n[5],
        ]);
      }
      at = [n[4], n[5]];
    } else if (command === 'Z') {
      if (ring.length > 2) rings.push(ring);
      ring = [];
    }
  }
  if (ring.length > 2) rings.push(ring);
  return rings;
}

/** The outline filled by the non-zero rule, sampled at pixel centres. */
function fill(g: GlyphOutline, letterHeight: number): Bitmap {
  const scale = BODY_PX / letterHeight;
  const pad = 6;
  const left = g.left - pad / scale;
  const top = g.top - pad / scale;
  const width = Math.ceil((g.right - g.left) * scale) + 2 * pad;
  const height = Math.ceil((g.bottom - g.top) * scale) + 2 * pad;
  const ink = new Uint8Array(width * height);
  const edges = polygons(g).flatMap((ring) => ring.map((p, i) => [p, ring[(i + 1) % ring.length]] as const));
  const crossings: { x: number; dir: number }[] = [];
  for (let r = 0; r < height; r++) {
    const y = top + (r + 0.5) / scale;
    crossings.length = 0;
    for (const [[x0, y0], [x1, y1]] of edges) {
      if (y0 === y1 || y < Math.min(y0, y1) || y >= Math.max(y0, y1)) continue;
      crossings.push({ x: x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), dir: y1 > y0 ? 1 : -1 });
    }
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      winding += crossings[i].dir;
      if (winding === 0) continue;
      const c0 = Math.max(0, Math.ceil((crossings[i].x - left) * scale - 0.5));
      const c1 = Math.min(width - 1, Math.floor((crossings[i + 1].x - left) * scale - 0.5));
      for (let c = c0; c <= c1; c++) ink[r * width + c] = 1;
    }
  }
  return { width, height, scale, left, top, ink };
}

/** 8-connected components of the ink: a label per pixel (0 for none), and each label's size. */
function components(ink: Uint8Array, width: number, height: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(ink.length);
  const sizes = [0];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || labels[start]) continue;
    const label = sizes.length;
    let size = 0;
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      size++;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (ink[j] && !labels[j]) {
            labels[j] = label;
            stack.push(j);
          }
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

const bitmaps = new Map<string, Bitmap>();

function bitmapOf(font: FontName, char: string): Bitmap {
  const key = `${font}:${char}`;
  let bitmap = bitmaps.get(key);
  if (!bitmap) {
    const glyphs = loadGlyphSet(font);
    bitmaps.set(key, (bitmap = fill(glyphs.glyph(char), glyphs.letterHeight)));
  }
  return bitmap;
}

/**
 * Whether erasing the band splits the stroke it crosses into two real pieces:
 * `across(t, s)` gives the bitmap index at position t along the cut and s along
 * the stroke; the band spans [a0, a1] along and [s0, s1] across.
 */
function splits(b: Bitmap, at: (t: number, s: number) => number, a0: number, a1: number, s0: number, s1: number, base: { labels: Int32Array; sizes: number[] }): boolean {
  let label = 0;
  for (let s = s0; s <= s1; s++) {
    // Along each line of the band: one run of ink, ending inside the band (the stroke, and nothing else).
    let first = -1;
    let last = -1;
    let runs = 0;
    for (let t = a0; t <= a1; t++) {
      const i = at(t, s);
      if (i < 0 || !b.ink[i]) continue;
      if (last !== t - 1) runs++;
      if (first < 0) first = t;
      last = t;
      if (label === 0) label = base.labels[i];
      else if (base.labels[i] !== label) return false;
    }
    if (runs > 1 || first === a0 || last === a1) return false;
  }
  if (label === 0) return false;
  const cut = b.ink.slice();
  for (let s = s0; s <= s1; s++) for (let t = a0; t <= a1; t++) if (at(t, s) >= 0) cut[at(t, s)] = 0;
  const after = components(cut, b.width, b.height);
  const pieces = new Map<number, number>();
  for (let i = 0; i < cut.length; i++) if (base.labels[i] === label && after.labels[i]) pieces.set(after.labels[i], (pieces.get(after.labels[i]) ?? 0) + 1);
  const sizes = [...pieces.values()].sort((x, y) => y - x);
  const letter = base.sizes.reduce((sum, n) => sum + n, 0);
  return sizes.length >= 2 && sizes[1] >= Math.min(MIN_PIECE * base.sizes[label], MIN_PIECE_OF_LETTER * letter);
}

/** How much thicker ink comes out than the outline (the stroke's weight, the nib, the bleed), in letter heights. */
const THICKENING = 0.025;

/** The bitmap with every stroke thickened as rendering thickens it: letters that merely come close in the outline touch here. */
function thickened(b: Bitmap): Bitmap {
  const r = Math.round(THICKENING * BODY_PX);
  const ink = new Uint8Array(b.ink.length);
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      if (!b.ink[y * b.width + x]) continue;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (dx * dx + dy * dy <= r * r && nx >= 0 && ny >= 0 && nx < b.width && ny < b.height) ink[ny * b.width + nx] = 1;
        }
      }
    }
  }
  return { ...b, ink };
}

const cutCache = new Map<string, readonly StrokeCut[]>();

/** Every place a stroke of the form can be cut so that the letter breaks in two, in font units. */
export function strokeCuts(font: FontName, char: string): readonly StrokeCut[] {
  const key = `${font}:${char}`;
  const cached = cutCache.get(key);
  if (cached) return cached;
  const b = thickened(bitmapOf(font, char));
  const base = components(b.ink, b.width, b.height);
  const crowned = CROWNED_LETTERS.has(char);
  const { letterHeight } = loadGlyphSet(font);
  const reach = Math.round(CUT_REACH * BODY_PX);
  const half = Math.round(0.05 * BODY_PX);
  const widest = MAX_STROKE * BODY_PX;
  const cuts: StrokeCut[] = [];
  const fu = (px: number, origin: number): number => origin + (px + 0.5) / b.scale;
  // Runs across each row cross upright strokes (the cut is a horizontal band); runs down each column cross level ones.
  for (const rows of [true, false]) {
    const lines = rows ? b.height : b.width;
    const length = rows ? b.width : b.height;
    const at = rows
      ? (t: number, s: number): number => (t < 0 || s < 0 || t >= b.width || s >= b.height ? -1 : s * b.width + t)
      : (t: number, s: number): number => (t < 0 || s < 0 || t >= b.height || s >= b.width ? -1 : t * b.width + s);
    for (let s = half; s < lines - half; s += 2) {
      let t = 0;
      while (t < length) {
        if (at(t, s) < 0 || !b.ink[at(t, s)]) {
          t++;
          continue;
        }
        const start = t;
        while (t < length && b.ink[at(t, s)]) t++;
        const end = t - 1;
        if (end - start + 1 > widest || !splits(b, at, start - reach, end + reach, s - half, s + half, base)) continue;
        const [a, z] = [start - reach, end + reach];
        const cut: StrokeCut = rows
          ? { from: [fu(a, b.left), fu(s, b.top)], to: [fu(z, b.left), fu(s, b.top)] }
          : { from: [fu(s, b.left), fu(a, b.top)], to: [fu(s, b.left), fu(z, b.top)] };
        if (crowned && Math.min(cut.from[1], cut.to[1]) < -CROWN_CLEAR * letterHeight) continue;
        cuts.push(cut);
      }
    }
  }
  cutCache.set(key, cuts);
  return cuts;
}

/** Whether the form has a stroke that can be cut in two (every form but the smallest has). */
export function canBreak(font: FontName, char: string): boolean {
  return strokeCuts(font, char).length > 0;
}

/**
 * Heights in the letter body at which `right` (written first) and `left` face
 * each other: for each, the centre of the stroke nearest the other letter, and
 * how far in from each glyph's side those strokes stand (`distance`, font
 * units, the two summed): the nearest rows are where a pen would join them.
 */
export function facingRows(font: FontName, right: string, left: string): readonly FacingRow[] {
  const glyphs = loadGlyphSet(font);
  const a = bitmapOf(font, right);
  const b = bitmapOf(font, left);
  const ga = glyphs.glyph(right);
  const gb = glyphs.glyph(left);
  const h = glyphs.letterHeight;
  const rows: FacingRow[] = [];
  const run = (bm: Bitmap, y: number, fromLeft: boolean): [number, number] | null => {
    const r = Math.floor((y - bm.top) * bm.scale);
    if (r < 0 || r >= bm.height) return null;
    const row = r * bm.width;
    const step = fromLeft ? 1 : -1;
    let c = fromLeft ? 0 : bm.width - 1;
    while (c >= 0 && c < bm.width && !bm.ink[row + c]) c += step;
    if (c < 0 || c >= bm.width) return null;
    const start = c;
    while (c >= 0 && c < bm.width && bm.ink[row + c]) c += step;
    return [bm.left + (start + 0.5) / bm.scale, bm.left + (c - step + 0.5) / bm.scale];
  };
  for (let y = -0.92 * h; y <= -0.08 * h; y += 1 / a.scale) {
    const ra = run(a, y, true);
    const rb = run(b, y, false);
    if (!ra || !rb) continue;
    rows.push({ y, rightX: (ra[0] + ra[1]) / 2, leftX: (rb[0] + rb[1]) / 2, distance: ra[0] - ga.left + (gb.right - rb[0]) });
  }
  return rows;
}
