import sharp, { type Sharp } from 'sharp';
import { focalShareOfLongSide } from './exif-focal.ts';
import { decodeHeicBounded } from './heic.ts';
import { MAX_INPUT_PIXELS, readPhotoHeader, type PhotoHeader } from './photo-format.ts';
import type { Gray } from './raster.ts';
import { UnsupportedImageError } from './types.ts';

/** Long side of the image the analysis works on: letters stay 15–40 px tall for scrolls filling a quarter to all of the frame. */
export const WORKING_LONG_SIDE = 1600;
/**
 * A JPEG 3,999–4,799 px long (a 12 MP phone photo) is read at a third of its
 * long side, no less than this, instead of at WORKING_LONG_SIDE: libjpeg can
 * decode a JPEG at half size, far cheaper than whole, but sharp has it do so
 * only when a reduction of 1.5× or more remains afterwards (a shrink of at
 * least 3; `pipeline.cc`), so a 4,000 px photo brought to 1,600 px (2.5×) is
 * decoded whole and resampled, 1.5–1.7× sharp's full decode, and at 1,333 px
 * (3×) decoded at half size. Measured (docs/decisions/
 * 006-twelve-megapixel-at-a-third.md): the six 12 MP scenes of `npm run bench:floor`,
 * check-mezuzah 91–92 → 68–75 ms, alternated; a 12 MP set's genuine pairs
 * 298 = 298 of 300, its phone photos against 3 MP registrations 198 = 198 of
 * 200 (p5 0.654 → 0.733). A photo so reduced whose text came out small (as
 * read, or as a reading framed it) is read again at the working size (`atWorkingSize`;
 * readDecoded in analyze-photo.ts).
 */
const HALF_DECODE_MIN_SIDE = 1333;
/**
 * The kernel a photo read at a third of its size (HALF_DECODE_MIN_SIDE) is
 * brought there with, from the half-size decode: Lanczos with two lobes
 * instead of sharp's default three.
 */
const REDUCED_KERNEL = sharp.kernel.lanczos2;
const PREVIEW_LONG_SIDE = 640;

/** What sharp decodes. */
type Pixels = { input: Uint8Array | Buffer; channels: number; raw?: { width: number; height: number; channels: 1 | 4 } };
/** What sharp decodes, the long side to bring it to, and the lens's focal length over the photo's long side when its EXIF states it. */
type Source = Pixels & { side: number; focalShare: number | null };

export type DecodedPhoto = { readonly gray: Gray; readonly preview?: Uint8Array; readonly reduced: boolean; readonly focalShare: number | null };

/** Whether the photo is brought under the working size though it is larger (a 12 MP JPEG read at a third: HALF_DECODE_MIN_SIDE). */
const isReduced = (src: Source) => src.side < WORKING_LONG_SIDE;

/** The long side a photo is read at (`atWorkingSize`: WORKING_LONG_SIDE whatever it is; see HALF_DECODE_MIN_SIDE). */
function workingSide(header: PhotoHeader, atWorkingSize: boolean): number {
  const long = Math.max(header.width, header.height);
  const third = Math.floor(long / 3);
  return !atWorkingSize && header.format === 'jpeg' && third >= HALF_DECODE_MIN_SIDE && third < WORKING_LONG_SIDE ? third : WORKING_LONG_SIDE;
}

/** Applies the photo policy to the header and returns what sharp should decode (`withPreview`: in colour). */
async function openPhoto(bytes: Uint8Array, withPreview: boolean, sideOf: (header: PhotoHeader) => number): Promise<Source> {
  const header = await readPhotoHeader(bytes);
  const side = sideOf(header);
  const focalShare = header.focal35 === null ? null : focalShareOfLongSide(header.focal35, header.width, header.height);
  if (header.format === 'heif' && header.compression === 'hevc') return { ...(await decodeHevc(bytes, withPreview, header)), side, focalShare };
  return { input: bytes, channels: header.channels, side, focalShare };
}

// HEVC-coded HEIC arrives decoded and upright (heic.ts): the .rotate() of
// pipeline() finds no EXIF on raw input, so it turns nothing, as it must (a
// phone's EXIF orientation tag describes the turn libheif already applied).
// Without a preview only the luma plane is decoded where it can be: a 12 MP
// photo in 769 against 857 ms as RGBA (medians of 5), grey levels within 1.1 of
// the green channel on average.
async function decodeHevc(bytes: Uint8Array, withPreview: boolean, header: PhotoHeader): Promise<Pixels> {
  try {
    const img = await decodeHeicBounded(bytes, withPreview ? 'rgba' : 'luma', header.bitsPerSample, header.width * header.height);
    return { input: img.data, channels: img.channels, raw: { width: img.width, height: img.height, channels: img.channels } };
  } catch {
    throw new UnsupportedImageError('the HEIC image could not be decoded.');
  }
}

