// The certificate as an editable Word document, with the same wording, fields
// and order as the PDF (all from certificate-content.ts). Unlike PDF, Word
// orders bidirectional text itself: Hebrew paragraphs are marked `w:bidi` and
// Hebrew runs `w:rtl`, and the text stays in logical order. Every string it
// writes is fixed wording, a code or uuid of ours, or a `data` value of
// certificate-content.ts, which holds no character XML forbids and no bidi
// control (Word would honour one), so the XML needs no escaping beyond docx's own.

import {
  AlignmentType,
  BorderStyle,
  Document,
  Header,
  ImageRun,
  Packer,
  PageBorderDisplay,
  PageBorderOffsetFrom,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlignTable,
  WidthType,
} from 'docx';
import { ImageWatermark } from 'docx/watermarks';
import { detectDirection, resolveLogicalRuns } from './bidi.ts';
import type { BidiDirection } from './bidi.ts';
import { describeCertificate, valueInOneLine } from './certificate-content.ts';
import type { Bilingual, CertificateContent, CertificateField } from './certificate-content.ts';
import { certificatePalette, layOutWatermark, toneColor } from './certificate-layout.ts';
import type { Color } from './drawing.ts';
import { loadFonts } from './fonts.ts';
import type { FontSet } from './fonts.ts';
import { readJpegSize } from './jpeg-size.ts';
import type { CertificatePayload } from './payload.ts';
import { createQrMatrix } from './qr-matrix.ts';
import { rasteriseDrawing, renderQrPng } from './raster.ts';

/**
 * Word draws with installed fonts. Times New Roman has Hebrew glyphs on
 * Windows and macOS, and LibreOffice maps it to Liberation Serif, which has
 * them too, so one family serves both scripts everywhere.
 */
const fontFamily = 'Times New Roman';

/** A drawing colour as Word writes it: `RRGGBB`, without the `#`. */
function wordColour(color: Color): string {
  return color.slice(1).toUpperCase();
}

/** The PDF's palette, in Word's notation. */
const colour = Object.fromEntries(Object.entries(certificatePalette).map(([name, color]) => [name, wordColour(color)])) as Readonly<
  Record<keyof typeof certificatePalette, string>
>;

/** A4 with 1.5 cm margins, in twentieths of a point. */
const page = { width: 11906, height: 16838, margin: 850 } as const;
const bodyWidth = page.width - 2 * page.margin;
/** docx sizes pictures in CSS pixels (1/96 inch). */
const pixelsPerPoint = 96 / 72;

type RunStyle = { readonly size: number; readonly bold?: boolean; readonly color?: string };

/** Text runs in logical order; the right-to-left ones are marked so Word shapes and orders them as Hebrew. */
function runs(text: string, direction: BidiDirection, style: RunStyle): TextRun[] {
  return resolveLogicalRuns(text, direction).map(
    (run) =>
      new TextRun({
        text: run.text,
        rightToLeft: run.level % 2 === 1,
        size: style.size * 2,
        bold: style.bold ?? false,
        color: style.color ?? colour.ink,
        font: fontFamily,
      }),
  );
}

type ParagraphOptions = RunStyle & {
  /** Where the line sits on the page, whatever its direction. */
  readonly side: 'left' | 'right' | 'center';
  readonly direction?: BidiDirection;
  readonly after?: number;
  readonly before?: number;
};

function paragraph(text: string, options: ParagraphOptions): Paragraph {
  const direction = options.direction ?? detectDirection(text);
  // In a w:bidi paragraph Word reads left/right as start/end of the line, so
  // the physical side is written as start or end according to the direction.
  const alignment =
    options.side === 'center'
      ? AlignmentType.CENTER
      : (options.side === 'left') === (direction === 'ltr')
        ? AlignmentType.START
        : AlignmentType.END;
  return new Paragraph({
    bidirectional: direction === 'rtl',
    alignment,
    spacing: { before: (options.before ?? 0) * 20, after: (options.after ?? 0) * 20 },
    children: runs(text, direction, options),
  });
}

