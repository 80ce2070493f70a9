// Reads a QR symbol back out of a raster by sampling the centre of every
// module. No QR decoder is installed; comparing the modules with those the
// `qrcode` package builds for the URL proves the same symbol was printed.

import sharp from 'sharp';
import { createQrMatrix } from '../../src/certificates/qr-matrix.ts';

/** The modules `qrcode` produces for `text` (through the renderers' own wrapper), as rows of 0/1. */
export function expectedQrRows(text: string): string[] {
  const { size, dark } = createQrMatrix(text);
  const rows: string[] = [];
  for (let r = 0; r < size; r++) rows.push(dark.slice(r * size, (r + 1) * size).map((isDark) => (isDark ? '1' : '0')).join(''));
  return rows;
}

/** Samples a `modules`×`modules` grid whose symbol spans `box` (in pixels) of the image, as rows of 0/1. */
export async function sampleQrRows(
  image: Uint8Array,
  box: { x: number; y: number; size: number },
  modules: number,
): Promise<string[]> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const step = box.size / modules;
  const rows: string[] = [];
  for (let r = 0; r < modules; r++) {
    let row = '';
    for (let c = 0; c < modules; c++) {
      const x = Math.floor(box.x + (c + 0.5) * step);
      const y = Math.floor(box.y + (r + 0.5) * step);
      row += data[(y * info.width + x) * info.channels] < 128 ? '1' : '0';
    }
    rows.push(row);
  }
  return rows;
}
