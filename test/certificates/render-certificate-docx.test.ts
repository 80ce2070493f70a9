import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { renderCertificateDocx } from '../../src/certificates/render-certificate-docx.ts';
import { qrQuietZone } from '../../src/certificates/qr-matrix.ts';
import { buildCertificatePayload, buildPreviewJpeg, repairedCertificateFacts } from './certificate-payload-factory.ts';
import { expectedQrRows, sampleQrRows } from './qr-sampling.ts';

type DocxParagraph = { readonly xml: string; readonly text: string };

async function openDocx(bytes: Uint8Array) {
  const zip = await JSZip.loadAsync(bytes);
  const read = (path: string) => {
    const file = zip.file(path);
    assert.ok(file, `${path} is in the package`);
    return file.async('string');
  };
  const xml = await read('word/document.xml');
  const paragraphs: DocxParagraph[] = (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).map((p) => ({
    xml: p,
    text: [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
  }));
  const media = Object.keys(zip.files).filter((name) => name.startsWith('word/media/'));
  const headers = await Promise.all(Object.keys(zip.files).filter((n) => /^word\/header\d*\.xml$/.test(n)).map(read));
  return { zip, xml, paragraphs, media, headers };
}

function paragraphWith(paragraphs: readonly DocxParagraph[], text: string): DocxParagraph {
  const found = paragraphs.find((p) => p.text === text);
  assert.ok(found, `no paragraph reads "${text}"; found ${JSON.stringify(paragraphs.map((p) => p.text).filter(Boolean))}`);
  return found;
}

describe('renderCertificateDocx', () => {
  it('states the scroll, its people, store and code', async () => {
    const { paragraphs } = await openDocx(await renderCertificateDocx(buildCertificatePayload({ scroll: { lastRepairedDate: '2024-03-10' } })));
    for (const text of [...repairedCertificateFacts, 'Verified · מאומתת']) paragraphWith(paragraphs, text);
  });

  it('marks Hebrew paragraphs right-to-left and sets them from the right', async () => {
    const { paragraphs } = await openDocx(await renderCertificateDocx(buildCertificatePayload()));
    for (const hebrew of ['תעודת מזוזה', 'מזהה המזוזה', 'הסופר והמגיה', 'תעודה זו מאשרת כי המזוזה המתוארת לעיל רשומה במרשם המזוזות. לאימות מצבה העדכני יש לסרוק את קוד ה-QR.']) {
      const p = paragraphWith(paragraphs, hebrew);
      assert.match(p.xml, /<w:bidi\/>/, `${hebrew}: w:bidi`);
      assert.match(p.xml, /<w:rtl\/>/, `${hebrew}: w:rtl runs`);
    }
    // A label column's Hebrew starts at the right edge: "start" in a bidi paragraph.
    assert.match(paragraphWith(paragraphs, 'מזהה המזוזה').xml, /<w:jc w:val="start"\/>/);
    assert.match(paragraphWith(paragraphs, 'Scroll ID').xml, /<w:jc w:val="start"\/>/);
    assert.doesNotMatch(paragraphWith(paragraphs, 'Scroll ID').xml, /<w:bidi\/>/);
  });

  it('keeps numbers and Latin inside Hebrew as left-to-right runs', async () => {
    const { paragraphs } = await openDocx(await renderCertificateDocx(buildCertificatePayload()));
    const p = paragraphWith(paragraphs, 'בדיקת המגיה אושרה ב-2024-02-05.');
    const runs = [...p.xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((m) => ({
      rtl: /<w:rtl\/>/.test(m[1]),
      text: /<w:t[^>]*>([^<]*)<\/w:t>/.exec(m[1])?.[1] ?? '',
    }));
    assert.deepEqual(runs, [
      { rtl: true, text: 'בדיקת המגיה אושרה ב-' },
      { rtl: false, text: '2024-02-05' },
      { rtl: true, text: '.' },
    ]);
  });

  it('prints Hebrew data in logical order within bidi paragraphs', async () => {
    const sut = buildCertificatePayload({
      sofer: { uuid: 's', username: 'משה כהן', diplomaRef: '' },
      store: { uuid: 'st', username: 'יודאיקה ירושלים בע"מ', city: 'ירושלים', country: 'ישראל' },
    });
    const { paragraphs } = await openDocx(await renderCertificateDocx(sut));
    assert.match(paragraphWith(paragraphs, 'משה כהן').xml, /<w:bidi\/>/);
    assert.match(paragraphWith(paragraphs, 'יודאיקה ירושלים בע&quot;מ').xml, /<w:bidi\/>/);
    paragraphWith(paragraphs, 'ירושלים, ישראל');
    paragraphWith(paragraphs, 'None on file · לא הוגשה');
  });

  it('is an A4 page with the QR code and the preview photograph as pictures', async () => {
    const sut = buildCertificatePayload({ preview: await buildPreviewJpeg() });
    const { zip, xml, media } = await openDocx(await renderCertificateDocx(sut));
    assert.match(xml, /<w:pgSz w:w="11906" w:h="16838"/);
    assert.equal(media.filter((m) => m.endsWith('.jpg')).length, 1);
    const pngs = media.filter((m) => m.endsWith('.png'));
    assert.equal(pngs.length, 1);

    const qr = new Uint8Array(await zip.file(pngs[0])!.async('uint8array'));
    const expected = expectedQrRows(sut.qr.url);
    const { width } = await sharp(qr).metadata();
    const modulePixels = (width ?? 0) / (expected.length + 2 * qrQuietZone);
    assert.ok(Number.isInteger(modulePixels), 'whole pixels per module');
    const box = { x: qrQuietZone * modulePixels, y: qrQuietZone * modulePixels, size: expected.length * modulePixels };
    assert.deepEqual(await sampleQrRows(qr, box, expected.length), expected);
  });

  it('says so when there is no photograph', async () => {
    const { paragraphs, media } = await openDocx(await renderCertificateDocx(buildCertificatePayload({ preview: null })));
    assert.equal(media.filter((m) => m.endsWith('.jpg')).length, 0);
    paragraphWith(paragraphs, 'No photograph on file · אין צילום במרשם');
  });

  it('marks an unverified scroll in words and with a watermark', async () => {
    const sut = buildCertificatePayload({ scroll: { isVerified: false, verifiedAt: null, verifiedBy: null } });
    const { zip, paragraphs, headers, media } = await openDocx(await renderCertificateDocx(sut));
    paragraphWith(paragraphs, 'NOT YET VERIFIED');
    assert.match(paragraphWith(paragraphs, 'טרם אומתה').xml, /<w:bidi\/>/);
    paragraphWith(paragraphs, 'Not yet verified · טרם אומתה');
    assert.ok(!paragraphs.some((p) => p.text === 'VERIFIED'));
    assert.equal(headers.length, 1);
    assert.match(headers[0], /v:imagedata/, 'a picture watermark in the header');
    // Transparent, so the watermark lays its letters on the page rather than a white box.
    const hasAlpha = async (png: string) => (await sharp(await zip.file(png)!.async('uint8array')).metadata()).hasAlpha;
    const alpha = await Promise.all(media.filter((m) => m.endsWith('.png')).map(hasAlpha));
    assert.deepEqual(alpha.sort(), [false, true], 'an opaque QR code and a transparent watermark');
  });

  it('marks a rejected scroll in words, with the reason, and with a watermark', async () => {
    const sut = buildCertificatePayload({ scroll: { isVerified: false, verifiedAt: null, verifiedBy: null, rejection: { at: '2024-02-07 11:20:00', by: 'yosef_megiah', reason: 'invalid_letter_form' } } });
    const { paragraphs, headers } = await openDocx(await renderCertificateDocx(sut));
    paragraphWith(paragraphs, 'REJECTED BY THE MEGIAH');
    assert.match(paragraphWith(paragraphs, 'נדחתה על ידי המגיה').xml, /<w:bidi\/>/);
    paragraphWith(paragraphs, 'Invalid letter form (touching, broken) · צורת אות פסולה (נוגעת, שבורה)');
    assert.match(headers[0], /v:imagedata/, 'a picture watermark in the header');
  });

  it('has no watermark once verified', async () => {
    const { headers } = await openDocx(await renderCertificateDocx(buildCertificatePayload()));
    assert.ok(headers.every((h) => !h.includes('v:imagedata')));
  });
});
