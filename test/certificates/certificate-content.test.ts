import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import JSZip from 'jszip';
import { describeCertificate } from '../../src/certificates/certificate-content.ts';
import { renderCertificateDocx } from '../../src/certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from '../../src/certificates/render-certificate-pdf.ts';
import { buildCertificatePayload } from './certificate-payload-factory.ts';
import { readPdfText } from './pdf-text.ts';

/** Positions of `wanted` strings within `seen`, in the order `seen` has them. */
function orderOf(seen: readonly string[], wanted: readonly string[]): string[] {
  return seen.filter((s) => wanted.includes(s));
}

describe('describeCertificate', () => {
  it('lists the fields in reading order, the last repair and note only when there are any', () => {
    const keys = (p: ReturnType<typeof buildCertificatePayload>) =>
      describeCertificate(p).sections.map((s) => `${s.key}: ${s.fields.map((f) => f.key).join(' ')}`);
    assert.deepEqual(keys(buildCertificatePayload()), [
      'scroll: uuid font size written examined registered',
      'people: sofer soferDiploma megiah megiahDiploma',
      'store: store location',
      'verification: status verifiedAt verifiedBy',
    ]);
    assert.deepEqual(keys(buildCertificatePayload({ scroll: { lastRepairedDate: '2024-03-10', note: ' checked twice ' } }))[0], 'scroll: uuid font size written examined lastRepaired registered note');
  });

  it('states verification only with its date, and a dash while unverified', () => {
    const verified = describeCertificate(buildCertificatePayload());
    assert.equal(verified.status.verified, true);
    assert.equal(verified.watermark, null);
    const unverified = describeCertificate(buildCertificatePayload({ scroll: { isVerified: false, verifiedAt: null, verifiedBy: null } }));
    const verification = unverified.sections.find((s) => s.key === 'verification')!;
    assert.deepEqual(
      verification.fields.map((f) => f.value),
      [
        { kind: 'words', text: { en: 'Not yet verified', he: 'טרם אומתה' } },
        { kind: 'words', text: { en: '—', he: '—' } },
        { kind: 'words', text: { en: '—', he: '—' } },
      ],
    );
    assert.deepEqual(unverified.watermark, { en: 'Not yet verified', he: 'טרם אומתה' });
  });

  it('states a rejection with its reason, date and megiah in both languages, and marks the page', () => {
    const rejected = describeCertificate(buildCertificatePayload({ scroll: { isVerified: false, verifiedAt: null, verifiedBy: null, rejection: { at: '2024-02-07 11:20:00', by: 'yosef_megiah', reason: 'invalid_letter_form' } } }));
    assert.equal(rejected.status.verified, false);
    assert.deepEqual(rejected.status.headline, { en: 'Rejected by the megiah', he: 'נדחתה על ידי המגיה' });
    assert.deepEqual(rejected.status.detail, {
      en: 'The megiah refused to confirm it on 2024-02-07; the reason is below.',
      he: 'המגיה סירב לאשר את הבדיקה ב-2024-02-07; הסיבה מפורטת להלן.',
    });
    assert.deepEqual(rejected.watermark, { en: 'Rejected', he: 'נדחתה' });
    const verification = rejected.sections.find((s) => s.key === 'verification')!;
    assert.deepEqual(
      verification.fields.map((f) => [f.key, f.value, f.tone]),
      [
        ['status', { kind: 'words', text: { en: 'Rejected by the megiah', he: 'נדחתה על ידי המגיה' } }, 'warning'],
        ['rejectionReason', { kind: 'words', text: { en: 'Invalid letter form (touching, broken)', he: 'צורת אות פסולה (נוגעת, שבורה)' } }, 'warning'],
        ['rejectedAt', { kind: 'data', text: '2024-02-07 11:20:00 UTC' }, 'plain'],
        ['rejectedBy', { kind: 'data', text: 'yosef_megiah' }, 'plain'],
      ],
    );
  });

  it('is what both the PDF and the DOCX print, in the same order', async () => {
    const payload = buildCertificatePayload({ scroll: { lastRepairedDate: '2024-03-10', note: 'checked twice' } });
    const content = describeCertificate(payload);
    const english = content.sections.flatMap((s) => [s.heading.en, ...s.fields.map((f) => f.label.en)]);
    const hebrew = content.sections.flatMap((s) => [s.heading.he, ...s.fields.map((f) => f.label.he)]);
    // Headings and labels are all distinct, so order can be read off the documents.
    assert.equal(new Set(english).size, english.length);
    assert.equal(new Set(hebrew).size, hebrew.length);

    const { pages } = await readPdfText(await renderCertificatePdf(payload));
    // pdf.js lists items in drawing order; sort top to bottom to read like a person.
    const pdfLines = [...pages[0].items].sort((a, b) => b.y - a.y || a.x - b.x).map((i) => i.str);
    assert.deepEqual(orderOf(pdfLines, english), english);
    assert.deepEqual(orderOf(pdfLines, hebrew), hebrew);

    const zip = await JSZip.loadAsync(await renderCertificateDocx(payload));
    const xml = await zip.file('word/document.xml')!.async('string');
    const docxParagraphs = (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).map((p) =>
      [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
    );
    assert.deepEqual(orderOf(docxParagraphs, english), english);
    assert.deepEqual(orderOf(docxParagraphs, hebrew), hebrew);
  });
});
