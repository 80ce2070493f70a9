// Small factories for certificate and sticker payloads; each test overrides
// only the facts it is about.

import sharp from 'sharp';
import type { CertificatePayload, StickerPayload } from '../../src/certificates/payload.ts';

type ScrollOverrides = Partial<CertificatePayload['scroll']>;

export function buildCertificatePayload(
  overrides: Partial<Omit<CertificatePayload, 'scroll'>> & { scroll?: ScrollOverrides } = {},
): CertificatePayload {
  const { scroll, ...rest } = overrides;
  return {
    scroll: {
      uuid: '3f2a9c4e-7b1d-4e8a-9c2f-5d6e7f8a9b0c',
      font: 'Beit Yosef',
      size: '12 cm',
      note: '',
      writtenDate: '2024-01-15',
      examinedDate: '2024-02-01',
      lastRepairedDate: null,
      registeredAt: '2024-02-03 09:15:00',
      isVerified: true,
      verifiedAt: '2024-02-05 14:30:00',
      verifiedBy: 'yosef_megiah',
      rejection: null,
      ...scroll,
    },
    textCheck: null,
    qr: { code: 'K7QX-3M9P', url: 'https://registry.example.org/q/K7QX-3M9P' },
    preview: null,
    sofer: { uuid: 'a1b2c3d4-0000-4000-8000-000000000001', username: 'moshe_sofer', diplomaRef: 'static/diplomas/moshe_sofer.pdf' },
    megiah: { uuid: 'a1b2c3d4-0000-4000-8000-000000000002', username: 'yosef_megiah', diplomaRef: 'static/diplomas/yosef_megiah.pdf' },
    store: { uuid: 'a1b2c3d4-0000-4000-8000-000000000003', username: 'Judaica Jerusalem', city: 'Jerusalem', country: 'Israel' },
    issuedAt: '2024-02-06 10:00:00',
    ...rest,
  };
}

/**
 * What every certificate format prints, each as a line of its own, for
 * `buildCertificatePayload({ scroll: { lastRepairedDate: '2024-03-10' } })`.
 */
export const repairedCertificateFacts = [
  'Mezuzah Scroll Certificate',
  '3f2a9c4e-7b1d-4e8a-9c2f-5d6e7f8a9b0c',
  'K7QX-3M9P',
  'Beit Yosef',
  '12 cm',
  // Each civil date with its Hebrew date beside it.
  '2024-01-15 · ה׳ שבט תשפ״ד',
  '2024-02-01 · כ״ב שבט תשפ״ד',
  '2024-03-10 · ל׳ אדר א׳ תשפ״ד',
  'moshe_sofer',
  'static/diplomas/moshe_sofer.pdf',
  'static/diplomas/yosef_megiah.pdf',
  'Judaica Jerusalem',
  'Jerusalem, Israel',
  '2024-02-05 14:30:00 UTC',
  'Issued on 2024-02-06 10:00:00 UTC',
] as const;

/** A JPEG that looks enough like a parchment photo for eyeballing a rendering. */
export async function buildPreviewJpeg(width = 480, height = 640): Promise<Uint8Array> {
  const lines = Array.from({ length: 22 }, (_, i) => {
    const y = 40 + i * ((height - 80) / 22);
    return `<rect x="${width * 0.12}" y="${y}" width="${width * (0.76 - (i % 5) * 0.03)}" height="${height / 90}" fill="#2a2118" opacity="0.85"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e9dcc0"/>${lines}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
}

export function buildStickerPayloads(count: number): StickerPayload[] {
  return Array.from({ length: count }, (_, i) => {
    const code = `K7QX-${String(i + 1).padStart(4, '0')}`;
    return { code, url: `https://registry.example.org/q/${code}` };
  });
}
