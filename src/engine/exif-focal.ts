// The camera's focal length as a photo's EXIF states it, for the page map's
// curl (reader/read-photo.ts): a phone writes the lens it took the photo with as
// a 35 mm film equivalent (tag FocalLengthIn35mmFilm, 0xA405, in the Exif
// IFD): about 26 mm for a main camera, 13–16 mm for the ultra-wide one a phone
// may switch to at close range (macro), 52–120 mm for a telephoto lens. The
// equivalent is defined over the frame's diagonal (a 35 mm frame's is 43.27 mm),
// so it converts to pixels whatever the photo's shape or turn. Only that tag is
// read: the real focal length (0x920A) needs the sensor's size, which phones
// rarely state. A copy through a messaging app carries no EXIF (some editors
// drop it too), and then the reader assumes a main camera. An editor's crop
// that keeps the EXIF makes the diagonal shorter than the one the equivalent
// was stated for, and the focal length comes out short by as much.

/** The diagonal of a 35 mm film frame (36 × 24 mm), millimetres. */
const FILM_DIAGONAL_MM = 43.27;
/** Equivalents outside this are not believed (a fisheye, a misread or a placeholder value). */
const MIN_EQUIVALENT_MM = 10;
const MAX_EQUIVALENT_MM = 300;

const EXIF_IFD_POINTER = 0x8769;
const FOCAL_LENGTH_35MM = 0xa405;
const SHORT = 3;
const LONG = 4;

/**
 * The 35 mm equivalent focal length, in millimetres, of an EXIF block as sharp's
 * metadata gives it (`Exif\0\0` then a TIFF structure); null when absent,
 * implausible or the block is malformed. Reads only within the block's bounds.
 */
export function focalLength35mm(exif: Uint8Array | undefined): number | null {
  if (!exif) return null;
  let base = 0;
  if (exif.length >= 6 && exif[0] === 0x45 && exif[1] === 0x78 && exif[2] === 0x69 && exif[3] === 0x66 && exif[4] === 0 && exif[5] === 0) base = 6;
  const view = new DataView(exif.buffer, exif.byteOffset + base, exif.byteLength - base);
  if (view.byteLength < 8) return null;
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return null;
  const exifIfd = tagValue(view, little, view.getUint32(4, little), EXIF_IFD_POINTER);
  if (exifIfd === null) return null;
  const focal = tagValue(view, little, exifIfd, FOCAL_LENGTH_35MM);
  return focal !== null && focal >= MIN_EQUIVALENT_MM && focal <= MAX_EQUIVALENT_MM ? focal : null;
}

/** The value of a SHORT or LONG tag held in its IFD entry; null when the IFD or the tag is not there. */
function tagValue(view: DataView, little: boolean, ifd: number, tag: number): number | null {
  if (ifd < 8 || ifd + 2 > view.byteLength) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + 12 * i;
    if (entry + 12 > view.byteLength) return null;
    if (view.getUint16(entry, little) !== tag) continue;
    const type = view.getUint16(entry + 2, little);
    if (view.getUint32(entry + 4, little) < 1) return null;
    if (type === SHORT) return view.getUint16(entry + 8, little);
    if (type === LONG) return view.getUint32(entry + 8, little);
    return null;
  }
  return null;
}

/**
 * The focal length over the photo's long side, for a 35 mm equivalent and the
 * photo's shape (width and height in any unit, either way round): 26 mm on a
 * 4:3 photo gives 0.751.
 */
export function focalShareOfLongSide(equivalentMm: number, width: number, height: number): number {
  return (equivalentMm / FILM_DIAGONAL_MM) * (Math.hypot(width, height) / Math.max(width, height));
}
