// Reads a PDF back with pdf.js, the way a viewer's search or copy would see it.
// pdf.js turns right-to-left items back into logical order, so a Hebrew item
// reads correctly only if it was drawn in visual order.

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfTextItem = { readonly str: string; readonly dir: string; readonly x: number; readonly y: number; readonly width: number };
export type PdfPageText = { readonly width: number; readonly height: number; readonly items: readonly PdfTextItem[] };

export type PdfText = {
  readonly pages: PdfPageText[];
  readonly title: string | undefined;
  /** PDF date strings such as `D:20240206100000Z`. */
  readonly creationDate: string | undefined;
  readonly modDate: string | undefined;
};

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of (and detaches) the buffer it is given.
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: PdfPageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view;
    const content = await page.getTextContent();
    const items: PdfTextItem[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      items.push({ str: item.str, dir: item.dir, x: item.transform[4], y: item.transform[5], width: item.width });
    }
    pages.push({ width, height, items });
  }
  const { info } = await doc.getMetadata();
  await doc.destroy();
  const { Title, CreationDate, ModDate } = info as { Title?: string; CreationDate?: string; ModDate?: string };
  return { pages, title: Title, creationDate: CreationDate, modDate: ModDate };
}
