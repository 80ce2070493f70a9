// The certificate as an A4 PDF: vector text in embedded font subsets (so it
// prints sharply and its text can be searched), vector QR, the preview photo.

import { describeCertificate } from './certificate-content.ts';
import { layOutCertificate } from './certificate-layout.ts';
import { loadFonts } from './fonts.ts';
import type { CertificatePayload } from './payload.ts';
import { createPdfDocument, createPdfResources, paintPdfPage } from './pdf-painter.ts';

export async function renderCertificatePdf(p: CertificatePayload): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const content = describeCertificate(p);
  const drawing = layOutCertificate(content, fonts);

  const doc = await createPdfDocument();
  doc.setTitle(content.metadata.title);
  doc.setSubject(content.metadata.subject);
  doc.setAuthor(content.registry.en);
  doc.setCreator(content.registry.en);
  doc.setProducer(content.registry.en);
  doc.setLanguage('en');
  // The issue time, not the render time, so re-rendering a payload gives the same bytes.
  const issued = new Date(`${p.issuedAt.replace(' ', 'T')}Z`);
  if (!Number.isNaN(issued.getTime())) {
    doc.setCreationDate(issued);
    doc.setModificationDate(issued);
  }

  const page = doc.addPage([drawing.width, drawing.height]);
  await paintPdfPage(page, drawing, createPdfResources(doc, fonts));
  return doc.save();
}
