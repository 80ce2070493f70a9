import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Font } from '@pdf-lib/fontkit';
import { Align, measureText, placeText, shapeLine, wrapText } from '../../src/certificates/drawing.ts';
import { FontStyle, leftToRightFontkit, loadFonts } from '../../src/certificates/fonts.ts';
import type { FontSet } from '../../src/certificates/fonts.ts';
import { readJpegSize } from '../../src/certificates/jpeg-size.ts';
import { renderCertificatePdf } from '../../src/certificates/render-certificate-pdf.ts';
import { buildCertificatePayload, buildPreviewJpeg } from './certificate-payload-factory.ts';
import { readPdfText } from './pdf-text.ts';

/** The fonts, counting the characters laid out with them (each measurement of a line lays it out once). */
function countingLayout(fonts: FontSet): { fonts: FontSet; laidOut: () => number } {
  let laidOut = 0;
  const faces = Object.fromEntries(
    Object.entries(fonts.faces).map(([key, face]) => {
      const font: Font = Object.create(face.font);
      font.layout = (text, features) => {
        laidOut += text.length;
        return face.font.layout(text, features);
      };
      return [key, { ...face, font }];
    }),
  ) as unknown as FontSet['faces'];
  return { fonts: { faces }, laidOut: () => laidOut };
}

describe('fonts', () => {
  it('load once and are shared', async () => {
    assert.equal(await loadFonts(), await loadFonts());
  });

  it('are parsed once: the fontkit given to pdf-lib hands back the parsed faces', async () => {
    const fonts = await loadFonts();
    for (const face of Object.values(fonts.faces)) assert.equal(leftToRightFontkit.create(face.bytes), face.font, face.key);
  });

  it('draw Hebrew and Latin from their own subsets, each run in visual order', async () => {
    const fonts = await loadFonts();
    const line = shapeLine(fonts, 'נכתבה ב-2024', FontStyle.serif, 10, 'rtl');
    // The Hebrew subset has no digits or hyphen, the Latin one no Hebrew.
    assert.deepEqual(
      line.runs.map((r) => [r.face, r.text]),
      [
        ['serif-latin', '2024-'],
        ['serif-hebrew', 'ב הבתכנ'],
      ],
    );
    assert.ok(Math.abs(line.width - line.runs.reduce((sum, r) => sum + r.width, 0)) < 1e-9);
  });
});

describe('placeText', () => {
  it('aligns by the anchor', async () => {
    const fonts = await loadFonts();
    const options = { y: 100, style: FontStyle.serif, size: 10, color: '#000000' } as const;
    const width = measureText(fonts, 'Scroll ID', FontStyle.serif, 10);
    assert.equal(placeText(fonts, 'Scroll ID', { ...options, x: 50, align: Align.left }).x, 50);
    assert.ok(Math.abs(placeText(fonts, 'Scroll ID', { ...options, x: 200, align: Align.right }).x - (200 - width)) < 1e-9);
    assert.ok(Math.abs(placeText(fonts, 'Scroll ID', { ...options, x: 100, align: Align.center }).x - (100 - width / 2)) < 1e-9);
  });

  it('shrinks, then cuts with an ellipsis, to fit a width', async () => {
    const fonts = await loadFonts();
    const text = 'a rather long line of text that cannot possibly fit';
    const shape = placeText(fonts, text, { x: 0, y: 0, style: FontStyle.serif, size: 10, color: '#000000', align: Align.left, maxWidth: 80, minSize: 8 });
    assert.equal(shape.size, 8);
    assert.ok(shape.width <= 80);
    assert.match(shape.logical, /^a rather .*…$/);
  });

  it('cuts a long line to the longest start that fits, shaping it a bounded number of times', async () => {
    const { fonts, laidOut } = countingLayout(await loadFonts());
    const text = 'long words '.repeat(200);
    const options = { x: 0, y: 0, style: FontStyle.serif, size: 9, color: '#000000', align: Align.left, direction: 'ltr', maxWidth: 250 } as const;
    const shape = placeText(fonts, text, options);
    assert.ok(shape.width <= 250);
    assert.match(shape.logical, /^long words .*…$/);
    const kept = shape.logical.length - 1;
    assert.ok(measureText(fonts, `${text.slice(0, kept + 1).trimEnd()}…`, FontStyle.serif, 9) > 250, 'one more character would have fitted');
    // Cutting one character at a time shaped all that was left once per character: about a thousand times the text here.
    assert.ok(laidOut() < 40 * text.length, `${laidOut()} characters laid out for a line of ${text.length}`);
  });

  it('keeps every character when shrinking alone makes it fit, despite rounding at the exact width', async () => {
    const fonts = await loadFonts();
    // Sticker codes of wide letters: scaled to exactly maxWidth, some come out a rounding error wider.
    const maxWidth = (28 * 72) / 25.4;
    for (const code of ['CWMCCYMTMSAC', 'WWWWWWWWWWWW', 'MMMMMMMMMMMM', 'DVPVWBDNZ6ZM']) {
      const shape = placeText(fonts, code, { x: 0, y: 0, style: FontStyle.sansBold, size: 9.5, color: '#000000', align: Align.center, direction: 'ltr', maxWidth, minSize: 6 });
      assert.equal(shape.logical, code);
      assert.ok(shape.size < 9.5 && shape.size >= 6, `${code} at ${shape.size}`);
      assert.ok(shape.width <= maxWidth + 1e-6);
    }
  });
});

