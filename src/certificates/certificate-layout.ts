// Where everything on the A4 certificate goes. Bilingual by position: English
// reads from the left edge, Hebrew from the right edge, and data (uuid, dates,
// names) sits in the centre column between them, so neither language is a
// translation tucked under the other.

import { Align, measureText, placeText, wrapText } from './drawing.ts';
import { detectDirection } from './bidi.ts';
import type { Color, Drawing, Shape, TextShape } from './drawing.ts';
import type { Bilingual, CertificateContent, CertificateField, Tone } from './certificate-content.ts';
import { valueInOneLine } from './certificate-content.ts';
import { FontStyle } from './fonts.ts';
import type { FontSet } from './fonts.ts';
import { readJpegSize } from './jpeg-size.ts';
import { createQrMatrix, qrQuietZone } from './qr-matrix.ts';

/** A4 in points. */
export const certificatePage = { width: 595.28, height: 841.89 } as const;

/** The certificate's colours, shared with the DOCX so both documents look alike. */
export const certificatePalette = {
  ink: '#1b2540',
  muted: '#5b6478',
  gold: '#a07a28',
  rule: '#c9b27a',
  good: '#1d6b3b',
  goodWash: '#e9f4ec',
  warning: '#a3261b',
  warningWash: '#fbecea',
  watermark: '#f6dedb',
  photoWash: '#f4f1ea',
} as const satisfies Record<string, Color>;

export const toneColor: Readonly<Record<Tone, Color>> = { plain: certificatePalette.ink, good: certificatePalette.good, warning: certificatePalette.warning };

const margin = 50;
const left = margin;
const right = certificatePage.width - margin;
const centre = certificatePage.width / 2;
const contentWidth = right - left;
/** Label columns either side of the centred value. */
const labelColumn = 128;
const valueWidth = contentWidth - 2 * labelColumn - 16;

/** Where the QR symbol sits on the page, exported so tests can sample it in the PNG. */
export const certificateQrBox = { x: 378, y: 220, size: 116 } as const;
const photoBox = { x: 94, y: 216, width: 170, height: 132 } as const;

/**
 * "Not yet verified" in both languages, two lines turned together about
 * `middle`; the Hebrew line sits one line below the English, across the slant.
 */
function placeWatermark(fonts: FontSet, watermark: Bilingual, middle: { x: number; y: number }): TextShape[] {
  const turn = 35;
  const across = { x: Math.sin((turn * Math.PI) / 180), y: Math.cos((turn * Math.PI) / 180) };
  const spacing = 34;
  const common = { style: FontStyle.serifBold, color: certificatePalette.watermark, align: Align.center, rotation: turn } as const;
  return [
    placeText(fonts, watermark.en.toUpperCase(), { ...common, x: middle.x - across.x * spacing, y: middle.y - across.y * spacing, size: 50, direction: 'ltr' }),
    placeText(fonts, watermark.he, { ...common, x: middle.x + across.x * spacing, y: middle.y + across.y * spacing, size: 58, direction: 'rtl' }),
  ];
}

/** The watermark alone, on a canvas just large enough for it (for formats that place it themselves, like DOCX). */
export function layOutWatermark(fonts: FontSet, watermark: Bilingual): Drawing {
  const width = 480;
  const height = 400;
  return { width, height, shapes: placeWatermark(fonts, watermark, { x: width / 2, y: height / 2 + 20 }) };
}

