// The photo policy: which uploads are accepted, checked before any decoding,
// and how the engine's answers become outcomes.
import sharp from 'sharp';
import { EngineBusyError, UnsupportedImageError, type IdentificationEngine } from '../engine/types.ts';
import { fail, succeed, type Outcome } from '../errors.ts';

export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 100_000_000;

type PhotoFormat = 'jpeg' | 'png' | 'webp';

function sniffFormat(bytes: Uint8Array): PhotoFormat | null {
  const startsWith = (offset: number, signature: readonly number[]) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(0, [0x52, 0x49, 0x46, 0x46]) && startsWith(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

/**
 * Accepts JPEG, PNG and WebP up to the pixel limit. Only the header is read
 * (sharp's metadata does not decode pixels), so a decompression bomb is
 * refused before it can allocate its bitmap.
 */
export async function inspectPhoto(
  bytes: Uint8Array,
  field: string,
): Promise<Outcome<{ readonly format: PhotoFormat; readonly width: number; readonly height: number }, 'invalid_request'>> {
  if (bytes.length === 0) return fail('invalid_request', `${field}: the file is empty.`);
  const format = sniffFormat(bytes);
  if (format === null) return fail('invalid_request', `${field}: only JPEG, PNG and WebP photos are accepted.`);
  let width: number | undefined;
  let height: number | undefined;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = metadata.width;
    height = metadata.height;
    if (metadata.format !== format) return fail('invalid_request', `${field}: the file is not a valid ${format.toUpperCase()} image.`);
  } catch {
    return fail('invalid_request', `${field}: the file is not a valid ${format.toUpperCase()} image.`);
  }
  if (!width || !height) return fail('invalid_request', `${field}: the image has no dimensions.`);
  if (width * height > PHOTO_MAX_PIXELS) {
    return fail('invalid_request', `${field}: the image exceeds ${PHOTO_MAX_PIXELS / 1_000_000} megapixels.`);
  }
  return succeed({ format, width, height });
}

export type ScrollPhoto = { readonly fingerprint: Uint8Array; readonly preview: Uint8Array | undefined };

/** Inspects, then analyses a photo; engine refusals become outcomes naming the field. */
export async function analyzeUpload(
  engine: IdentificationEngine,
  bytes: Uint8Array,
  field: string,
  options: { readonly preview: boolean },
): Promise<Outcome<ScrollPhoto, 'invalid_request' | 'invalid_photo' | 'busy'>> {
  const inspected = await inspectPhoto(bytes, field);
  if (!inspected.ok) return inspected;
  try {
    const analysis = await engine.analyzePhoto(bytes, { preview: options.preview });
    if (analysis.kind === 'invalid') return fail('invalid_photo', `${field}: the scroll text cannot be read (${analysis.reason}).`);
    return succeed({ fingerprint: analysis.fingerprint, preview: analysis.preview });
  } catch (error) {
    if (error instanceof UnsupportedImageError) return fail('invalid_request', `${field}: ${error.message}`);
    if (error instanceof EngineBusyError) return fail('busy');
    throw error;
  }
}

/** The engine may also be busy when identifying or comparing; same outcome. */
export async function engineCall<T>(work: () => Promise<T>): Promise<Outcome<T, 'busy'>> {
  try {
    return succeed(await work());
  } catch (error) {
    if (error instanceof EngineBusyError) return fail('busy');
    throw error;
  }
}
