import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { describeCertificate } from '../../src/certificates/certificate-content.ts';
import { certificatePage, certificateQrBox, layOutCertificate } from '../../src/certificates/certificate-layout.ts';
import { loadFonts } from '../../src/certificates/fonts.ts';
import { certificatePngSize, renderCertificatePng } from '../../src/certificates/render-certificate-png.ts';
import { drawingToSvg } from '../../src/certificates/svg-painter.ts';
import { buildCertificatePayload, buildPreviewJpeg } from './certificate-payload-factory.ts';
import { expectedQrRows, sampleQrRows } from './qr-sampling.ts';

const goldenDir = new URL('./fixtures/', import.meta.url);

/** A payload exercising Hebrew data, the photo and the unverified watermark. */
async function hebrewUnverifiedPayload() {
  return buildCertificatePayload({
    preview: await buildPreviewJpeg(),
    sofer: { uuid: 's', username: 'משה כהן', diplomaRef: 'static/diplomas/moshe.pdf' },
    store: { uuid: 'st', username: 'יודאיקה ירושלים בע"מ', city: 'ירושלים', country: 'ישראל' },
    scroll: { font: 'בית יוסף', size: '12 ס"מ', isVerified: false, verifiedAt: null, verifiedBy: null },
  });
}

const goldenSize = { width: 620, height: 877 } as const;

/** The QR modules the PNG of `payload` shows where the layout puts the symbol, and those its URL gives. */
async function certificateQrModules(payload: ReturnType<typeof buildCertificatePayload>) {
  const png = await renderCertificatePng(payload);
  const expected = expectedQrRows(payload.qr.url);
  const scale = certificatePngSize.width / certificatePage.width;
  const box = { x: certificateQrBox.x * scale, y: certificateQrBox.y * scale, size: certificateQrBox.size * scale };
  return { sampled: await sampleQrRows(png, box, expected.length), expected };
}

/**
 * Share of pixels whose grey level differs by more than a quarter of the
 * range, at the reference's size: tolerant of resampling and rasteriser
 * noise, yet a single word drawn backwards moves it well past the limit.
 */
async function changedShare(a: Uint8Array, b: Uint8Array): Promise<number> {
  const grey = (png: Uint8Array) => sharp(png).greyscale().resize(goldenSize.width, goldenSize.height, { fit: 'fill' }).raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  let changed = 0;
  for (let i = 0; i < x.length; i++) if (Math.abs(x[i] - y[i]) > 64) changed++;
  return changed / x.length;
}

describe('renderCertificatePng', () => {
  it('is an A4 page at 150 dpi without transparency', async () => {
    const png = await renderCertificatePng(buildCertificatePayload());
    const meta = await sharp(png).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, certificatePngSize.width);
    assert.equal(meta.height, certificatePngSize.height);
    assert.equal(meta.density, 150, 'printing software sizes it as A4');
    assert.equal(meta.hasAlpha, false);
  });

  it('carries the QR code of the scroll URL, module for module', async () => {
    const { sampled, expected } = await certificateQrModules(buildCertificatePayload());
    assert.deepEqual(sampled, expected);
  });

  it('keeps the QR code clean of the unverified watermark', async () => {
    const { sampled, expected } = await certificateQrModules(await hebrewUnverifiedPayload());
    assert.deepEqual(sampled, expected);
  });

  it('draws text as outlines, needing no installed font', async () => {
    const fonts = await loadFonts();
    const svg = drawingToSvg(layOutCertificate(describeCertificate(await hebrewUnverifiedPayload()), fonts), fonts, { width: '100', height: '100' });
    assert.ok(!svg.includes('<text'));
    assert.ok(!svg.includes('font-family'));
    assert.ok(svg.includes('aria-label="תעודת מזוזה"'));
  });

  // The reference images were checked by eye (Hebrew reading right to left,
  // layout matching the PDF). Set UPDATE_CERTIFICATE_GOLDEN=1 to rewrite them
  // after an intended change, and look at them again.
  for (const [name, build] of [
    ['certificate-verified.png', async () => buildCertificatePayload({ preview: await buildPreviewJpeg(), scroll: { lastRepairedDate: '2024-03-10' } })],
    ['certificate-unverified-hebrew.png', hebrewUnverifiedPayload],
  ] as const) {
    it(`matches the reference rendering ${name}`, async () => {
      const png = await renderCertificatePng(await build());
      const golden = new URL(name, goldenDir);
      if (process.env.UPDATE_CERTIFICATE_GOLDEN === '1') {
        mkdirSync(goldenDir, { recursive: true });
        writeFileSync(golden, await sharp(png).greyscale().resize(goldenSize.width, goldenSize.height, { fit: 'fill' }).png({ palette: true, colours: 16 }).toBuffer());
      }
      assert.ok(existsSync(golden), `missing ${golden.pathname}; run with UPDATE_CERTIFICATE_GOLDEN=1`);
      const share = await changedShare(png, new Uint8Array(readFileSync(golden)));
      assert.ok(share < 0.001, `${(share * 100).toFixed(2)}% of pixels differ from the reference`);
    });
  }
});
