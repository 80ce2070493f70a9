// The computer text check on the certificate (issue 53): one sentence in each
// language, after the verification, as true as the check's state allows: all
// 713 letters read and nothing found; or how much was read, how many places
// were flagged and what the megiah has done since; not completed; not made.
// Dated, the Hebrew with the Hebrew date. Read back from the PDF (pdf.js, as
// a viewer's search sees it) and the DOCX's XML.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { describeCertificate } from '../../src/certificates/certificate-content.ts';
import type { CertificatePayload } from '../../src/certificates/payload.ts';
import { renderCertificateDocx } from '../../src/certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from '../../src/certificates/render-certificate-pdf.ts';
import { certificatePngSize, renderCertificatePng } from '../../src/certificates/render-certificate-png.ts';
import { buildCertificatePayload } from './certificate-payload-factory.ts';
import { readPdfText, type PdfPageText } from './pdf-text.ts';

const CHECKED = '2024-02-03 09:16:00';
const HEBREW_DAY = '2024-02-03 · כ״ד שבט תשפ״ד';
const done = (findings: number, lettersRead = 713) => ({ state: 'done', checkedAt: CHECKED, findings, lettersRead }) as const;
const unverified = { isVerified: false, verifiedAt: null, verifiedBy: null } as const;
const rejected = { ...unverified, rejection: { at: '2024-02-07 11:20:00', by: 'yosef_megiah', reason: 'invalid_letter_form' } } as const;

const CLEAN_EN = 'Computer text check: all 713 letters read, no missing, extra or wrong letters found (checked on 2024-02-03). An aid to the megiah, not a ruling.';
const CLEAN_HE = `בדיקת מחשב: כל 713 האותיות נקראו, לא נמצאו אותיות חסרות, יתרות או שגויות (נבדקה ב-${HEBREW_DAY}). עזר למגיה, לא הכרעה.`;

const sentence = (payload: CertificatePayload) => describeCertificate(payload).textCheck;

describe('the text check, in words', () => {
  it('done, every letter read, nothing found: says so, in green', () => {
    assert.deepEqual(sentence(buildCertificatePayload({ textCheck: done(0) })), { text: { en: CLEAN_EN, he: CLEAN_HE }, tone: 'good' });
  });

  it('done with findings: how many, and that the megiah confirmed after the check (verified after it)', () => {
    // The factory's scroll was verified on 2024-02-05, after the check.
    assert.deepEqual(sentence(buildCertificatePayload({ textCheck: done(3) }))?.text, {
      en: 'Computer text check: all 713 letters read; 3 places flagged for the megiah; the megiah confirmed the examination after the check (checked on 2024-02-03). An aid to the megiah, not a ruling.',
      he: `בדיקת מחשב: כל 713 האותיות נקראו; 3 מקומות סומנו לעיון המגיה; המגיה אישר את הבדיקה לאחר בדיקת המחשב (נבדקה ב-${HEBREW_DAY}). עזר למגיה, לא הכרעה.`,
    });
  });

  it('a check made after the confirmation does not claim the megiah saw it', () => {
    const later = buildCertificatePayload({ textCheck: { ...done(1), checkedAt: '2024-02-09 08:00:00' } });
    assert.match(sentence(later)!.text.en, /; 1 place flagged for the megiah; the check was made after the megiah had confirmed the examination \(checked on 2024-02-09\)/);
    assert.match(sentence(later)!.text.he, /מקום אחד סומן לעיון המגיה; בדיקת המחשב נעשתה לאחר שהמגיה אישר את הבדיקה/);
  });

  it('awaiting the megiah, rejected by the megiah', () => {
    assert.match(sentence(buildCertificatePayload({ textCheck: done(2), scroll: unverified }))!.text.en, /2 places flagged for the megiah; awaiting the megiah’s review/);
    assert.match(sentence(buildCertificatePayload({ textCheck: done(2), scroll: unverified }))!.text.he, /ממתין לעיון המגיה/);
    assert.match(sentence(buildCertificatePayload({ textCheck: done(2), scroll: rejected }))!.text.en, /2 places flagged for the megiah; the megiah rejected the scroll/);
  });

  it('part of the text read: never "all", nor a clean bill for the rest', () => {
    const partial = sentence(buildCertificatePayload({ textCheck: done(0, 650) }))!;
    assert.equal(partial.tone, 'plain');
    assert.match(partial.text.en, /^Computer text check: 650 of the 713 letters read, the rest not checked; no missing, extra or wrong letters found among them; /);
    assert.match(partial.text.he, /650 מתוך 713 האותיות נקראו, והשאר לא נבדק; לא נמצאו ביניהן/);
  });

  it('pending: not completed yet; failed: not made, dated; none: nothing said', () => {
    assert.deepEqual(sentence(buildCertificatePayload({ textCheck: { state: 'pending' } }))?.text, {
      en: 'Computer text check: not completed yet (it runs after registration).',
      he: 'בדיקת מחשב: טרם הושלמה (היא נעשית לאחר הרישום).',
    });
    assert.deepEqual(sentence(buildCertificatePayload({ textCheck: { state: 'failed', checkedAt: CHECKED } }))?.text, {
      en: 'Computer text check: could not be made from the registration photo (2024-02-03).',
      he: `בדיקת מחשב: לא ניתן היה לבצע אותה מתמונת הרישום (${HEBREW_DAY}).`,
    });
    assert.equal(sentence(buildCertificatePayload({ textCheck: null })), null);
  });
});