export function layOutCertificate(content: CertificateContent, fonts: FontSet): Drawing {
  const shapes: Shape[] = [];
  const text = (value: string, options: Parameters<typeof placeText>[2]) => shapes.push(placeText(fonts, value, options));
  /** English at the left edge and Hebrew at the right edge of a band, on one baseline. */
  const bilingualLine = (words: Bilingual, y: number, style: FontStyle, size: number, color: Color, from = left, to = right) => {
    const half = (to - from) / 2 - 6;
    text(words.en, { x: from, y, style, size, color, align: Align.left, direction: 'ltr', maxWidth: half, minSize: size * 0.8 });
    text(words.he, { x: to, y, style, size: size * 1.08, color, align: Align.right, direction: 'rtl', maxWidth: half, minSize: size * 0.8 });
  };

  // Watermark first, so everything else is printed over it; centred over the
  // fields, clear of the QR code.
  if (content.watermark) shapes.push(...placeWatermark(fonts, content.watermark, { x: certificatePage.width / 2, y: 585 }));

  // Double frame.
  shapes.push({ kind: 'rect', x: 20, y: 20, width: certificatePage.width - 40, height: certificatePage.height - 40, stroke: certificatePalette.gold, lineWidth: 2 });
  shapes.push({ kind: 'rect', x: 26, y: 26, width: certificatePage.width - 52, height: certificatePage.height - 52, stroke: certificatePalette.rule, lineWidth: 0.6 });

  // Header: registry, title, subtitle.
  bilingualLine({ en: content.registry.en.toUpperCase(), he: content.registry.he }, 56, FontStyle.serifBold, 9.5, certificatePalette.gold);
  shapes.push({ kind: 'line', x1: left, y1: 63, x2: right, y2: 63, color: certificatePalette.rule, lineWidth: 0.6 });
  text(content.title.he, { x: centre, y: 102, style: FontStyle.serifBold, size: 30, color: certificatePalette.ink, align: Align.center, direction: 'rtl' });
  text(content.title.en, { x: centre, y: 130, style: FontStyle.serif, size: 21, color: certificatePalette.ink, align: Align.center, direction: 'ltr' });
  text(content.subtitle.en, { x: centre, y: 146, style: FontStyle.serif, size: 9, color: certificatePalette.muted, align: Align.center, direction: 'ltr' });
  text(content.subtitle.he, { x: centre, y: 159, style: FontStyle.serif, size: 9.5, color: certificatePalette.muted, align: Align.center, direction: 'rtl' });

  // Status banner: the one thing a reader must not miss.
  const verified = content.status.verified;
  const bannerTop = 168;
  const bannerColor = verified ? certificatePalette.good : certificatePalette.warning;
  shapes.push({ kind: 'rect', x: left, y: bannerTop, width: contentWidth, height: 32, fill: verified ? certificatePalette.goodWash : certificatePalette.warningWash, stroke: bannerColor, lineWidth: 1 });
  bilingualLine({ en: content.status.headline.en.toUpperCase(), he: content.status.headline.he }, bannerTop + 14, FontStyle.serifBold, 11.5, bannerColor, left + 10, right - 10);
  bilingualLine(content.status.detail, bannerTop + 26, FontStyle.serif, 8.5, certificatePalette.ink, left + 10, right - 10);

  // Photograph and QR code side by side.
  const photoMiddle = photoBox.x + photoBox.width / 2;
  shapes.push({ kind: 'rect', x: photoBox.x, y: photoBox.y, width: photoBox.width, height: photoBox.height, fill: certificatePalette.photoWash, stroke: certificatePalette.rule, lineWidth: 0.6 });
  const photoSize = content.photo.jpeg ? readJpegSize(content.photo.jpeg) : null;
  if (content.photo.jpeg && photoSize) {
    const inset = 4;
    const scale = Math.min((photoBox.width - 2 * inset) / photoSize.width, (photoBox.height - 2 * inset) / photoSize.height);
    const width = photoSize.width * scale;
    const height = photoSize.height * scale;
    shapes.push({ kind: 'image', jpeg: content.photo.jpeg, x: photoBox.x + (photoBox.width - width) / 2, y: photoBox.y + (photoBox.height - height) / 2, width, height });
  } else {
    text(content.photo.missing.en, { x: photoMiddle, y: photoBox.y + photoBox.height / 2 - 2, style: FontStyle.serif, size: 9, color: certificatePalette.muted, align: Align.center, direction: 'ltr' });
    text(content.photo.missing.he, { x: photoMiddle, y: photoBox.y + photoBox.height / 2 + 12, style: FontStyle.serif, size: 9.5, color: certificatePalette.muted, align: Align.center, direction: 'rtl' });
  }
  const photoFoot = photoBox.y + photoBox.height;
  text(content.photo.caption.en, { x: photoMiddle, y: photoFoot + 13, style: FontStyle.serif, size: 8, color: certificatePalette.muted, align: Align.center, direction: 'ltr' });
  text(content.photo.caption.he, { x: photoMiddle, y: photoFoot + 25, style: FontStyle.serif, size: 8.5, color: certificatePalette.muted, align: Align.center, direction: 'rtl' });

  const qr = createQrMatrix(content.qr.url);
  const quietZone = (qrQuietZone * certificateQrBox.size) / qr.size;
  // Opaque quiet zone: nothing (not even the watermark) may show between modules.
  shapes.push({ kind: 'rect', x: certificateQrBox.x - quietZone, y: certificateQrBox.y - quietZone, width: certificateQrBox.size + 2 * quietZone, height: certificateQrBox.size + 2 * quietZone, fill: '#ffffff' });
  // The box is the symbol itself; the page around it stays blank for the quiet zone.
  shapes.push({ kind: 'qr', matrix: qr, x: certificateQrBox.x, y: certificateQrBox.y, size: certificateQrBox.size, color: '#000000' });
  const qrMiddle = certificateQrBox.x + certificateQrBox.size / 2;
  const qrFoot = certificateQrBox.y + certificateQrBox.size + quietZone / 2;
  text(content.qr.code, { x: qrMiddle, y: qrFoot + 12, style: FontStyle.sansBold, size: 13, color: certificatePalette.ink, align: Align.center, direction: 'ltr', maxWidth: 170, minSize: 8 });
  text(`${content.qr.caption.en} · ${content.qr.caption.he}`, { x: qrMiddle, y: qrFoot + 25, style: FontStyle.serif, size: 8.5, color: certificatePalette.muted, align: Align.center, direction: 'ltr' });

  // The fields, section by section. A value too wide for its column wraps
  // (a free-text note up to three lines, anything else two) rather than
  // losing characters; if the whole block then outgrows the space above the
  // footer, the spacing between rows tightens to fit.
  const fieldsTop = 398;
  const fieldsBottom = 748;
  const pitch = { heading: 17, row: 14, extraLine: 10.5, sectionGap: 10 };
  const sections = content.sections.map((section) => ({ heading: section.heading, rows: section.fields.map(fitField) }));
  const natural = sections.reduce(
    (sum, section) => sum + pitch.heading + pitch.sectionGap + section.rows.reduce((rows, row) => rows + row.height, 0),
    0,
  );
  // The text check's sentence: English wrapped in the left half, Hebrew in the right, after the sections.
  const halfWidth = contentWidth / 2 - 14;
  const textCheck =
    content.textCheck === null
      ? null
      : {
          tone: content.textCheck.tone,
          en: wrapText(fonts, content.textCheck.text.en, FontStyle.serif, 8.5, halfWidth, 4),
          he: wrapText(fonts, content.textCheck.text.he, FontStyle.serif, 9, halfWidth, 4),
        };
  const textCheckHeight = textCheck === null ? 0 : Math.max(textCheck.en.length, textCheck.he.length) * pitch.extraLine + pitch.sectionGap;
  const squeeze = Math.max(0.8, Math.min(1, (fieldsBottom - fieldsTop) / (natural + textCheckHeight)));
  let y = fieldsTop;
  for (const section of sections) {
    bilingualLine(section.heading, y, FontStyle.serifBold, 10.5, certificatePalette.gold);
    shapes.push({ kind: 'line', x1: left, y1: y + 4.5, x2: right, y2: y + 4.5, color: certificatePalette.rule, lineWidth: 0.5 });
    y += pitch.heading * squeeze;
    for (const { field, lines, size, style, direction, height } of section.rows) {
      text(field.label.en, { x: left, y, style: FontStyle.serif, size: 8.5, color: certificatePalette.muted, align: Align.left, direction: 'ltr', maxWidth: labelColumn, minSize: 7 });
      text(field.label.he, { x: right, y, style: FontStyle.serif, size: 9.5, color: certificatePalette.muted, align: Align.right, direction: 'rtl', maxWidth: labelColumn, minSize: 7 });
      lines.forEach((line, i) => {
        text(line, { x: centre, y: y + i * pitch.extraLine * squeeze, style, size, color: toneColor[field.tone], align: Align.center, direction, maxWidth: valueWidth, minSize: size });
      });
      y += height * squeeze;
    }
    y += pitch.sectionGap * squeeze;
  }

  if (textCheck !== null) {
    const style = textCheck.tone === 'plain' ? FontStyle.serif : FontStyle.serifBold;
    const color = toneColor[textCheck.tone];
    textCheck.en.forEach((line, i) => {
      text(line, { x: left, y: y + i * pitch.extraLine * squeeze, style, size: 8.5, color, align: Align.left, direction: 'ltr' });
    });
    textCheck.he.forEach((line, i) => {
      text(line, { x: right, y: y + i * pitch.extraLine * squeeze, style, size: 9, color, align: Align.right, direction: 'rtl' });
    });
    y += textCheckHeight * squeeze;
  }

  /** A field's value fitted to the value column, and the height its row takes before any squeeze. */
  function fitField(field: CertificateField) {
    const whole = valueInOneLine(field.value);
    const style = field.tone === 'plain' ? FontStyle.serif : FontStyle.serifBold;
    // One paragraph direction for all lines of a value, taken from the whole value.
    const direction = detectDirection(whole);
    const fitted = (lines: string[], size: number) =>
      ({ field, lines, size, style, direction, height: pitch.row + (lines.length - 1) * pitch.extraLine });
    if (measureText(fonts, whole, style, 10) <= valueWidth) return fitted([whole], 10);
    const size = 9;
    const maxLines = field.key === 'note' ? 3 : 2;
    // A last line that is still too long is cut with an ellipsis when placed.
    return fitted(wrapText(fonts, whole, style, size, valueWidth, maxLines), size);
  }

  // Footer: the attestation and the issue date.
  const footerTop = Math.max(y - 2, 730);
  shapes.push({ kind: 'line', x1: left, y1: footerTop, x2: right, y2: footerTop, color: certificatePalette.rule, lineWidth: 0.5 });
  const columnWidth = contentWidth / 2 - 14;
  let enY = footerTop + 13;
  for (const line of wrapText(fonts, content.statement.en, FontStyle.serif, 8, columnWidth)) {
    text(line, { x: left, y: enY, style: FontStyle.serif, size: 8, color: certificatePalette.ink, align: Align.left, direction: 'ltr' });
    enY += 10.5;
  }
  let heY = footerTop + 13;
  for (const line of wrapText(fonts, content.statement.he, FontStyle.serif, 8.5, columnWidth)) {
    text(line, { x: right, y: heY, style: FontStyle.serif, size: 8.5, color: certificatePalette.ink, align: Align.right, direction: 'rtl' });
    heY += 10.5;
  }
  const issuedY = Math.max(enY, heY) + 6;
  text(`${content.issued.label.en} ${content.issued.value.en}`, { x: left, y: issuedY, style: FontStyle.serifBold, size: 8.5, color: certificatePalette.ink, align: Align.left, direction: 'ltr' });
  text(`${content.issued.label.he} ${content.issued.value.he}`, { x: right, y: issuedY, style: FontStyle.serifBold, size: 9, color: certificatePalette.ink, align: Align.right, direction: 'rtl' });

  return { width: certificatePage.width, height: certificatePage.height, shapes };
}