const noBorders = {
  top: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  bottom: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  left: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  right: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  insideHorizontal: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  insideVertical: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
} as const;

function cell(children: Paragraph[], width: number, extra: Partial<ConstructorParameters<typeof TableCell>[0]> = {}): TableCell {
  return new TableCell({
    children,
    width: { size: width, type: WidthType.DXA },
    verticalAlign: VerticalAlignTable.CENTER,
    margins: { top: 12, bottom: 12, left: 80, right: 80 },
    ...extra,
  });
}

function table(rows: TableRow[], columns: number[], borders: ConstructorParameters<typeof Table>[0]['borders'] = noBorders): Table {
  return new Table({
    rows,
    width: { size: bodyWidth, type: WidthType.DXA },
    columnWidths: columns,
    layout: TableLayoutType.FIXED,
    borders,
  });
}

/** English in the left cell, Hebrew in the right one: the same bilingual-by-position pattern as the PDF. */
function bilingualRow(words: Bilingual, style: RunStyle, widths: [number, number]): TableRow {
  return new TableRow({
    children: [
      cell([paragraph(words.en, { ...style, side: 'left', direction: 'ltr' })], widths[0]),
      cell([paragraph(words.he, { ...style, size: style.size + 0.5, side: 'right', direction: 'rtl' })], widths[1]),
    ],
  });
}

const labelWidth = 2600;
const valueWidth = bodyWidth - 2 * labelWidth;
const sectionRule = { style: BorderStyle.SINGLE, size: 6, color: colour.rule } as const;

function fieldRow(field: CertificateField): TableRow {
  const tone = wordColour(toneColor[field.tone]);
  return new TableRow({
    cantSplit: true,
    children: [
      cell([paragraph(field.label.en, { size: 9, color: colour.muted, side: 'left', direction: 'ltr' })], labelWidth),
      cell([paragraph(valueInOneLine(field.value), { size: 10.5, bold: field.tone !== 'plain', color: tone, side: 'center' })], valueWidth),
      cell([paragraph(field.label.he, { size: 10, color: colour.muted, side: 'right', direction: 'rtl' })], labelWidth),
    ],
  });
}

function sectionHeadingRow(heading: Bilingual): TableRow {
  const underline = { borders: { bottom: sectionRule } };
  return new TableRow({
    cantSplit: true,
    children: [
      cell([paragraph(heading.en, { size: 11, bold: true, color: colour.gold, side: 'left', direction: 'ltr', before: 8 })], labelWidth, underline),
      cell([paragraph('', { size: 11, side: 'center', before: 8 })], valueWidth, underline),
      cell([paragraph(heading.he, { size: 12, bold: true, color: colour.gold, side: 'right', direction: 'rtl', before: 8 })], labelWidth, underline),
    ],
  });
}

type Pictures = {
  readonly qr: Uint8Array;
  readonly photo: { readonly jpeg: Uint8Array; readonly width: number; readonly height: number } | null;
  /** The watermark picture and its size on the page, in points. */
  readonly watermark: { readonly png: Uint8Array; readonly width: number; readonly height: number } | null;
};

const qrPoints = 104;
const photoBox = { width: 160, height: 116 } as const;

