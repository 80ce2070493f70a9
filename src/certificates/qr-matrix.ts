// The QR symbol of a sticker or certificate as a plain matrix of modules, so
// every renderer (PDF vector, SVG, PNG) draws exactly the same symbol.

import { createRequire } from 'node:module';

/** The part of `qrcode` we use; the package ships no type declarations. */
type QrCodeModule = {
  create(
    text: string,
    options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' },
  ): { version: number; modules: { size: number; data: Uint8Array } };
};

const qrcode = createRequire(import.meta.url)('qrcode') as QrCodeModule;

/**
 * Level M restores up to 15% of damaged modules: enough for a scuffed sticker
 * while keeping modules large for a short URL.
 */
const qrErrorCorrection = 'M';

/** Quiet zone the QR standard requires around the symbol, in modules. */
export const qrQuietZone = 4;

export type QrMatrix = {
  /** Modules per side, without the quiet zone. */
  readonly size: number;
  /** Row-major, `true` where a module is dark. */
  readonly dark: readonly boolean[];
};

export function createQrMatrix(text: string): QrMatrix {
  const { modules } = qrcode.create(text, { errorCorrectionLevel: qrErrorCorrection });
  return { size: modules.size, dark: Array.from(modules.data, (bit) => bit === 1) };
}

/**
 * SVG path data for the dark modules of `matrix`, the symbol `size` wide with
 * its top left at (`x`, `y`), y growing downwards; coordinates to a thousandth
 * of a unit. Dark modules merge into horizontal stripes: far fewer shapes than
 * one square per module, and no hairline seams between neighbours in a viewer.
 */
export function qrPathData(matrix: QrMatrix, x: number, y: number, size: number): string {
  const module = size / matrix.size;
  const n = (value: number) => String(Math.round(value * 1000) / 1000);
  let d = '';
  for (let row = 0; row < matrix.size; row++) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark[row * matrix.size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark[row * matrix.size + column]) column++;
      const length = (column - start) * module;
      d += `M${n(x + start * module)} ${n(y + row * module)}h${n(length)}v${n(module)}h${n(-length)}z`;
    }
  }
  return d;
}