describe('wrapText', () => {
  it('breaks at spaces and after slashes, keeping every character', async () => {
    const fonts = await loadFonts();
    const path = 'static/diplomas/2024/very/long/path/to/the/diploma-of-the-sofer.pdf';
    const lines = wrapText(fonts, path, FontStyle.serif, 9, 150);
    assert.ok(lines.length > 1);
    assert.equal(lines.join(''), path);
    for (const line of lines) assert.ok(measureText(fonts, line, FontStyle.serif, 9) <= 150);
    const sentence = 'נבדקה בהגהת מחשב פעמיים ותוקנה אות אחת';
    assert.equal(wrapText(fonts, sentence, FontStyle.serif, 9, 60).join(' '), sentence);
  });

  it('puts the rest into the last allowed line', async () => {
    const fonts = await loadFonts();
    const lines = wrapText(fonts, 'one two three four five six seven eight', FontStyle.serif, 10, 40, 2);
    assert.equal(lines.length, 2);
    assert.equal(lines.join(' '), 'one two three four five six seven eight');
  });

  it('breaks a long word only up to the last allowed line, which takes the rest unbroken', async () => {
    const { fonts, laidOut } = countingLayout(await loadFonts());
    const word = 'x'.repeat(3000);
    const lines = wrapText(fonts, word, FontStyle.serif, 9, 200, 3);
    assert.equal(lines.length, 3);
    assert.equal(lines.join(''), word);
    for (const line of lines.slice(0, 2)) assert.ok(measureText(fonts, line, FontStyle.serif, 9) <= 200);
    // Measuring only the lines it keeps: breaking all of the word measured a line per character.
    assert.ok(laidOut() < 10 * word.length, `${laidOut()} characters laid out for a word of ${word.length}`);
  });
});

describe('certificate with long values', () => {
  it('wraps a long diploma reference instead of losing it', async () => {
    const diplomaRef = 'static/diplomas/2024/very/long/path/to/the/diploma-of-the-sofer-abraham-yitzchak.pdf';
    const payload = buildCertificatePayload({ sofer: { uuid: 's', username: 'moshe_sofer', diplomaRef } });
    const { pages } = await readPdfText(await renderCertificatePdf(payload));
    const pieces = pages[0].items.filter((i) => diplomaRef.includes(i.str) && i.str.length > 5);
    assert.equal(pieces.map((i) => i.str).join(''), diplomaRef);
  });

  it('tightens the rows rather than run past the frame when every field is long', async () => {
    const diplomaRef = 'static/diplomas/2024/very/long/path/to/the/diploma-of-the-sofer-abraham-yitzchak-ben-moshe.pdf';
    const payload = buildCertificatePayload({
      scroll: { lastRepairedDate: '2024-03-10', note: 'נבדקה בהגהת מחשב פעמיים ותוקנה אות אחת '.repeat(8).trim() },
      sofer: { uuid: 's', username: 'moshe_sofer', diplomaRef },
      megiah: { uuid: 'm', username: 'yosef_megiah', diplomaRef },
      store: { uuid: 'st', username: 'Judaica '.repeat(20).trim(), city: 'Jerusalem '.repeat(10).trim(), country: 'Israel' },
    });
    const { pages } = await readPdfText(await renderCertificatePdf(payload));
    // PDF y grows upwards: the lowest baseline must stay clear of the double frame at the page's foot.
    const lowest = Math.min(...pages[0].items.map((i) => i.y));
    assert.ok(lowest > 30, `the last line's baseline is ${lowest.toFixed(1)} pt above the page's foot`);
  });
});

describe('readJpegSize', () => {
  it('reads the frame size of a JPEG and rejects anything else', async () => {
    assert.deepEqual(readJpegSize(await buildPreviewJpeg(480, 640)), { width: 480, height: 640 });
    assert.deepEqual(readJpegSize(await buildPreviewJpeg(900, 400)), { width: 900, height: 400 });
    assert.equal(readJpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47])), null);
    assert.equal(readJpegSize(new Uint8Array([0xff, 0xd8, 0xff])), null);
    assert.equal(readJpegSize(new Uint8Array()), null);
  });
});
