// Avatars and diploma scans are stored as uploaded and served to browsers as
// they are, so only the web's own formats are accepted: a narrower policy than
// the engine's for scroll photos (no HEIC, which browsers do not show). The
// header is read without decoding pixels, so a decompression bomb is refused
// before anyone's browser meets it.
import sharp from 'sharp';
import { fail, succeed, type Outcome } from '../errors.ts';

const ACCOUNT_IMAGE_MAX_PIXELS = 100_000_000;

type AccountImageFormat = 'jpeg' | 'png' | 'webp';

function sniffFormat(bytes: Uint8Array): AccountImageFormat | null {
  const startsWith = (offset: number, signature: readonly number[]) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(0, [0x52, 0x49, 0x46, 0x46]) && startsWith(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

/** Accepts a JPEG, PNG or WebP image within the pixel limit; returns the file extension to store it under. */
export async function inspectAccountImage(bytes: Uint8Array, field: string): Promise<Outcome<{ readonly extension: string }, 'invalid_request'>> {
  if (bytes.length === 0) return fail('invalid_request', `${field}: the file is empty.`);
  const format = sniffFormat(bytes);
  if (format === null) return fail('invalid_request', `${field}: only JPEG, PNG and WebP images are accepted.`);
  let width: number | undefined;
  let height: number | undefined;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (metadata.format !== format) return fail('invalid_request', `${field}: the file is not a valid ${format.toUpperCase()} image.`);
    width = metadata.width;
    height = metadata.height;
  } catch {
    return fail('invalid_request', `${field}: the file is not a valid ${format.toUpperCase()} image.`);
  }
  if (!width || !height) return fail('invalid_request', `${field}: the image has no dimensions.`);
  if (width * height > ACCOUNT_IMAGE_MAX_PIXELS) {
    return fail('invalid_request', `${field}: the image exceeds ${ACCOUNT_IMAGE_MAX_PIXELS / 1_000_000} megapixels.`);
  }
  return succeed({ extension: format === 'jpeg' ? 'jpg' : format });
}
