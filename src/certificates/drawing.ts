// A page as a list of positioned shapes, in points with the origin at the top
// left. Layout code builds a Drawing once; the PDF and SVG painters only copy
// it onto their medium, so a certificate's PDF and PNG cannot disagree. Text
// arrives here already split into visual-order runs with one face each.

import { detectDirection, resolveVisualRuns } from './bidi.ts';
import type { BidiDirection } from './bidi.ts';
import { faceFor, measureRun } from './fonts.ts';
import type { FaceKey, FontSet, FontStyle } from './fonts.ts';
import type { QrMatrix } from './qr-matrix.ts';

/** `#rrggbb` */
export type Color = string;

/** Part of a line drawn with one face; `text` is in visual (left-to-right) order. */
export type TextRun = { readonly face: FaceKey; readonly text: string; readonly x: number; readonly width: number };

export type TextShape = {
  readonly kind: 'text';
  /** The line as written (logical order), kept for reference and tests. */
  readonly logical: string;
  readonly direction: BidiDirection;
  readonly runs: readonly TextRun[];
  /** Left edge of the line and its baseline. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly size: number;
  readonly color: Color;
  /** Counter-clockwise turn in degrees about the line's centre, for a watermark. */
  readonly rotation?: number;
};

export type RectShape = {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly fill?: Color;
  readonly stroke?: Color;
  readonly lineWidth?: number;
};

export type LineShape = {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly color: Color;
  readonly lineWidth: number;
};

/** A QR symbol whose `size` excludes the quiet zone, which layout leaves blank around it. */
export type QrShape = {
  readonly kind: 'qr';
  readonly matrix: QrMatrix;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly color: Color;
};

export type ImageShape = {
  readonly kind: 'image';
  readonly jpeg: Uint8Array;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};

export type Shape = TextShape | RectShape | LineShape | QrShape | ImageShape;

export type Drawing = { readonly width: number; readonly height: number; readonly shapes: readonly Shape[] };

export const Align = { left: 'left', center: 'center', right: 'right' } as const;
export type Align = (typeof Align)[keyof typeof Align];

export type TextStyle = {
  readonly style: FontStyle;
  readonly size: number;
  readonly color: Color;
};

type ShapedLine = { readonly runs: readonly { face: FaceKey; text: string; width: number }[]; readonly width: number };

/** Splits one logical line into visual runs and gives each run the face that has its glyphs. */
export function shapeLine(fonts: FontSet, text: string, style: FontStyle, size: number, direction: BidiDirection): ShapedLine {
  const pieces: { face: FaceKey; text: string }[] = [];
  for (const visual of resolveVisualRuns(text, direction)) {
    for (const ch of visual.text) {
      const last = pieces[pieces.length - 1];
      const cp = ch.codePointAt(0) ?? 0;
      // Keep a character (typically a space) with the current face when that face has it.
      if (last && fonts.faces[last.face].font.hasGlyphForCodePoint(cp)) {
        last.text += ch;
        continue;
      }
      const face = faceFor(fonts, style, ch);
      if (last && last.face === face) last.text += ch;
      else pieces.push({ face, text: ch });
    }
  }
  const runs = pieces.map((p) => ({ ...p, width: measureRun(fonts.faces[p.face], p.text, size) }));
  return { runs, width: runs.reduce((sum, r) => sum + r.width, 0) };
}

export function measureText(fonts: FontSet, text: string, style: FontStyle, size: number): number {
  return shapeLine(fonts, text, style, size, detectDirection(text)).width;
}

export type PlaceTextOptions = TextStyle & {
  /** The anchor: left edge, centre or right edge according to `align`. */
  readonly x: number;
  /** Baseline. */
  readonly y: number;
  readonly align: Align;
  /** Paragraph direction; by default that of the first strong character. */
  readonly direction?: BidiDirection;
  /** When set, the size shrinks (to `minSize`) and then the text is cut with an ellipsis to fit. */
  readonly maxWidth?: number;
  readonly minSize?: number;
  readonly rotation?: number;
};

/** A millionth of a point: far below anything a printer or screen can show. */
const FIT_TOLERANCE_POINTS = 1e-6;

