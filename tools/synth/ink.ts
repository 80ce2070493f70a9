// Lays the ink of a scroll into a coverage mask. Each letter form is drawn once
// into an atlas (librsvg, from the font's outline), then every one of the 713
// letters is resampled from it through its own affine map, bent by a smooth
// displacement field, thickened or thinned by its stroke weight. Resampling in
// JS costs a few tens of nanoseconds per inked pixel, several times less than
// asking librsvg to fill 713 transformed outlines at the output resolution.

import sharp from 'sharp';
import { drawJoins, wobbleOf } from './error-ink.ts';
import { loadGlyphSet } from './glyphs.ts';
import type { FontName, GlyphSet } from './glyphs.ts';
import { sampleField } from './raster.ts';
import type { Field } from './raster.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import type { Scroll } from './scroll.ts';
import { drawSegment } from './segment.ts';

type AtlasCell = {
  /** Atlas pixel of the glyph's origin (baseline, left side bearing). */
  readonly originX: number;
  readonly originY: number;
  /** The cell's bounds in the atlas (sampling outside reads nothing). */
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
};

type Atlas = {
  readonly coverage: Float32Array;
  readonly width: number;
  readonly height: number;
  /** Atlas pixels per font unit. */
  readonly scale: number;
  readonly cells: ReadonlyMap<string, AtlasCell>;
};

const FORMS = [...'אבגדהוזחטיכךלמםנןסעפףצץקרשת'];
const atlases = new Map<string, Promise<Atlas>>();

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

