// What a person is shown of a text check on a photo: the photo at a size for a
// page, and each finding enlarged (a crop around its box, the box drawn on it),
// so a megiah or a store sees the letter itself beside what was expected.
// Pure: bytes in, JPEG bytes out.
import type { PhotoSize, UprightPhoto } from './upright-photo.ts';

/** A finding's box as the text check gives it: `[x, y, w, h]` in the upright photo's pixels. */
export type FindingBox = readonly [number, number, number, number];

/**
 * Context kept around a finding's box, on each side, as a share of the box's
 * longer side: enough for the letters either side, so a missing or touching
 * letter is seen in its word.
 */
const CROP_CONTEXT = 1.5;
/** Context at least this many photo pixels on each side, for boxes of a letter's stroke or a dot. */
const MIN_CROP_CONTEXT_PX = 16;
/** The crop's longer side as served: a letter a few pixels tall on a 3 MP photo fills a good part of it. */
export const FINDING_CROP_LONG_SIDE = 360;
/**
 * Findings shown enlarged on a page, at most: each picture is cut from the
 * full photo (a decode of it), and past a couple of dozen places the list is
 * for reading; the photo on the page outlines every one.
 */
export const MAX_FINDINGS_ENLARGED = 24;
/** The box's outline on the crop, in the crop's pixels; the colour of the portal's focus ring, seen on parchment and ink. */
const BOX_LINE = { width: 3, colour: '#c77700' } as const;
const JPEG_QUALITY = 85;

/** The photo's region a finding's crop shows: the box with its context, kept inside the photo. */
export function cropRegion(size: PhotoSize, box: FindingBox): { left: number; top: number; width: number; height: number } {
  const [x, y, w, h] = box;
  const margin = Math.max(MIN_CROP_CONTEXT_PX, Math.round(CROP_CONTEXT * Math.max(w, h)));
  const left = clamp(Math.floor(x - margin), 0, size.width - 1);
  const top = clamp(Math.floor(y - margin), 0, size.height - 1);
  const right = clamp(Math.ceil(x + w + margin), left + 1, size.width);
  const bottom = clamp(Math.ceil(y + h + margin), top + 1, size.height);
  return { left, top, width: right - left, height: bottom - top };
}

/** The finding enlarged: its region of the photo brought to FINDING_CROP_LONG_SIDE, the box outlined. */
export async function cropFinding(photo: UprightPhoto, box: FindingBox): Promise<Uint8Array> {
  const region = cropRegion(photo, box);
  const scale = FINDING_CROP_LONG_SIDE / Math.max(region.width, region.height);
  const width = Math.max(1, Math.round(region.width * scale));
  const height = Math.max(1, Math.round(region.height * scale));
  const [x, y, w, h] = box;
  const half = BOX_LINE.width / 2;
  const outline = {
    x: (x - region.left) * scale - half,
    y: (y - region.top) * scale - half,
    width: Math.max(1, w * scale) + BOX_LINE.width,
    height: Math.max(1, h * scale) + BOX_LINE.width,
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${outline.x.toFixed(1)}" y="${outline.y.toFixed(1)}" width="${outline.width.toFixed(1)}" height="${outline.height.toFixed(1)}" fill="none" stroke="${BOX_LINE.colour}" stroke-width="${BOX_LINE.width}"/></svg>`;
  const jpeg = await photo
    .pixels()
    .extract(region)
    .resize(width, height, { fit: 'fill' })
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** The whole photo for a page, its long side at most `longSide` (never enlarged), with the size it came out at. */
export async function photoForPage(photo: UprightPhoto, longSide: number): Promise<PhotoSize & { readonly jpeg: Uint8Array }> {
  const { data, info } = await photo
    .pixels()
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: new Uint8Array(data), width: info.width, height: info.height };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
