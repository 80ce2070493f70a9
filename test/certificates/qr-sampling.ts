// Reads a QR symbol back out of a raster by sampling the centre of every
// module. No QR decoder is installed; comparing the modules with those the
// `qrcode` package builds for the URL proves the same symbol was printed.

import { createRequire } from 'node:module';
import sharp from 'sharp';

type QrCode = { create(text: string, options: { errorCorrectionLevel: string }): { modules: { size: number; data: Uint8Array } } };
const qrcode = createRequire(import.meta.url)('qrcode') as QrCode;

/** The modules `qrcode` itself produces for `text`, as rows of 0/1. */
export function expectedQrRows(text: string, errorCorrectionLevel = 'M'): string[] {
  const { modules } = qrcode.create(text, { errorCorrectionLevel });
  const rows: string[] = [];
  for (let r = 0; r < modules.size; r++) rows.push(Array.from(modules.data.subarray(r * modules.size, (r + 1) * modules.size)).join(''));
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
