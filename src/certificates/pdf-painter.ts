// Copies a Drawing onto a pdf-lib page. Text keeps its embedded font (a
// TrueType subset), so the PDF stays searchable and its text extractable.

import { PDFDocument, degrees, rgb } from 'pdf-lib';
import type { PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';
import { leftToRightFontkit } from './fonts.ts';
import type { FaceKey, FontSet } from './fonts.ts';
import { rotationCentre } from './drawing.ts';
import type { Color, Drawing } from './drawing.ts';
import { qrPathData } from './qr-matrix.ts';

/** Fonts and images embedded once per document, however many pages use them. */
export type PdfResources = {
  font(key: FaceKey): Promise<PDFFont>;
  image(jpeg: Uint8Array): Promise<PDFImage>;
};

export function createPdfDocument(): Promise<PDFDocument> {
  return PDFDocument.create().then((doc) => {
    doc.registerFontkit(leftToRightFontkit);
    return doc;
  });
}

export function createPdfResources(doc: PDFDocument, fonts: FontSet): PdfResources {
  const embeddedFonts = new Map<FaceKey, Promise<PDFFont>>();
  const embeddedImages = new Map<Uint8Array, Promise<PDFImage>>();
  return {
    font(key) {
      let font = embeddedFonts.get(key);
      if (!font) {
        font = doc.embedFont(fonts.faces[key].bytes, { subset: true });
        embeddedFonts.set(key, font);
      }
      return font;
    },
    image(jpeg) {
      let image = embeddedImages.get(jpeg);
      if (!image) {
        image = doc.embedJpg(jpeg);
        embeddedImages.set(jpeg, image);
      }
      return image;
    },
  };
}

function toRgb(color: Color): RGB {
  const value = Number.parseInt(color.slice(1), 16);
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

/** Paints `drawing` on `page`, converting from the drawing's top-left origin to PDF's bottom-left one. */
export async function paintPdfPage(page: PDFPage, drawing: Drawing, resources: PdfResources): Promise<void> {
  const flip = (y: number) => drawing.height - y;
  for (const shape of drawing.shapes) {
    switch (shape.kind) {
      case 'rect':
        page.drawRectangle({
          x: shape.x,
          y: flip(shape.y + shape.height),
          width: shape.width,
          height: shape.height,
          ...(shape.fill ? { color: toRgb(shape.fill) } : {}),
          ...(shape.stroke ? { borderColor: toRgb(shape.stroke), borderWidth: shape.lineWidth ?? 1 } : {}),
        });
        break;
      case 'line':
        page.drawLine({
          start: { x: shape.x1, y: flip(shape.y1) },
          end: { x: shape.x2, y: flip(shape.y2) },
          thickness: shape.lineWidth,
          color: toRgb(shape.color),
        });
        break;
      case 'qr':
        // drawSvgPath reads the path from the given origin with y downwards, as SVG does.
        page.drawSvgPath(qrPathData(shape.matrix, 0, 0, shape.size), { x: shape.x, y: flip(shape.y), color: toRgb(shape.color) });
        break;
      case 'image':
        page.drawImage(await resources.image(shape.jpeg), {
          x: shape.x,
          y: flip(shape.y + shape.height),
          width: shape.width,
          height: shape.height,
        });
        break;
      case 'text': {
        const turn = shape.rotation ?? 0;
        const centre = rotationCentre(shape);
        const cos = Math.cos((turn * Math.PI) / 180);
        const sin = Math.sin((turn * Math.PI) / 180);
        for (const run of shape.runs) {
          // Each run starts where the turned line puts it (y grows downwards here).
          const dx = run.x - centre.x;
          const dy = shape.y - centre.y;
          page.drawText(run.text, {
            x: centre.x + dx * cos + dy * sin,
            y: flip(centre.y - dx * sin + dy * cos),
            size: shape.size,
            font: await resources.font(run.face),
            color: toRgb(shape.color),
            ...(turn === 0 ? {} : { rotate: degrees(turn) }),
          });
        }
        break;
      }
    }
  }
}
