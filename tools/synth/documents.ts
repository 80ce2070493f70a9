// Printed pages that are not mezuzot: a Latin text, or Hebrew prose set in
// paragraphs and columns. The engine must call them invalid, so they share the
// scroll's photographic pipeline and differ only in what is written.

import sharp from 'sharp';
import type { Sheet } from './shot.ts';
import { loadGlyphSet } from './glyphs.ts';
import type { FontName } from './glyphs.ts';
import { fbm, hash2, makeField, rowSampler } from './raster.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import type { SheetTexture } from './render-scroll.ts';

export type DocumentKind = 'latin' | 'hebrew_print';

const LATIN_WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum'.split(
    ' ',
  );

// Everyday Hebrew prose vocabulary (not the mezuzah's words, so no line can pass for one of its lines).
const HEBREW_WORDS =
  'הבית הספר העיר הילדים היום מחר אתמול שלום תודה בבקשה עבודה משפחה חברים מכתב עיתון חדשות מזג האוויר גשם שמש קיץ חורף אוכל ארוחה בוקר ערב לילה רחוב חנות שוק כסף מחיר זמן שעה דקה שבוע חודש שנה מורה תלמיד שיעור מבחן ספרייה מחשב טלפון רכב אוטובוס רכבת נסיעה ים הרים עצים פרחים גינה מטבח חלון דלת שולחן כיסא קפה תה מים לחם גבינה פירות ירקות שמחה חג מסיבה מוזיקה שיר סיפור תמונה צבע כחול ירוק אדום לבן גדול קטן חדש ישן יפה טוב'.split(
    ' ',
  );

type Word = { readonly text: string; readonly width: number };

