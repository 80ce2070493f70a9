// Turns a Drawing into SVG whose text is glyph outlines taken from the bundled
// fonts, so rasterising it (sharp/librsvg) needs no installed font at all.

import type { FontSet } from './fonts.ts';
import { rotationCentre } from './drawing.ts';
import type { Drawing, TextShape } from './drawing.ts';
import { qrPathData } from './qr-matrix.ts';
import { replaceUnsafeCharacters } from '../text/unsafe-characters.ts';

export type SvgSize = { readonly width: string; readonly height: string };

export type SvgOptions = {
  /** Page colour, or null for a transparent background. */
  readonly background?: string | null;
};

function attr(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * Text as XML character data. XML 1.0 forbids most controls even as character
 * references, and librsvg refuses the whole document over one, so characters
 * no stored text may hold become U+FFFD before markup is escaped.
 */
function escapeXml(text: string): string {
  return replaceUnsafeCharacters(text).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The drawing as a standalone SVG document. `size` sets the outer width and
 * height (e.g. `1240` pixels or `70mm`); the view box stays in points.
 */
export function drawingToSvg(drawing: Drawing, fonts: FontSet, size: SvgSize, options: SvgOptions = {}): string {
  const background = options.background === undefined ? '#ffffff' : options.background;
  const glyphDefs = new Map<string, string>();
  const body: string[] = [];

  const textToSvg = (shape: TextShape): string => {
    const scale = shape.size;
    const uses: string[] = [];
    for (const run of shape.runs) {
      const face = fonts.faces[run.face];
      const k = scale / face.font.unitsPerEm;
      let x = run.x;
      for (const glyph of face.font.layout(run.text).glyphs) {
        const id = `${run.face}-${glyph.id}`;
        if (!glyphDefs.has(id)) glyphDefs.set(id, glyph.path.toSVG());
        // Glyph outlines are in font units with y upwards.
        uses.push(`<use href="#${id}" transform="matrix(${attr(k)} 0 0 ${attr(-k)} ${attr(x)} ${attr(shape.y)})"/>`);
        x += glyph.advanceWidth * k;
      }
    }
    const centre = rotationCentre(shape);
    const rotate = shape.rotation ? ` transform="rotate(${attr(-shape.rotation)} ${attr(centre.x)} ${attr(centre.y)})"` : '';
    return `<g fill="${shape.color}"${rotate} aria-label="${escapeXml(shape.logical)}">${uses.join('')}</g>`;
  };

  for (const shape of drawing.shapes) {
    switch (shape.kind) {
      case 'rect': {
        const fill = shape.fill ?? 'none';
        const stroke = shape.stroke ? ` stroke="${shape.stroke}" stroke-width="${attr(shape.lineWidth ?? 1)}"` : '';
        body.push(
          `<rect x="${attr(shape.x)}" y="${attr(shape.y)}" width="${attr(shape.width)}" height="${attr(shape.height)}" fill="${fill}"${stroke}/>`,
        );
        break;
      }
      case 'line':
        body.push(
          `<line x1="${attr(shape.x1)}" y1="${attr(shape.y1)}" x2="${attr(shape.x2)}" y2="${attr(shape.y2)}" stroke="${shape.color}" stroke-width="${attr(shape.lineWidth)}"/>`,
        );
        break;
      case 'qr':
        body.push(`<path d="${qrPathData(shape.matrix, shape.x, shape.y, shape.size)}" fill="${shape.color}" shape-rendering="crispEdges"/>`);
        break;
      case 'image':
        body.push(
          `<image x="${attr(shape.x)}" y="${attr(shape.y)}" width="${attr(shape.width)}" height="${attr(shape.height)}" preserveAspectRatio="none" href="data:image/jpeg;base64,${Buffer.from(shape.jpeg).toString('base64')}"/>`,
        );
        break;
      case 'text':
        body.push(textToSvg(shape));
        break;
    }
  }

  const defs = [...glyphDefs].map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${attr(drawing.width)} ${attr(drawing.height)}" preserveAspectRatio="none">` +
    `<defs>${defs}</defs>${background ? `<rect width="100%" height="100%" fill="${background}"/>` : ''}${body.join('')}</svg>`
  );
}
