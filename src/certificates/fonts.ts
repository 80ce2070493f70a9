// The typefaces every certificate and sticker is drawn with. They ship inside
// node_modules (@fontsource), so a fresh machine needs no system fonts.
// @fontsource splits each family into per-script WOFF subsets: the Hebrew
// subset has no digits or Latin letters and the Latin one no Hebrew, so a line
// is drawn in runs, each with the face that covers it (see `faceFor`).
// fontkit reads WOFF directly; pdf-lib embeds a TrueType subset built from it.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { Font, GlyphRun } from '@pdf-lib/fontkit';

export const FontStyle = {
  serif: 'serif',
  serifBold: 'serifBold',
  sansBold: 'sansBold',
} as const;
export type FontStyle = (typeof FontStyle)[keyof typeof FontStyle];

/** One WOFF file: a family at one weight, restricted to one script subset. */
export type FaceKey =
  | 'serif-hebrew'
  | 'serif-latin'
  | 'serif-latin-ext'
  | 'serifBold-hebrew'
  | 'serifBold-latin'
  | 'serifBold-latin-ext'
  | 'sansBold-hebrew'
  | 'sansBold-latin'
  | 'sansBold-latin-ext';

const faceFiles: Readonly<Record<FaceKey, string>> = {
  'serif-hebrew': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-hebrew-400-normal.woff',
  'serif-latin': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-latin-400-normal.woff',
  'serif-latin-ext': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-latin-ext-400-normal.woff',
  'serifBold-hebrew': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-hebrew-700-normal.woff',
  'serifBold-latin': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-latin-700-normal.woff',
  'serifBold-latin-ext': '@fontsource/frank-ruhl-libre/files/frank-ruhl-libre-latin-ext-700-normal.woff',
  'sansBold-hebrew': '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-600-normal.woff',
  'sansBold-latin': '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-latin-600-normal.woff',
  'sansBold-latin-ext': '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-latin-ext-600-normal.woff',
};

const faceKeys = Object.keys(faceFiles) as readonly FaceKey[];

/** Faces tried in order for a character of each style; when none has it, the first face draws its .notdef box. */
const fallbackOrder: Readonly<Record<FontStyle, readonly FaceKey[]>> = {
  serif: ['serif-hebrew', 'serif-latin', 'serif-latin-ext'],
  serifBold: ['serifBold-hebrew', 'serifBold-latin', 'serifBold-latin-ext', 'serif-latin-ext'],
  sansBold: ['sansBold-latin', 'sansBold-hebrew', 'sansBold-latin-ext', 'serif-latin-ext'],
};

export type Face = {
  readonly key: FaceKey;
  /** The WOFF file as shipped, for embedding. */
  readonly bytes: Uint8Array;
  readonly font: Font;
};

export type FontSet = {
  readonly faces: Readonly<Record<FaceKey, Face>>;
};

/**
 * fontkit reverses the glyphs of any run whose script is right-to-left. Our
 * bidi pass has already put every run in visual order, so layout must keep
 * the order it is given; pdf-lib calls `layout(text, features)` with no
 * direction, hence the override on each font object.
 */
function createLeftToRightFont(bytes: Uint8Array): Font {
  const font = fontkit.create(bytes);
  // The typings omit layout's optional script, language and direction arguments.
  const layout = font.layout.bind(font) as (
    text: string,
    features: Parameters<Font['layout']>[1],
    script: undefined,
    language: undefined,
    direction: 'ltr',
  ) => GlyphRun;
  font.layout = (text, features) => layout(text, features, undefined, undefined, 'ltr');
  return font;
}

const parsedFaces = new WeakMap<Uint8Array, Font>();

/**
 * The fontkit module pdf-lib should use (`registerFontkit`), so embedded
 * fonts lay out in the order given. It hands back the font already parsed
 * for our faces: decompressing a WOFF is most of the cost of a PDF, and a
 * fontkit font is safe to share since each document builds its own subset.
 */
export const leftToRightFontkit = {
  create(bytes: Uint8Array): Font {
    return parsedFaces.get(bytes) ?? createLeftToRightFont(bytes);
  },
};

let loading: Promise<FontSet> | undefined;

/** All faces, read from node_modules on the first call and shared afterwards. */
export function loadFonts(): Promise<FontSet> {
  loading ??= readFaces().catch((error: unknown) => {
    loading = undefined; // let a later call retry rather than cache the failure
    throw error;
  });
  return loading;
}

async function readFaces(): Promise<FontSet> {
  const entries = await Promise.all(
    faceKeys.map(async (key): Promise<[FaceKey, Face]> => {
      const bytes = new Uint8Array(await readFile(fileURLToPath(import.meta.resolve(faceFiles[key]))));
      const font = createLeftToRightFont(bytes);
      parsedFaces.set(bytes, font);
      return [key, { key, bytes, font }];
    }),
  );
  return { faces: Object.fromEntries(entries) as Record<FaceKey, Face> };
}

/** The first face in `style`'s fallback order that has `ch` (shapeLine keeps spaces with the current face before asking). */
export function faceFor(fonts: FontSet, style: FontStyle, ch: string): FaceKey {
  const cp = ch.codePointAt(0) ?? 0;
  for (const key of fallbackOrder[style]) {
    if (fonts.faces[key].font.hasGlyphForCodePoint(cp)) return key;
  }
  return fallbackOrder[style][0];
}

/** Advance width of `text` drawn with one face, in the same units pdf-lib uses (it too ignores GPOS kerning). */
export function measureRun(face: Face, text: string, size: number): number {
  const { glyphs } = face.font.layout(text);
  let units = 0;
  for (const glyph of glyphs) units += glyph.advanceWidth;
  return (units * size) / face.font.unitsPerEm;
}
