// Print-ready QR stickers: one as SVG or PNG, or a whole A4 sheet of
// 70 × 37 mm labels (3 × 8, the common layout of pre-cut label paper) as PDF.

import { certificateWording } from './certificate-content.ts';
import type { FontSet } from './fonts.ts';
import { loadFonts } from './fonts.ts';
import { offsetShapes } from './drawing.ts';
import type { Drawing } from './drawing.ts';
import type { StickerPayload } from './payload.ts';
import { createPdfDocument, createPdfResources, paintPdfPage } from './pdf-painter.ts';
import { rasteriseDrawing } from './raster.ts';
import { layOutSticker, pointsPerMillimetre, stickerSizeMm } from './sticker-layout.ts';
import { drawingToSvg } from './svg-painter.ts';

/** Resolution of the sticker PNG: fine enough for any label printer. */
export const stickerPngDpi = 600;

export const stickerSheet = {
  /** A4 in millimetres. */
  page: { width: 210, height: 297 },
  columns: 3,
  rows: 8,
  /** Label paper of this layout leaves the spare millimetre of height as equal top and bottom margins. */
  top: (297 - 8 * stickerSizeMm.height) / 2,
  left: (210 - 3 * stickerSizeMm.width) / 2,
} as const;

export const stickersPerSheet = stickerSheet.columns * stickerSheet.rows;

/** The sticker as a standalone SVG of its physical size, text as outlines (no fonts needed to display it). */
export async function renderStickerSvg(s: StickerPayload): Promise<string> {
  const fonts = await loadFonts();
  return drawingToSvg(layOutSticker(s, fonts), fonts, { width: `${stickerSizeMm.width}mm`, height: `${stickerSizeMm.height}mm` });
}

export function stickerPngSize(): { width: number; height: number } {
  const pixels = (millimetres: number) => Math.round((millimetres / 25.4) * stickerPngDpi);
  return { width: pixels(stickerSizeMm.width), height: pixels(stickerSizeMm.height) };
}

export async function renderStickerPng(s: StickerPayload): Promise<Uint8Array> {
  const fonts = await loadFonts();
  return rasteriseDrawing(layOutSticker(s, fonts), fonts, { ...stickerPngSize(), dpi: stickerPngDpi });
}

function sheetPage(stickers: readonly StickerPayload[], fonts: FontSet): Drawing {
  const mm = (value: number) => value * pointsPerMillimetre;
  const shapes = stickers.flatMap((sticker, index) => {
    const column = index % stickerSheet.columns;
    const row = Math.floor(index / stickerSheet.columns);
    const x = stickerSheet.left + column * stickerSizeMm.width;
    const y = stickerSheet.top + row * stickerSizeMm.height;
    return offsetShapes(layOutSticker(sticker, fonts).shapes, mm(x), mm(y));
  });
  return { width: mm(stickerSheet.page.width), height: mm(stickerSheet.page.height), shapes };
}

/**
 * Stickers filled row by row onto as many A4 sheets as needed. Print at
 * actual size (no "fit to page"), or the grid will miss the labels. No
 * stickers gives one blank sheet, since a PDF cannot have no pages.
 */
export async function renderStickerSheetPdf(stickers: StickerPayload[]): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const doc = await createPdfDocument();
  doc.setTitle(`QR stickers (${stickers.length})`);
  doc.setCreator(certificateWording.registry.en);
  doc.setProducer(certificateWording.registry.en);
  const resources = createPdfResources(doc, fonts);
  const pageCount = Math.max(1, Math.ceil(stickers.length / stickersPerSheet));
  for (let n = 0; n < pageCount; n++) {
    const drawing = sheetPage(stickers.slice(n * stickersPerSheet, (n + 1) * stickersPerSheet), fonts);
    await paintPdfPage(doc.addPage([drawing.width, drawing.height]), drawing, resources);
  }
  return doc.save();
}
