// Letter outlines from the installed web fonts, parsed with opentype.js so the
// generator draws every letter as an SVG path: librsvg then needs no system
// fonts, and a fresh machine without Hebrew fonts renders the same pixels.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import type { Font } from 'opentype.js';

const require = createRequire(import.meta.url);

/** The fonts the generator may draw with, by the name scribes and documents refer to. */
export const FONT_FILES = {
  'frank-ruhl-700': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-hebrew-700-normal.woff',
  'frank-ruhl-900': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-hebrew-900-normal.woff',
  'noto-serif-700': '@fontsource/noto-serif-hebrew/files/noto-serif-hebrew-hebrew-700-normal.woff',
  'noto-serif-900': '@fontsource/noto-serif-hebrew/files/noto-serif-hebrew-hebrew-900-normal.woff',
  'noto-sans-hebrew-400': '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff',
  'frank-ruhl-latin-400': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-latin-400-normal.woff',
  'frank-ruhl-latin-700': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-latin-700-normal.woff',
  'noto-sans-latin-400': '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-latin-400-normal.woff',
} as const;

export type FontName = keyof typeof FONT_FILES;

/** The Hebrew faces a scribe's hand is modelled on: heavy serif faces, closest to a broad-nib STaM hand. */
export const SCRIBE_FONTS: readonly FontName[] = ['frank-ruhl-900', 'frank-ruhl-700', 'noto-serif-900', 'noto-serif-700'];

export type GlyphOutline = {
  readonly char: string;
  /** SVG path data in font units, y pointing down, origin on the baseline at the glyph's left side bearing origin. */
  readonly pathData: string;
  readonly advance: number;
  /** Ink bounding box in font units, y down (top is negative above the baseline). */
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
};

export type GlyphSet = {
  readonly name: FontName;
  readonly unitsPerEm: number;
  /** Height of ה in font units: the body height every letter is scaled against. */
  readonly letterHeight: number;
  glyph(char: string): GlyphOutline;
};

const loaded = new Map<FontName, GlyphSet>();

function formatNumber(value: number): string {
  // opentype.js's own toPathData sometimes prints NaN for valid coordinates; format ourselves.
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function outline(font: Font, char: string): GlyphOutline {
  const glyph = font.charToGlyph(char);
  const path = glyph.getPath(0, 0, font.unitsPerEm);
  const parts: string[] = [];
  for (const c of path.commands) {
    if (c.type === 'Z') parts.push('Z');
    else if (c.type === 'M' || c.type === 'L') parts.push(`${c.type}${formatNumber(c.x)} ${formatNumber(c.y)}`);
    else if (c.type === 'Q') parts.push(`Q${formatNumber(c.x1)} ${formatNumber(c.y1)} ${formatNumber(c.x)} ${formatNumber(c.y)}`);
    else if (c.type === 'C') parts.push(`C${formatNumber(c.x1)} ${formatNumber(c.y1)} ${formatNumber(c.x2)} ${formatNumber(c.y2)} ${formatNumber(c.x)} ${formatNumber(c.y)}`);
  }
  const box = path.commands.length > 0 ? path.getBoundingBox() : { x1: 0, y1: 0, x2: 0, y2: 0 };
  return { char, pathData: parts.join(''), advance: glyph.advanceWidth, left: box.x1, top: box.y1, right: box.x2, bottom: box.y2 };
}

/** Parses a font once per process; outlines are cached per character. */
export function loadGlyphSet(name: FontName): GlyphSet {
  const cached = loaded.get(name);
  if (cached) return cached;
  const bytes = fs.readFileSync(require.resolve(FONT_FILES[name]));
  const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const outlines = new Map<string, GlyphOutline>();
  const glyph = (char: string): GlyphOutline => {
    let found = outlines.get(char);
    if (!found) {
      found = outline(font, char);
      outlines.set(char, found);
    }
    return found;
  };
  const he = glyph('ה');
  const set: GlyphSet = {
    name,
    unitsPerEm: font.unitsPerEm,
    letterHeight: he.bottom - he.top > 0 ? he.bottom - he.top : font.unitsPerEm * 0.6,
    glyph,
  };
  loaded.set(name, set);
  return set;
}