function picturesTable(content: CertificateContent, pictures: Pictures): Table {
  const half = bodyWidth / 2;
  const centred = (child: ImageRun) =>
    new Paragraph({ alignment: AlignmentType.CENTER, children: [child] });

  const photoCell = pictures.photo
    ? (() => {
        const scale = Math.min(photoBox.width / pictures.photo.width, photoBox.height / pictures.photo.height);
        return centred(
          new ImageRun({
            type: 'jpg',
            data: pictures.photo.jpeg,
            transformation: {
              width: Math.round(pictures.photo.width * scale * pixelsPerPoint),
              height: Math.round(pictures.photo.height * scale * pixelsPerPoint),
            },
            altText: { name: 'photo', title: content.photo.caption.en, description: content.photo.caption.he },
          }),
        );
      })()
    : paragraph(valueInOneLine({ kind: 'words', text: content.photo.missing }), { size: 9, color: colour.muted, side: 'center', before: 40, after: 40 });

  const qrSide = Math.round(qrPoints * pixelsPerPoint);
  return table(
    [
      new TableRow({
        children: [
          cell(
            [
              photoCell,
              paragraph(content.photo.caption.en, { size: 8, color: colour.muted, side: 'center', direction: 'ltr', before: 4 }),
              paragraph(content.photo.caption.he, { size: 8.5, color: colour.muted, side: 'center', direction: 'rtl' }),
            ],
            half,
          ),
          cell(
            [
              centred(
                new ImageRun({
                  type: 'png',
                  data: pictures.qr,
                  transformation: { width: qrSide, height: qrSide },
                  altText: { name: 'qr', title: content.qr.url, description: content.qr.url },
                }),
              ),
              paragraph(content.qr.code, { size: 13, bold: true, side: 'center', direction: 'ltr' }),
              paragraph(`${content.qr.caption.en} · ${content.qr.caption.he}`, { size: 8.5, color: colour.muted, side: 'center', direction: 'ltr' }),
            ],
            half,
          ),
        ],
      }),
    ],
    [half, half],
  );
}

function statusTable(content: CertificateContent): Table {
  const verified = content.status.verified;
  const tone = verified ? colour.good : colour.warning;
  const half = bodyWidth / 2;
  const line = { style: BorderStyle.SINGLE, size: 8, color: tone } as const;
  const shading = { fill: verified ? colour.goodWash : colour.warningWash, color: 'auto', type: 'clear' } as const;
  return table(
    [
      new TableRow({
        children: [
          cell(
            [
              paragraph(content.status.headline.en.toUpperCase(), { size: 12, bold: true, color: tone, side: 'left', direction: 'ltr' }),
              paragraph(content.status.detail.en, { size: 8.5, side: 'left', direction: 'ltr' }),
            ],
            half,
            { shading },
          ),
          cell(
            [
              paragraph(content.status.headline.he, { size: 13, bold: true, color: tone, side: 'right', direction: 'rtl' }),
              paragraph(content.status.detail.he, { size: 9, side: 'right', direction: 'rtl' }),
            ],
            half,
            { shading },
          ),
        ],
      }),
    ],
    [half, half],
    { top: line, bottom: line, left: line, right: line, insideHorizontal: noBorders.insideHorizontal, insideVertical: noBorders.insideVertical },
  );
}

