// The certificate as a PNG image: the very drawing the PDF prints, painted as
// SVG with glyph outlines and rasterised by sharp.

import { describeCertificate } from './certificate-content.ts';
import { layOutCertificate } from './certificate-layout.ts';
import { loadFonts } from './fonts.ts';
import type { CertificatePayload } from './payload.ts';
import { rasteriseDrawing } from './raster.ts';

/** A4 at 150 dpi. */
export const certificatePngSize = { width: 1240, height: 1754, dpi: 150 } as const;

export async function renderCertificatePng(p: CertificatePayload): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const drawing = layOutCertificate(describeCertificate(p), fonts);
  return rasteriseDrawing(drawing, fonts, certificatePngSize);
}
