import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { certificateQrBox } from '../../src/certificates/certificate-layout.ts';
import { renderCertificatePdf } from '../../src/certificates/render-certificate-pdf.ts';
import { buildCertificatePayload, buildPreviewJpeg, repairedCertificateFacts } from './certificate-payload-factory.ts';
import { pdftoppmMissing, rasterisePdfPage } from './pdf-raster.ts';
import { readPdfText } from './pdf-text.ts';
import type { PdfPageText } from './pdf-text.ts';
import { expectedQrRows, sampleQrRows } from './qr-sampling.ts';

function strings(page: PdfPageText): string[] {
  return page.items.map((i) => i.str);
}

function find(page: PdfPageText, str: string) {
  const item = page.items.find((i) => i.str === str);
  assert.ok(item, `"${str}" is not on the page; found ${JSON.stringify(strings(page))}`);
  return item;
}

describe('renderCertificatePdf', () => {
  it('prints one A4 page with the scroll, its people, store and code', async () => {
    const sut = buildCertificatePayload({ preview: await buildPreviewJpeg(), scroll: { lastRepairedDate: '2024-03-10' } });
    const { pages, title } = await readPdfText(await renderCertificatePdf(sut));

    assert.equal(pages.length, 1);
    const [page] = pages;
    assert.equal(Math.round(page.width), 595);
    assert.equal(Math.round(page.height), 842);
    assert.match(title ?? '', /3f2a9c4e-7b1d-4e8a-9c2f-5d6e7f8a9b0c/);
    const text = strings(page).join(' ');
    for (const expected of repairedCertificateFacts) {
      // A civil date and its Hebrew date are one value, which a PDF holds as runs of either direction.
      const [civil, hebrew] = expected.split(' · ');
      if (hebrew === undefined) find(page, expected);
      else assert.ok(text.includes(civil) && text.includes(hebrew), `"${expected}" is not on the page`);
    }
    assert.ok(text.includes('כ״ז שבט תשפ״ד'), 'the Hebrew date of issue');
    // The megiah appears as the examiner and as who verified.
    assert.equal(page.items.filter((i) => i.str === 'yosef_megiah').length, 2);
  });

  it('prints Hebrew labels that read in the right order when extracted', async () => {
    const { pages } = await readPdfText(await renderCertificatePdf(buildCertificatePayload()));
    const [page] = pages;
    for (const hebrew of ['תעודת מזוזה', 'מרשם המזוזות', 'מזהה המזוזה', 'תאריך הכתיבה', 'הסופר והמגיה', 'החנות הרושמת', 'מאומתת']) {
      const item = find(page, hebrew);
      assert.equal(item.dir, 'rtl', hebrew);
    }
    // Hebrew labels are set flush right, English ones flush left.
    assert.ok(find(page, 'מזהה המזוזה').x + find(page, 'מזהה המזוזה').width > page.width - 60);
    assert.ok(find(page, 'Scroll ID').x < 60);
  });

  it('sets a date inside a Hebrew sentence to the left of the words before it', async () => {
    const { pages } = await readPdfText(await renderCertificatePdf(buildCertificatePayload()));
    const [page] = pages;
    // "בדיקת המגיה אושרה ב-2024-02-05." reads right to left, so the date ends up leftmost.
    const words = find(page, 'בדיקת המגיה אושרה ב');
    // The English sentence shares the baseline on the left half; look on the right half only.
    const date = page.items.find((i) => i.str.includes('2024-02-05') && Math.abs(i.y - words.y) < 1 && i.x > page.width / 2);
    assert.ok(date, 'the date shares the line of the Hebrew sentence');
    assert.ok(date.x < words.x, 'the date is left of the Hebrew words');
  });

  it('prints Hebrew data (names, store) in logical order', async () => {
    const sut = buildCertificatePayload({
      sofer: { uuid: 's', username: 'משה כהן', diplomaRef: '' },
      store: { uuid: 'st', username: 'יודאיקה ירושלים', city: 'ירושלים', country: 'ישראל' },
      scroll: { font: 'בית יוסף' },
    });
    const { pages } = await readPdfText(await renderCertificatePdf(sut));
    const [page] = pages;
    for (const hebrew of ['משה כהן', 'יודאיקה ירושלים', 'בית יוסף']) find(page, hebrew);
    find(page, 'לא הוגשה'); // no diploma on file
    // "ירושלים, ישראל": the comma comes from the Latin face, so the parts are
    // separate items; read right to left, the city comes first.
    const country = find(page, 'ישראל');
    const city = page.items.find((i) => i.str === 'ירושלים' && Math.abs(i.y - country.y) < 1);
    assert.ok(city, 'the city shares the line of the country');
    assert.ok(city.x > country.x, 'the city is right of the country');
  });

  it('marks an unverified scroll as not yet verified, in both languages', async () => {
    const sut = buildCertificatePayload({ scroll: { isVerified: false, verifiedAt: null, verifiedBy: null } });
    const { pages } = await readPdfText(await renderCertificatePdf(sut));
    const [page] = pages;
    const all = strings(page);
    assert.ok(all.includes('NOT YET VERIFIED'));
    assert.ok(all.filter((s) => s === 'טרם אומתה').length >= 2, 'banner and watermark');
    assert.ok(!all.some((s) => s === 'VERIFIED' || s === 'מאומתת'));
    assert.ok(!all.includes('2024-02-05 14:30:00 UTC'));
  });

  it('marks a rejected scroll as rejected, with the reason, in both languages', async () => {
    const sut = buildCertificatePayload({ scroll: { isVerified: false, verifiedAt: null, verifiedBy: null, rejection: { at: '2024-02-07 11:20:00', by: 'yosef_megiah', reason: 'invalid_letter_form' } } });
    const { pages } = await readPdfText(await renderCertificatePdf(sut));
    const all = strings(pages[0]);
    assert.ok(all.includes('REJECTED BY THE MEGIAH'));
    assert.ok(all.includes('REJECTED'), 'the watermark');
    assert.ok(all.includes('נדחתה'), 'the Hebrew watermark');
    assert.ok(all.some((s) => s.includes('נדחתה על ידי המגיה')), 'the Hebrew banner');
    assert.ok(all.some((s) => s.includes('Invalid letter form (touching, broken)')), 'the reason, whole');
    assert.ok(all.some((s) => s.includes('the reason is below.')), 'the banner, whole');
    assert.ok(all.some((s) => s.includes('2024-02-07 11:20:00 UTC')));
    assert.ok(!all.some((s) => s === 'VERIFIED' || s === 'מאומתת'));
  });

  it('draws the QR code of the scroll URL where the layout puts it', { skip: pdftoppmMissing }, async () => {
    const sut = buildCertificatePayload();
    const dpi = 150;
    const png = await rasterisePdfPage(await renderCertificatePdf(sut), 1, dpi);
    const scale = dpi / 72;
    const box = { x: certificateQrBox.x * scale, y: certificateQrBox.y * scale, size: certificateQrBox.size * scale };
    const expected = expectedQrRows(sut.qr.url);
    assert.deepEqual(await sampleQrRows(png, box, expected.length), expected);
  });

  it('is dated when it was issued, so the same payload renders the same bytes', async () => {
    const sut = buildCertificatePayload();
    const pdf = await renderCertificatePdf(sut);
    const { creationDate, modDate } = await readPdfText(pdf);
    assert.equal(creationDate, 'D:20240206100000Z');
    assert.equal(modDate, 'D:20240206100000Z');
    assert.deepEqual(await renderCertificatePdf(sut), pdf);
  });

  it('omits the last repair when there was none', async () => {
    const { pages } = await readPdfText(await renderCertificatePdf(buildCertificatePayload()));
    assert.ok(!strings(pages[0]).includes('Last repaired on'));
  });

  it('embeds the preview photograph, or says there is none', async () => {
    const withPhoto = await renderCertificatePdf(buildCertificatePayload({ preview: await buildPreviewJpeg() }));
    const without = await renderCertificatePdf(buildCertificatePayload({ preview: null }));
    assert.ok(Buffer.from(withPhoto).includes('/DCTDecode'), 'a JPEG image stream');
    assert.ok(!Buffer.from(without).includes('/DCTDecode'));
    const { pages } = await readPdfText(without);
    assert.ok(strings(pages[0]).includes('No photograph on file'));
  });

  it('treats preview bytes that are not a JPEG as no photograph', async () => {
    const pdf = await renderCertificatePdf(buildCertificatePayload({ preview: new Uint8Array([1, 2, 3, 4, 5]) }));
    const { pages } = await readPdfText(pdf);
    assert.ok(strings(pages[0]).includes('No photograph on file'));
  });
});
