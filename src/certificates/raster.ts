// Rasterising drawings with sharp, for the formats that carry pictures rather
// than vectors (PNG certificate and sticker, images inside the DOCX).

import sharp from 'sharp';
import type { Drawing } from './drawing.ts';
import type { FontSet } from './fonts.ts';
import type { QrMatrix } from './qr-matrix.ts';
import { qrQuietZone } from './qr-matrix.ts';
import { drawingToSvg } from './svg-painter.ts';

export type RasterOptions = {
  readonly width: number;
  readonly height: number;
  /** Keep an alpha channel instead of flattening onto white. */
  readonly transparent?: boolean;
  /** Pixels per inch recorded in the file, so printing software sizes it right. */
  readonly dpi?: number;
};

export async function rasteriseDrawing(drawing: Drawing, fonts: FontSet, options: RasterOptions): Promise<Uint8Array> {
  const svg = drawingToSvg(
    drawing,
    fonts,
    { width: String(options.width), height: String(options.height) },
    { background: options.transparent ? null : '#ffffff' },
  );
  let image = sharp(Buffer.from(svg));
  if (!options.transparent) image = image.flatten({ background: '#ffffff' });
  if (options.dpi) image = image.withMetadata({ density: options.dpi });
  const png = await image.png().toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** The QR symbol with its quiet zone as a PNG, every module exactly `modulePixels` wide so edges stay sharp. */
export function renderQrPng(matrix: QrMatrix, fonts: FontSet, modulePixels: number): Promise<Uint8Array> {
  const side = matrix.size + 2 * qrQuietZone;
  const drawing: Drawing = {
    width: side,
    height: side,
    shapes: [{ kind: 'qr', matrix, x: qrQuietZone, y: qrQuietZone, size: matrix.size, color: '#000000' }],
  };
  return rasteriseDrawing(drawing, fonts, { width: side * modulePixels, height: side * modulePixels });
}