/** The text of one half of the page (English: left, Hebrew: right), line by line top to bottom, each line's items in reading order. */
function half(page: PdfPageText, side: 'left' | 'right'): string {
  const middle = page.width / 2;
  const items = page.items.filter((i) => (side === 'left' ? i.x < middle : i.x >= middle));
  const lines = new Map<number, typeof items>();
  for (const item of items) {
    const y = Math.round(item.y);
    lines.set(y, [...(lines.get(y) ?? []), item]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, line]) => line.sort((a, b) => (side === 'left' ? a.x - b.x : b.x - a.x)).map((i) => i.str).join(side === 'left' ? '' : ' '))
    .join(' ');
}

describe('the text check on the certificate', () => {
  it('the PDF prints the sentence, English on the left and Hebrew on the right, after the verification', async () => {
    const { pages } = await readPdfText(await renderCertificatePdf(buildCertificatePayload({ textCheck: done(0) })));
    const [page] = pages;
    const english = half(page, 'left').replace(/\s+/g, ' ');
    assert.ok(english.includes(CLEAN_EN), english);
    assert.ok(english.indexOf('Verified by') < english.indexOf('Computer text check'), 'after the verification');
    assert.ok(english.indexOf('Computer text check') < english.indexOf('This certificate attests'), 'before the statement');
    // Hebrew is held in visual runs; read right to left, the words come in their order.
    const hebrew = half(page, 'right').replace(/\s+/g, '');
    assert.ok(hebrew.includes('בדיקתמחשב:כל713האותיותנקראו,לאנמצאואותיותחסרות,יתרות'), hebrew);
    for (const words of ['או שגויות', 'נבדקה ב', 'כ״ד שבט תשפ״ד', 'עזר למגיה']) assert.ok(page.items.some((i) => i.str.includes(words) && i.dir === 'rtl'), words);
  });

  it('the worst case still fits the page: a rejection, a long note, a repair and a long sentence', async () => {
    const payload = buildCertificatePayload({
      textCheck: done(12, 650),
      scroll: { ...rejected, lastRepairedDate: '2024-03-10', note: 'A long note '.repeat(30) },
    });
    const { pages } = await readPdfText(await renderCertificatePdf(payload));
    assert.equal(pages.length, 1);
    const [page] = pages;
    // The frame's inner line is 26 pt from the edge; the last line (the issue date) sits above it.
    const lowest = Math.min(...page.items.map((i) => i.y));
    assert.ok(lowest > 30, `the lowest line at ${lowest} pt from the bottom`);
    assert.ok(half(page, 'left').replace(/\s+/g, ' ').includes('12 places flagged for the megiah; the megiah rejected the scroll'));
  });

  it('the DOCX prints each language as a paragraph of its own, Hebrew right to left', async () => {
    const zip = await JSZip.loadAsync(await renderCertificateDocx(buildCertificatePayload({ textCheck: done(0) })));
    const xml = await zip.file('word/document.xml')!.async('string');
    const paragraphs = (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).map((p) => ({ xml: p, text: [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('') }));
    const en = paragraphs.find((p) => p.text === CLEAN_EN);
    const he = paragraphs.find((p) => p.text === CLEAN_HE);
    assert.ok(en, 'the English sentence');
    assert.ok(he, 'the Hebrew sentence');
    assert.doesNotMatch(en.xml, /<w:bidi\/>/);
    assert.match(he.xml, /<w:bidi\/>/);
    assert.match(he.xml, /<w:rtl\/>/);
    const order = paragraphs.map((p) => p.text);
    assert.ok(order.indexOf('Verified by') < order.indexOf(CLEAN_EN) && order.indexOf(CLEAN_EN) < order.findIndex((t) => t.startsWith('This certificate attests')));
  });

  it('the PNG is drawn from the same layout', async () => {
    const png = await renderCertificatePng(buildCertificatePayload({ textCheck: done(3), scroll: unverified }));
    const meta = await sharp(png).metadata();
    assert.deepEqual([meta.width, meta.height], [certificatePngSize.width, certificatePngSize.height]);
  });
});