/** One line of text, laid out and positioned. */
export function placeText(fonts: FontSet, text: string, options: PlaceTextOptions): TextShape {
  const direction = options.direction ?? detectDirection(text);
  let size = options.size;
  let logical = text;
  let line = shapeLine(fonts, logical, options.style, size, direction);
  if (options.maxWidth !== undefined && line.width > options.maxWidth) {
    const minSize = options.minSize ?? size;
    size = Math.max(minSize, (size * options.maxWidth) / line.width);
    line = shapeLine(fonts, logical, options.style, size, direction);
    // Scaled to fit exactly, the width may still exceed maxWidth by a rounding
    // error; that must not cut a character (a sticker's code would be lost).
    const fits = (width: number) => width <= (options.maxWidth ?? Infinity) + FIT_TOLERANCE_POINTS;
    const chars = Array.from(text);
    if (!fits(line.width) && chars.length > 1) {
      // The longest start that fits with the ellipsis, found by halving (a
      // line's width grows with its length): cutting one character at a time
      // shaped the whole line once per character, minutes for a long value.
      const cut = (count: number) => `${chars.slice(0, count).join('').trimEnd()}…`;
      let kept = 1; // one character and the ellipsis, even if that is still too wide
      let low = 2;
      let high = chars.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (fits(shapeLine(fonts, cut(middle), options.style, size, direction).width)) {
          kept = middle;
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      logical = cut(kept);
      line = shapeLine(fonts, logical, options.style, size, direction);
    }
  }
  const left =
    options.align === Align.left ? options.x : options.align === Align.right ? options.x - line.width : options.x - line.width / 2;
  let cursor = left;
  const runs = line.runs.map((r) => {
    const run = { face: r.face, text: r.text, x: cursor, width: r.width };
    cursor += r.width;
    return run;
  });
  return {
    kind: 'text',
    logical,
    direction,
    runs,
    x: left,
    y: options.y,
    width: line.width,
    size,
    color: options.color,
    ...(options.rotation === undefined ? {} : { rotation: options.rotation }),
  };
}

/**
 * Breaks logical `text` into lines no wider than `maxWidth`: at spaces, after
 * a slash (so a long path can break), and inside a word only when the word
 * alone is too wide. With `maxLines`, the last line takes all the rest, for
 * the caller to cut. Bidi reordering then applies to each line on its own.
 */
export function wrapText(fonts: FontSet, text: string, style: FontStyle, size: number, maxWidth: number, maxLines = Infinity): string[] {
  const fits = (line: string) => measureText(fonts, line, style, size) <= maxWidth;
  const tokens = text.trim().match(/\s+|[^\s/]*\/|[^\s/]+/gu) ?? [];
  const lines: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim() !== '') lines.push(current.trim());
    current = '';
  };
  tokens: for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (fits(current + token)) {
      current += token;
      continue;
    }
    push();
    if (lines.length === maxLines - 1) {
      current = tokens.slice(i).join('');
      break;
    }
    if (/^\s+$/u.test(token)) continue;
    const chars = Array.from(token);
    for (let k = 0; k < chars.length; k++) {
      if (current !== '' && !fits(current + chars[k])) {
        push();
        // Breaking a long word stops at the last allowed line too, rather than measuring all of it.
        if (lines.length === maxLines - 1) {
          current = chars.slice(k).join('') + tokens.slice(i + 1).join('');
          break tokens;
        }
      }
      current += chars[k];
    }
  }
  push();
  return lines;
}

/** The point a rotated line turns about: the middle of its x-height band, so it stays centred on its anchor. */
export function rotationCentre(shape: TextShape): { x: number; y: number } {
  return { x: shape.x + shape.width / 2, y: shape.y - shape.size * 0.3 };
}

/** `shapes` moved by (`dx`, `dy`), for composing drawings such as labels on a sheet. */
export function offsetShapes(shapes: readonly Shape[], dx: number, dy: number): Shape[] {
  return shapes.map((shape): Shape => {
    switch (shape.kind) {
      case 'line':
        return { ...shape, x1: shape.x1 + dx, y1: shape.y1 + dy, x2: shape.x2 + dx, y2: shape.y2 + dy };
      case 'text':
        return { ...shape, x: shape.x + dx, y: shape.y + dy, runs: shape.runs.map((run) => ({ ...run, x: run.x + dx })) };
      default:
        return { ...shape, x: shape.x + dx, y: shape.y + dy };
    }
  });
}
