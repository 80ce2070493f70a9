// The one photo policy of the service: which images are accepted and how many
// pixels they may have. It is decided from the header alone (sharp's metadata
// reads no pixel data), so a decompression bomb is refused before its bitmap
// could be allocated. The messages of UnsupportedImageError are written for the
// client: the domain shows them after the name of the form field.
import sharp, { type Metadata } from 'sharp';
import { focalLength35mm } from './exif-focal.ts';
import { UnsupportedImageError } from './types.ts';

export const MAX_INPUT_PIXELS = 100_000_000;
/**
 * HEIF (HEVC or AV1) cannot be decoded at a reduced size, so its memory
 * follows its pixels (a 48 MP HEIC takes ~450 MB to decode); the largest
 * photos phones store as HEIF are 48 MP, and the working size needs 2.
 */
export const MAX_HEIF_PIXELS = 50_000_000;
/** For messages and documentation. HEIF covers HEIC (HEVC, the iPhone's default) and AV1-coded HEIF/AVIF. */
export const ACCEPTED_PHOTO_FORMATS = 'JPEG, PNG, WebP and HEIC/HEIF';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heif';
const ACCEPTED: ReadonlySet<string> = new Set<PhotoFormat>(['jpeg', 'png', 'webp', 'heif']);

export type PhotoHeader = {
  readonly format: PhotoFormat;
  /** For HEIF: `hevc` (HEIC) or `av1`. */
  readonly compression: Metadata['compression'];
  /** As displayed: EXIF orientation (or HEIF's irot) applied. */
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  /** Bits a sample is coded in: 8, or more (a 10-bit HEIC). */
  readonly bitsPerSample: number;
  /** The lens's 35 mm equivalent focal length the EXIF states, millimetres; null when it states none (exif-focal.ts). */
  readonly focal35: number | null;
};

const accepted = `${ACCEPTED_PHOTO_FORMATS} photos are accepted`;

/** Reads the header; rejects with UnsupportedImageError when the file is not an accepted photo within the pixel limit. */
export async function readPhotoHeader(bytes: Uint8Array): Promise<PhotoHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedImageError(`the file is not an image; ${accepted}.`);
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw new UnsupportedImageError(`${(meta.format ?? 'unknown').toUpperCase()} images are not accepted; ${accepted}.`);
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width === 0 || height === 0) throw new UnsupportedImageError('the image has no dimensions.');
  if (width * height > MAX_INPUT_PIXELS) {
    const megapixels = Number(((width * height) / 1e6).toFixed(1));
    throw new UnsupportedImageError(
      `the image is ${width}×${height} pixels (${megapixels} megapixels); at most ${MAX_INPUT_PIXELS / 1e6} megapixels are accepted.`,
    );
  }
  if (meta.format === 'heif' && width * height > MAX_HEIF_PIXELS) {
    throw new UnsupportedImageError(
      `the HEIC/HEIF image is ${width}×${height} pixels; HEIC/HEIF photos of at most ${MAX_HEIF_PIXELS / 1e6} megapixels are accepted (a phone's largest), or send a JPEG.`,
    );
  }
  return { format: meta.format as PhotoFormat, compression: meta.compression, width, height, channels: meta.channels ?? 3, bitsPerSample: meta.bitsPerSample ?? 8, focal35: focalLength35mm(meta.exif) };
}
