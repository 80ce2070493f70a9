// A photo as people are shown it: upright (EXIF orientation; HEIF's own
// transforms), whatever accepted format it came in. The text check's boxes are
// in these pixels (engine/types.ts, TextFinding.box), so what is cut or drawn
// from here lines up with them. The photo policy is the engine's
// (photo-format.ts): a file it refuses is refused here too.
import sharp, { type Sharp } from 'sharp';
import { decodeHeicBounded } from '../engine/heic.ts';
import { MAX_INPUT_PIXELS, readPhotoHeader } from '../engine/photo-format.ts';

export type PhotoSize = { readonly width: number; readonly height: number };

/** A decoded photo's size upright, and a fresh sharp pipeline of its pixels upright for each picture made of it. */
export type UprightPhoto = PhotoSize & { readonly pixels: () => Sharp };

/** The photo's size upright, from its header alone (no pixel is decoded). Rejects with UnsupportedImageError as the engine does. */
export async function uprightSizeOf(bytes: Uint8Array): Promise<PhotoSize> {
  const { width, height } = await readPhotoHeader(bytes);
  return { width, height };
}

/**
 * Opens the photo upright. sharp decodes every accepted format but HEVC-coded
 * HEIC (no decoder in its prebuilt libvips), which the engine's libheif
 * decodes, upright already, within the node's HEIF decode budget.
 */
export async function openUprightPhoto(bytes: Uint8Array): Promise<UprightPhoto> {
  const header = await readPhotoHeader(bytes);
  if (header.format === 'heif' && header.compression === 'hevc') {
    const image = await decodeHeicBounded(bytes, 'rgba', header.bitsPerSample, header.width * header.height);
    const raw = { width: image.width, height: image.height, channels: image.channels };
    return { width: image.width, height: image.height, pixels: () => sharp(image.data, { raw }) };
  }
  return {
    width: header.width,
    height: header.height,
    pixels: () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient(),
  };
}

/**
 * The photo decoded once, for several pictures of it: each `pixels()` of a
 * photo still encoded decodes it again (a 12 MP JPEG: ~36 MB of pixels held
 * instead, while the pictures are made).
 */
export async function decodedOnce(photo: UprightPhoto): Promise<UprightPhoto> {
  const { data, info } = await photo.pixels().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return { width: info.width, height: info.height, pixels: () => sharp(data, { raw }) };
}
