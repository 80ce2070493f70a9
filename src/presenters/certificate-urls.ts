import type { Certificate } from '../db/records.ts';
import { publicUrlOf } from '../files/file-storage.ts';

/** Spec §2.5 */
export function presentCertificateUrls(certificate: Certificate) {
  return {
    pdf_url: publicUrlOf(certificate.pdfKey),
    doc_url: publicUrlOf(certificate.docxKey),
    img_url: publicUrlOf(certificate.pngKey),
  };
}