/**
 * `ignoreIcc` for the analysis: its grey is the green channel as stored, and
 * converting through an embedded colour profile (phones embed one: Display P3,
 * or sRGB with an EXIF turn) took a 12 MP photo's decode from 122 to 325 ms.
 * The preview keeps its colours.
 */
function pipeline(src: Pixels, ignoreIcc = false): Sharp {
  return sharp(src.input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', ignoreIcc, ...(src.raw ? { raw: src.raw } : {}) }).rotate();
}

/**
 * The grey image the analysis reads: the green channel at the working size. The
 * green channel stands in for luminance: ink is dark in every channel, and
 * skipping the colour-space conversion makes decoding three times faster.
 */
async function workingGray(src: Source) {
  // Pixels decoded elsewhere (HEVC) arrive as luma or as RGBA; of RGBA the green
  // channel is taken before the resize, which then reads one band instead of four
  // (a 12 MP photo: 98 → 59 ms, the same pixels). Resized, a one-band raw image
  // comes out as three bands, so band 0 is taken after it.
  const { raw } = src;
  const [image, band]: [Sharp, 0 | 1] = raw
    ? [sharp(raw.channels === 1 ? src.input : await pipeline(src).extractChannel(1).raw().toBuffer(), { raw: { ...raw, channels: 1 } }), 0]
    : [pipeline(src, true), src.channels >= 3 ? 1 : 0];
  const kernel = isReduced(src) ? REDUCED_KERNEL : sharp.kernel.lanczos3;
  return image.resize(src.side, src.side, { fit: 'inside', withoutEnlargement: true, kernel }).extractChannel(band).raw().toBuffer({ resolveWithObject: true });
}

/**
 * A grey image smaller than the working size, enlarged to it (Lanczos, as the
 * decode would shrink a larger photo); null when it is not smaller. However
 * little: a sample photo of 1,481 px, darkened to 0.3 and given noise of σ 8
 * (bench:edits's night edit as first written), unread as it was, read
 * enlarged by 8%.
 */
export async function enlargeToWorkingSize(gray: Gray): Promise<Gray | null> {
  if (Math.max(gray.width, gray.height) >= WORKING_LONG_SIDE) return null;
  const out = await sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } })
    .resize(WORKING_LONG_SIDE, WORKING_LONG_SIDE, { fit: 'inside' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: out.info.width, height: out.info.height, data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength) };
}

/**
 * Decodes the photo upright (EXIF orientation honoured), grey, at working
 * resolution (a 12 MP JPEG at a third of its size unless `atWorkingSize`: see
 * HALF_DECODE_MIN_SIDE); optionally a preview too. `reduced`: the photo was
 * brought under the working size though it is larger. `focalShare`: the lens's
 * focal length over the long side, when the EXIF states it (exif-focal.ts).
 */
export async function decodePhoto(bytes: Uint8Array, withPreview: boolean, atWorkingSize = false): Promise<DecodedPhoto> {
  const src = await openPhoto(bytes, withPreview, (header) => workingSide(header, atWorkingSize));
  try {
    const [gray, preview] = await Promise.all([
      workingGray(src),
      withPreview
        ? pipeline(src).resize(PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer()
        : Promise.resolve(undefined),
    ]);
    const data = new Uint8Array(gray.data.buffer, gray.data.byteOffset, gray.data.byteLength);
    return { gray: { width: gray.info.width, height: gray.info.height, data }, preview: preview ? new Uint8Array(preview) : undefined, reduced: isReduced(src), focalShare: src.focalShare };
  } catch (err) {
    if (err instanceof UnsupportedImageError) throw err;
    throw new UnsupportedImageError('the image is damaged or truncated.');
  }
}

/**
 * The photo grey and upright as `decodePhoto` reads it, but at its own size,
 * brought down only to `maxSide` on its long side; with the long side of the
 * photo as uploaded (upright), so that what is found in it can be told in the
 * uploaded photo's pixels.
 */
export async function decodeGrayUpTo(bytes: Uint8Array, maxSide: number): Promise<{ gray: Gray; uploadedLongSide: number }> {
  let uploadedLongSide = 0;
  const src = await openPhoto(bytes, false, (header) => {
    uploadedLongSide = Math.max(header.width, header.height);
    return Math.min(maxSide, uploadedLongSide);
  });
  try {
    const gray = await workingGray(src);
    const data = new Uint8Array(gray.data.buffer, gray.data.byteOffset, gray.data.byteLength);
    return { gray: { width: gray.info.width, height: gray.info.height, data }, uploadedLongSide };
  } catch (err) {
    if (err instanceof UnsupportedImageError) throw err;
    throw new UnsupportedImageError('the image is damaged or truncated.');
  }
}