async function buildAtlas(font: FontName, scale: number): Promise<Atlas> {
  const glyphs = loadGlyphSet(font);
  const pad = 3;
  const cells = new Map<string, AtlasCell>();
  const parts: string[] = [];
  const columns = 7;
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  FORMS.forEach((char, i) => {
    const g = glyphs.glyph(char);
    const w = Math.ceil((g.right - g.left) * scale) + 2 * pad;
    const h = Math.ceil((g.bottom - g.top) * scale) + 2 * pad;
    if (i % columns === 0 && i > 0) {
      y += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    const originX = x + pad - g.left * scale;
    const originY = y + pad - g.top * scale;
    cells.set(char, { originX, originY, x0: x, y0: y, x1: x + w - 1, y1: y + h - 1 });
    parts.push(`<path transform="matrix(${scale} 0 0 ${scale} ${originX} ${originY})" d="${g.pathData}"/>`);
    x += w;
    width = Math.max(width, x);
    rowHeight = Math.max(rowHeight, h);
  });
  const height = y + rowHeight;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#000"/><g fill="#fff">${parts.join('')}</g></svg>`;
  // A slight blur widens the edge ramp, so a letter's weight can move its edge by shifting a threshold.
  const data = await sharp(Buffer.from(svg)).extractChannel(0).blur(0.6).raw().toBuffer();
  const coverage = new Float32Array(width * height);
  for (let i = 0; i < coverage.length; i++) coverage[i] = data[i] / 255;
  return { coverage, width, height, scale, cells };
}

/** The atlas for a font at about `scale` atlas pixels per font unit (scales are bucketed so atlases are reused). */
function atlasFor(font: FontName, scale: number): Promise<Atlas> {
  const bucket = Math.pow(2, Math.ceil(Math.log2(scale) * 4) / 4);
  const key = `${font}@${bucket}`;
  let atlas = atlases.get(key);
  if (!atlas) {
    if (atlases.size > 24) atlases.clear();
    atlas = buildAtlas(font, bucket);
    atlases.set(key, atlas);
  }
  return atlas;
}

/** Antialiased filled disc. */
function drawDisc(mask: Float32Array, width: number, height: number, cx: number, cy: number, r: number, value: number): void {
  drawSegment(mask, width, height, cx, cy, cx, cy, r, value);
}

/** The three tagin of a crowned letter: thin strokes rising from its head, each topped with a blob. */
function drawCrown(mask: Float32Array, width: number, height: number, scroll: Scroll, index: number, pxPerMm: number, rnd: Random, glyphs: GlyphSet): void {
  const letter = scroll.letters[index];
  const t = letter.transform;
  const { letterHeight } = glyphs;
  const g = glyphs.glyph(letter.char);
  const anchor = g.left + (g.right - g.left) * (CROWN_ANCHOR[letter.char] ?? 0.5);
  const topY = -letterHeight * 0.98;
  const map = (gx: number, gy: number): [number, number] => [(t[0] * gx + t[2] * gy + t[4]) * pxPerMm, (t[1] * gx + t[3] * gy + t[5]) * pxPerMm];
  const unit = (letterHeight * scroll.ink.crownScale * rnd.uniform(0.85, 1.15)) / (letter.large ? 1.4 : 1);
  const scale = Math.sqrt(Math.abs(t[0] * t[3] - t[1] * t[2])) * pxPerMm;
  const spacing = unit * rnd.uniform(0.32, 0.42);
  for (let i = -1; i <= 1; i++) {
    const rise = unit * rnd.uniform(0.65, 0.85);
    const lean = i * unit * rnd.uniform(0.15, 0.3);
    const baseX = anchor + i * spacing;
    const [x0, y0] = map(baseX, topY + unit * 0.2);
    const [x1, y1] = map(baseX + lean, topY - rise);
    drawSegment(mask, width, height, x0, y0, x1, y1, Math.max(0.35, unit * 0.09 * scale), letter.ink);
    drawDisc(mask, width, height, x1, y1, Math.max(0.45, unit * rnd.uniform(0.12, 0.17) * scale), letter.ink);
  }
}

type LetterJob = {
  readonly atlas: Atlas;
  readonly mask: Float32Array;
  readonly width: number;
  readonly height: number;
  readonly pxPerMm: number;
  readonly wobbleX: Field;
  readonly wobbleY: Field;
  readonly wobble: number;
  /** Scratch rows for the sampled displacement (zero when there is no wobble). */
  readonly shiftX: Float32Array;
  readonly shiftY: Float32Array;
  /** When asked for: which letter (position in `scroll.letters`, plus 1) laid the ink a pixel shows most of, where it covers half the pixel or more; 0 for none. */
  readonly owners: Int32Array | null;
};

/** Resamples one letter from the atlas into the mask. */
function drawLetter(job: LetterJob, scroll: Scroll, index: number, cell: AtlasCell, extraTop: number): void {
  const { atlas, mask, width, height, pxPerMm, wobbleX, wobbleY, wobble, owners } = job;
  const letter = scroll.letters[index];
  const t = letter.transform;
  // Output pixel → mm → font units → atlas pixel.
  const det = t[0] * t[3] - t[1] * t[2];
  const ia = t[3] / det;
  const ib = -t[1] / det;
  const ic = -t[2] / det;
  const id = t[0] / det;
  const s = atlas.scale / pxPerMm;
  const ax = ia * s;
  const bx = ic * s;
  const ay = ib * s;
  const by = id * s;
  const cx = cell.originX - (ia * t[4] + ic * t[5]) * atlas.scale;
  const cy = cell.originY - (ib * t[4] + id * t[5]) * atlas.scale;
  const weightPx = letter.weightMm * pxPerMm;
  const shift = Math.min(0.45, 0.35 * weightPx);
  const margin = wobble + 2;
  const left = Math.max(0, Math.floor(letter.box.x * pxPerMm - margin));
  const right = Math.min(width - 1, Math.ceil((letter.box.x + letter.box.width) * pxPerMm + margin));
  const top = Math.max(0, Math.floor((letter.box.y - extraTop) * pxPerMm - margin));
  const bottom = Math.min(height - 1, Math.ceil((letter.box.y + letter.box.height) * pxPerMm + margin));
  const cov = atlas.coverage;
  const aw = atlas.width;
  const ink = letter.ink;
  const inv = 1 / pxPerMm;
  // The displacement is smooth over half a letter: sampled every `step` pixels along a row, interpolated between.
  const step = 4;
  const samples = Math.ceil((right - left) / step) + 2;
  const shiftX = job.shiftX.length >= samples ? job.shiftX : new Float32Array(samples);
  const shiftY = job.shiftY.length >= samples ? job.shiftY : new Float32Array(samples);
  for (let y = top; y <= bottom; y++) {
    const my = (y + 0.5) * inv;
    if (wobble > 0) {
      for (let n = 0; n < samples; n++) {
        const mx = (left + n * step + 0.5) * inv;
        shiftX[n] = sampleField(wobbleX, mx, my) * wobble;
        shiftY[n] = sampleField(wobbleY, mx, my) * wobble;
      }
    }
    for (let x = left; x <= right; x++) {
      // Bend the stroke: displace where this pixel reads the letter from.
      const along = (x - left) / step;
      const n = along | 0;
      const f = along - n;
      const px = x + 0.5 + shiftX[n] + (shiftX[n + 1] - shiftX[n]) * f;
      const py = y + 0.5 + shiftY[n] + (shiftY[n + 1] - shiftY[n]) * f;
      const sx = ax * px + bx * py + cx - 0.5;
      const sy = ay * px + by * py + cy - 0.5;
      if (sx < cell.x0 || sy < cell.y0 || sx >= cell.x1 || sy >= cell.y1) continue;
      const i = sx | 0;
      const j = sy | 0;
      const fx = sx - i;
      const fy = sy - j;
      const k = j * aw + i;
      const c0 = cov[k] + (cov[k + 1] - cov[k]) * fx;
      const c1 = cov[k + aw] + (cov[k + aw + 1] - cov[k + aw]) * fx;
      let c = c0 + (c1 - c0) * fy;
      if (c <= 0.01) continue;
      // Re-sharpen the atlas's soft edge around a threshold moved by the stroke weight.
      c = (c - 0.5 + shift) * 1.6 + 0.5;
      if (c <= 0) continue;
      const v = (c >= 1 ? 1 : c) * ink;
      const o = y * width + x;
      if (v > mask[o]) {
        mask[o] = v;
        if (owners && c >= 0.5) owners[o] = index + 1;
      }
    }
  }
}

/** The ink a crowned letter's tagin added to the mask (pixels that grew in its box), owned by the letter. */
function ownCrown(mask: Float32Array, before: Float32Array, owners: Int32Array, width: number, x0: number, y0: number, x1: number, y1: number, owner: number): void {
  for (let y = y0, k = 0; y <= y1; y++) for (let x = x0; x <= x1; x++, k++) if (mask[y * width + x] > before[k]) owners[y * width + x] = owner;
}

/**
 * Ink coverage (times darkness) of the whole scroll at `pxPerMm`, 0..1 per
 * pixel. With `owners` (width × height), each pixel also gets the letter that
 * laid most of its ink (position plus 1), for ink-contacts.ts.
 */
export async function rasterizeInk(
  scroll: Scroll,
  pxPerMm: number,
  width: number,
  height: number,
  wobbleX: Field,
  wobbleY: Field,
  owners: Int32Array | null = null,
): Promise<Float32Array> {
  const glyphs = loadGlyphSet(scroll.font);
  const letterPx = scroll.letterHeightMm * pxPerMm;
  // Atlas a little finer than the letters' usual size, so most letters are minified slightly.
  const atlas = await atlasFor(scroll.font, ((letterPx * 1.3) / glyphs.letterHeight));
  const mask = new Float32Array(width * height);
  const scratch = Math.ceil((scroll.letterHeightMm * 4 * pxPerMm) / 4) + 8;
  const job: LetterJob = {
    atlas,
    mask,
    width,
    height,
    pxPerMm,
    wobbleX,
    wobbleY,
    wobble: wobbleOf(scroll, pxPerMm),
    shiftX: new Float32Array(scratch),
    shiftY: new Float32Array(scratch),
    owners,
  };
  const rnd = createRandom(scroll.seed ^ 0x7a91);
  const crownHeight = scroll.letterHeightMm * scroll.ink.crownScale * 1.3;
  for (let index = 0; index < scroll.letters.length; index++) {
    const letter = scroll.letters[index];
    drawLetter(job, scroll, index, atlas.cells.get(letter.char)!, letter.crowned ? crownHeight : 0);
    // Keyed by the text's letter, not the position: a letter left out or added elsewhere leaves every other crown as it was.
    if (!letter.crowned) continue;
    if (!owners) {
      drawCrown(mask, width, height, scroll, index, pxPerMm, rnd.fork(letter.index), glyphs);
      continue;
    }
    // The tagin rise above the letter's box by at most the crown height, and lean no further than a letter height either side.
    const reach = scroll.letterHeightMm * pxPerMm;
    const x0 = Math.max(0, Math.floor(letter.box.x * pxPerMm - reach));
    const x1 = Math.min(width - 1, Math.ceil((letter.box.x + letter.box.width) * pxPerMm + reach));
    const y0 = Math.max(0, Math.floor((letter.box.y - crownHeight) * pxPerMm - reach));
    const y1 = Math.min(height - 1, Math.ceil((letter.box.y + letter.box.height) * pxPerMm));
    const before = new Float32Array((x1 - x0 + 1) * (y1 - y0 + 1));
    for (let y = y0, k = 0; y <= y1; y++) for (let x = x0; x <= x1; x++, k++) before[k] = mask[y * width + x];
    drawCrown(mask, width, height, scroll, index, pxPerMm, rnd.fork(letter.index), glyphs);
    ownCrown(mask, before, owners, width, x0, y0, x1, y1, index + 1);
  }
  if (scroll.errors) drawJoins(scroll, mask, width, height, pxPerMm, wobbleX, wobbleY);
  for (const blot of scroll.ink.blots) drawDisc(mask, width, height, blot.x * pxPerMm, blot.y * pxPerMm, blot.radiusMm * pxPerMm, blot.darkness);
  return mask;
}
