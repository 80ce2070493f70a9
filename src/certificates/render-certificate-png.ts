// The certificate as a PNG image: the very drawing the PDF prints, painted as
// SVG with glyph outlines and rasterised by sharp.

import sharp from 'sharp';
import { describeCertificate } from './certificate-content.ts';
import { layOutCertificate } from './certificate-layout.ts';
import { loadFonts } from './fonts.ts';
import type { CertificatePayload } from './payload.ts';
import { drawingToSvg } from './svg-painter.ts';

/** A4 at 150 dpi. */
export const certificatePngSize = { width: 1240, height: 1754 } as const;

export async function renderCertificatePng(p: CertificatePayload): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const drawing = layOutCertificate(describeCertificate(p), fonts);
  const svg = drawingToSvg(drawing, fonts, {
    width: String(certificatePngSize.width),
    height: String(certificatePngSize.height),
  });
  const png = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