function sentence(rnd: Random, words: readonly string[], latin: boolean): string[] {
  const count = rnd.int(6, 16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(rnd.pick(words));
  if (latin) out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  if (rnd.chance(0.25) && count > 8) out[rnd.int(2, count - 3)] += ',';
  out[count - 1] += '.';
  return out;
}

/** A page of printed text: paper size, font, paragraphs and columns drawn from the seed. */
export function makeDocument(kind: DocumentKind, seed: number): Sheet {
  const rnd = createRandom(seed);
  const latin = kind === 'latin';
  const [widthMm, heightMm] = rnd.pick([
    [148, 210],
    [105, 148],
    [210, 297],
    [120, 180],
  ]);
  const font: FontName = latin ? rnd.pick<FontName>(['frank-ruhl-latin-400', 'noto-sans-latin-400']) : rnd.pick<FontName>(['noto-sans-hebrew-400', 'frank-ruhl-700']);
  const columns = !latin && widthMm >= 148 && rnd.chance(0.5) ? 2 : 1;
  const margin = widthMm * rnd.uniform(0.08, 0.13);
  const size = (widthMm / 148) * rnd.uniform(3.2, 4.4); // em, mm: 9–12 pt on A5
  const leading = size * rnd.uniform(1.25, 1.5);
  const paper: [number, number, number] = [rnd.int(236, 250), rnd.int(236, 248), rnd.int(228, 244)];
  const ink = rnd.int(15, 60);
  const texts = latin ? LATIN_WORDS : HEBREW_WORDS;
  const paragraphs: string[][] = [];
  for (let p = 0; p < 12; p++) {
    const words: string[] = [];
    const sentences = rnd.int(2, 5);
    for (let s = 0; s < sentences; s++) words.push(...sentence(rnd, texts, latin));
    paragraphs.push(words);
  }
  const title = sentence(rnd, texts, latin).slice(0, rnd.int(2, 4));
  const seedForTexture = rnd.int(0, 2 ** 30);
  return {
    widthMm,
    heightMm,
    render: (pxPerMm) => renderDocument({ widthMm, heightMm, font, columns, margin, size, leading, paper, ink, paragraphs, title, latin, seed: seedForTexture }, pxPerMm),
  };
}

type Layout = {
  readonly widthMm: number;
  readonly heightMm: number;
  readonly font: FontName;
  readonly columns: number;
  readonly margin: number;
  readonly size: number;
  readonly leading: number;
  readonly paper: readonly [number, number, number];
  readonly ink: number;
  readonly paragraphs: readonly (readonly string[])[];
  readonly title: readonly string[];
  readonly latin: boolean;
  readonly seed: number;
};

function fmt(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}

function textSvg(layout: Layout, pxPerMm: number, width: number, height: number): string {
  const glyphs = loadGlyphSet(layout.font);
  const used = new Set<string>();
  const body: string[] = [];
  const em = glyphs.unitsPerEm;
  const measure = (text: string, size: number): Word => ({ text, width: [...text].reduce((w, ch) => w + (glyphs.glyph(ch).advance / em) * size, 0) });
  const place = (text: string, x: number, baseline: number, size: number): void => {
    // Letters in reading order: left to right for Latin, right to left for Hebrew.
    let cursor = x;
    for (const ch of text) {
      const g = glyphs.glyph(ch);
      const advance = (g.advance / em) * size;
      const left = layout.latin ? cursor : cursor - advance;
      if (g.pathData) {
        used.add(ch);
        const k = (size / em) * pxPerMm;
        body.push(`<use xlink:href="#c${ch.codePointAt(0)}" transform="matrix(${fmt(k)} 0 0 ${fmt(k)} ${fmt(left * pxPerMm)} ${fmt(baseline * pxPerMm)})"/>`);
      }
      cursor = layout.latin ? cursor + advance : cursor - advance;
    }
  };
  const columnGap = layout.size * 2;
  const columnWidth = (layout.widthMm - 2 * layout.margin - (layout.columns - 1) * columnGap) / layout.columns;
  const space = measure(' ', layout.size).width;
  let column = 0;
  let y = layout.margin + layout.size * 2.2;
  const titleSize = layout.size * 1.6;
  place(layout.title.join(' '), layout.latin ? layout.margin : layout.widthMm - layout.margin, y - layout.size * 0.6, titleSize);
  y += layout.leading * 1.2;
  const bottom = layout.heightMm - layout.margin;
  const top = y;
  outer: for (const paragraph of layout.paragraphs) {
    const words = paragraph.map((w) => measure(w, layout.size));
    let line: Word[] = [];
    let lineWidth = 0;
    const flush = (last: boolean): boolean => {
      if (y > bottom) {
        column++;
        y = top;
        if (column >= layout.columns) return false;
      }
      const x0 = layout.margin + column * (columnWidth + columnGap);
      const natural = line.reduce((s, w) => s + w.width, 0);
      const gap = !last && line.length > 1 ? (columnWidth - natural) / (line.length - 1) : space;
      let cursor = layout.latin ? x0 : x0 + columnWidth;
      for (const w of line) {
        place(w.text, cursor, y, layout.size);
        cursor = layout.latin ? cursor + w.width + gap : cursor - w.width - gap;
      }
      y += layout.leading;
      return true;
    };
    for (const w of words) {
      if (line.length > 0 && lineWidth + space + w.width > columnWidth) {
        if (!flush(false)) break outer;
        line = [];
        lineWidth = 0;
      }
      lineWidth += (line.length > 0 ? space : 0) + w.width;
      line.push(w);
    }
    if (line.length > 0 && !flush(true)) break;
    y += layout.leading * 0.5;
  }
  const defs = [...used].map((ch) => `<path id="c${ch.codePointAt(0)}" d="${glyphs.glyph(ch).pathData}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#000"/><defs>${defs}</defs><g fill="#fff">${body.join('')}</g></svg>`
  );
}

async function renderDocument(layout: Layout, pxPerMm: number): Promise<SheetTexture> {
  const width = Math.max(8, Math.ceil(layout.widthMm * pxPerMm));
  const height = Math.max(8, Math.ceil(layout.heightMm * pxPerMm));
  const mask = await sharp(Buffer.from(textSvg(layout, pxPerMm, width, height))).extractChannel(0).raw().toBuffer();
  const data = new Uint8ClampedArray(width * height * 4);
  const fibres = makeField(layout.widthMm, layout.heightMm, 0.6, (x, y) => fbm(x, y, 2.5, 2, layout.seed) * 0.02 + fbm(x, y, 60, 2, layout.seed + 3) * 0.03);
  const inv = 1 / pxPerMm;
  const rows = rowSampler(fibres, width, 0.5 * inv, inv);
  const [pr, pg, pb] = layout.paper;
  const ink = layout.ink;
  const edge = (d: number): number => (d >= 1 ? 255 : d <= 0 ? 0 : d * 255);
  for (let y = 0; y < height; y++) {
    const shadeRow = rows.row((y + 0.5) * inv);
    paperRow(data, mask, shadeRow, y, width, height, pr, pg, pb, ink, layout.seed, edge);
  }
  return { data, width, height, pxPerMm };
}

function paperRow(
  data: Uint8ClampedArray,
  mask: Uint8Array,
  shadeRow: Float32Array,
  y: number,
  width: number,
  height: number,
  pr: number,
  pg: number,
  pb: number,
  ink: number,
  seed: number,
  edge: (d: number) => number,
): void {
  const dy = Math.min(y + 0.5, height - y - 0.5);
  for (let x = 0; x < width; x++) {
    const i = y * width + x;
    const a = mask[i] / 255;
    const shade = 1 + shadeRow[x] + (hash2(x, y, seed) - 0.5) * 0.02;
    const o = i * 4;
    data[o] = pr * shade * (1 - a) + ink * a;
    data[o + 1] = pg * shade * (1 - a) + ink * a;
    data[o + 2] = pb * shade * (1 - a) + ink * a;
    data[o + 3] = edge(Math.min(dy, x + 0.5, width - x - 0.5) - 0.5);
  }
}