function buildDocument(content: CertificateContent, pictures: Pictures): Document {
  const half = bodyWidth / 2;
  const spacer = (points: number) => new Paragraph({ spacing: { before: 0, after: points * 20 }, children: [] });
  const fieldRows = content.sections.flatMap((section) => [sectionHeadingRow(section.heading), ...section.fields.map(fieldRow)]);
  const frame = { style: BorderStyle.DOUBLE, size: 12, color: colour.gold, space: 20 } as const;

  return new Document({
    creator: content.registry.en,
    title: content.metadata.title,
    subject: content.metadata.subject,
    description: content.subtitle.en,
    styles: {
      default: {
        document: { run: { font: fontFamily, size: 20 }, paragraph: { spacing: { after: 0 } } },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: page.width, height: page.height },
            margin: { top: page.margin, bottom: page.margin, left: page.margin, right: page.margin, header: 300, footer: 300 },
            borders: {
              pageBorders: { display: PageBorderDisplay.ALL_PAGES, offsetFrom: PageBorderOffsetFrom.PAGE },
              pageBorderTop: frame,
              pageBorderBottom: frame,
              pageBorderLeft: frame,
              pageBorderRight: frame,
            },
          },
        },
        ...(pictures.watermark
          ? {
              headers: {
                default: new Header({
                  children: [
                    new Paragraph({
                      children: [
                        new ImageWatermark({
                          type: 'png',
                          data: pictures.watermark.png,
                          transformation: { width: pictures.watermark.width * pixelsPerPoint, height: pictures.watermark.height * pixelsPerPoint },
                          washout: false,
                          title: content.watermark ? valueInOneLine({ kind: 'words', text: content.watermark }) : '',
                        }),
                      ],
                    }),
                  ],
                }),
              },
            }
          : {}),
        children: [
          table([bilingualRow({ en: content.registry.en.toUpperCase(), he: content.registry.he }, { size: 9.5, bold: true, color: colour.gold }, [half, half])], [half, half], {
            ...noBorders,
            bottom: sectionRule,
          }),
          paragraph(content.title.he, { size: 28, bold: true, side: 'center', direction: 'rtl', before: 10 }),
          paragraph(content.title.en, { size: 20, side: 'center', direction: 'ltr', after: 2 }),
          paragraph(content.subtitle.en, { size: 9, color: colour.muted, side: 'center', direction: 'ltr' }),
          paragraph(content.subtitle.he, { size: 9.5, color: colour.muted, side: 'center', direction: 'rtl', after: 8 }),
          statusTable(content),
          spacer(6),
          picturesTable(content, pictures),
          spacer(4),
          table(fieldRows, [labelWidth, valueWidth, labelWidth]),
          ...(content.textCheck === null
            ? []
            : [
                spacer(4),
                table(
                  [
                    bilingualRow(
                      content.textCheck.text,
                      { size: 9, bold: content.textCheck.tone !== 'plain', color: wordColour(toneColor[content.textCheck.tone]) },
                      [half, half],
                    ),
                  ],
                  [half, half],
                ),
              ]),
          spacer(8),
          table(
            [
              new TableRow({
                children: [
                  cell(
                    [
                      paragraph(content.statement.en, { size: 8.5, side: 'left', direction: 'ltr', after: 6 }),
                      paragraph(`${content.issued.label.en} ${content.issued.value.en}`, { size: 9, bold: true, side: 'left', direction: 'ltr' }),
                    ],
                    half,
                  ),
                  cell(
                    [
                      paragraph(content.statement.he, { size: 9, side: 'right', direction: 'rtl', after: 6 }),
                      paragraph(`${content.issued.label.he} ${content.issued.value.he}`, { size: 9.5, bold: true, side: 'right', direction: 'rtl' }),
                    ],
                    half,
                  ),
                ],
              }),
            ],
            [half, half],
            { ...noBorders, top: sectionRule },
          ),
        ],
      },
    ],
  });
}

async function drawPictures(content: CertificateContent, fonts: FontSet): Promise<Pictures> {
  const jpeg = content.photo.jpeg;
  const size = jpeg ? readJpegSize(jpeg) : null;
  const watermarkDrawing = content.watermark ? layOutWatermark(fonts, content.watermark) : null;
  // Two pixels per point, so the letters stay smooth when the page is printed.
  const watermark = watermarkDrawing
    ? {
        png: await rasteriseDrawing(watermarkDrawing, fonts, { width: 2 * watermarkDrawing.width, height: 2 * watermarkDrawing.height, transparent: true }),
        width: watermarkDrawing.width,
        height: watermarkDrawing.height,
      }
    : null;
  return {
    qr: await renderQrPng(createQrMatrix(content.qr.url), fonts, 12),
    photo: jpeg && size ? { jpeg, ...size } : null,
    watermark,
  };
}

export async function renderCertificateDocx(p: CertificatePayload): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const content = describeCertificate(p);
  const doc = buildDocument(content, await drawPictures(content, fonts));
  const buffer = await Packer.toBuffer(doc);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
