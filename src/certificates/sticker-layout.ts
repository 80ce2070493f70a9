// The QR sticker for a scroll's case, sized for a standard 70 × 37 mm label:
// the QR code with its code printed underneath, and beside it who issued it
// and what to do with it, in Hebrew and English.

import { certificateWording } from './certificate-content.ts';
import { Align, placeText } from './drawing.ts';
import type { Drawing, Shape } from './drawing.ts';
import { FontStyle } from './fonts.ts';
import type { FontSet } from './fonts.ts';
import type { StickerPayload } from './payload.ts';
import { createQrMatrix } from './qr-matrix.ts';

export const pointsPerMillimetre = 72 / 25.4;
const mm = (value: number) => value * pointsPerMillimetre;

export const stickerSizeMm = { width: 70, height: 37 } as const;

/**
 * Where the QR symbol sits on the sticker, in millimetres. The label itself
 * must hold the quiet zone (four modules, about 3.3 mm at this size), since
 * the case it is stuck on may be dark: hence the inset from the edges.
 */
export const stickerQrBoxMm = { x: 5, y: 3.5, size: 24 } as const;

const ink = '#111111';
const muted = '#4a4f5c';

/** The host a person could type if the QR will not scan, e.g. `registry.example.org`. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export function layOutSticker(sticker: StickerPayload, fonts: FontSet): Drawing {
  const w = certificateWording;
  const qr = createQrMatrix(sticker.url);
  const box = stickerQrBoxMm;
  const shapes: Shape[] = [
    { kind: 'qr', matrix: qr, x: mm(box.x), y: mm(box.y), size: mm(box.size), color: '#000000' },
    placeText(fonts, sticker.code, {
      x: mm(box.x + box.size / 2), y: mm(34), style: FontStyle.sansBold, size: 9.5, color: ink, align: Align.center, direction: 'ltr',
      maxWidth: mm(box.size + 4), minSize: 6,
    }),
  ];

  // The text block to the right of the code, centred on its own column.
  const column = { left: 33, right: 67 };
  const middle = mm((column.left + column.right) / 2);
  const maxWidth = mm(column.right - column.left);
  const line = (text: string, y: number, style: FontStyle, size: number, color: string, direction: 'ltr' | 'rtl') =>
    shapes.push(placeText(fonts, text, { x: middle, y: mm(y), style, size, color, align: Align.center, direction, maxWidth, minSize: 5 }));

  line(w.registry.he, 9.5, FontStyle.serifBold, 12, ink, 'rtl');
  line(w.registry.en.toUpperCase(), 13.8, FontStyle.serifBold, 7, ink, 'ltr');
  shapes.push({ kind: 'line', x1: mm(column.left + 6), y1: mm(16.6), x2: mm(column.right - 6), y2: mm(16.6), color: muted, lineWidth: 0.5 });
  line(w.qrCaption.he, 22, FontStyle.serif, 10, ink, 'rtl');
  line(w.qrCaption.en, 26, FontStyle.serif, 8.5, ink, 'ltr');
  const host = hostOf(sticker.url);
  if (host !== '') line(host, 34, FontStyle.serif, 6.5, muted, 'ltr');

  return { width: mm(stickerSizeMm.width), height: mm(stickerSizeMm.height), shapes };
}
