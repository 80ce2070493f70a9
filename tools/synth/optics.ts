// What happens between the scene and the JPEG: defocus and camera shake, a
// fingertip too close to the lens to be sharp, sensor noise, and compression.

import sharp from 'sharp';

export type Fingertip = {
  readonly tipX: number;
  readonly tipY: number;
  readonly baseX: number;
  readonly baseY: number;
  readonly width: number;
  /** Index into the skin tones. */
  readonly tone: number;
};

export type Optics = {
  readonly seed: number;
  /** Gaussian sigma, output pixels. */
  readonly defocus: number;
  /** Length of the shake streak, output pixels, and its direction (radians). */
  readonly motion: number;
  readonly motionAngle: number;
  /** Sensor noise, standard deviation in 8-bit levels at mid-grey and normal exposure. */
  readonly noise: number;
  readonly exposure: number;
  readonly jpeg: number;
  readonly finger: Fingertip | null;
  /** EXIF orientation to store: the pixels are saved turned so that a viewer honouring the tag shows the scene upright. */
  readonly exif: ExifOrientation;
  /** The 35 mm equivalent focal length to store in the EXIF (FocalLengthIn35mmFilm), millimetres; null: none. */
  readonly focal35?: number | null;
};

/** 1: as is; 3: stored upside down; 6: stored turned a quarter anticlockwise (phones held upright); 8: a quarter clockwise. */
export type ExifOrientation = 1 | 3 | 6 | 8;

/** The turn (degrees clockwise) that stores a displayed image under each orientation tag. */
const STORED_TURN: Readonly<Record<ExifOrientation, number>> = { 1: 0, 3: 180, 6: 270, 8: 90 };

const SKIN: readonly (readonly [number, number, number])[] = [
  [240, 200, 176],
  [226, 180, 150],
  [205, 152, 118],
  [168, 116, 84],
  [120, 80, 58],
];

/**
 * Camera shake: a box filter `length` pixels long along `angle`. Pixels are
 * grouped into digital lines of that slope, and each line is filtered with a
 * running sum, so the cost does not grow with the length of the streak.
 */
function motionBlur(image: Uint8ClampedArray, width: number, height: number, length: number, angle: number): Uint8ClampedArray {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const horizontal = Math.abs(cos) >= Math.abs(sin);
  // Walk the major axis one pixel at a time; the minor axis follows the slope.
  const major = horizontal ? width : height;
  const minor = horizontal ? height : width;
  const slope = horizontal ? sin / cos : cos / sin;
  const taps = Math.max(2, Math.round(length * Math.max(Math.abs(cos), Math.abs(sin))) + 1);
  const before = taps >> 1;
  const after = taps - 1 - before;
  const shift = new Int32Array(major);
  let lowest = 0;
  let highest = 0;
  for (let m = 0; m < major; m++) {
    shift[m] = Math.round(m * slope);
    lowest = Math.min(lowest, shift[m]);
    highest = Math.max(highest, shift[m]);
  }
  const out = new Uint8ClampedArray(image.length);
  const line = new Float32Array(major * 3);
  const valid = new Uint8Array(major);
  const index = new Int32Array(major);
  for (let r = -highest; r < minor - lowest; r++) {
    blurLine(image, out, line, valid, index, shift, r, major, minor, width, horizontal, before, after);
  }
  return out;
}

function blurLine(
  image: Uint8ClampedArray,
  out: Uint8ClampedArray,
  line: Float32Array,
  valid: Uint8Array,
  index: Int32Array,
  shift: Int32Array,
  r: number,
  major: number,
  minor: number,
  width: number,
  horizontal: boolean,
  before: number,
  after: number,
): void {
  let first = -1;
  let last = -1;
  for (let m = 0; m < major; m++) {
    const n = r + shift[m];
    if (n < 0 || n >= minor) {
      valid[m] = 0;
      continue;
    }
    const o = (horizontal ? n * width + m : m * width + n) * 3;
    valid[m] = 1;
    index[m] = o;
    line[m * 3] = image[o];
    line[m * 3 + 1] = image[o + 1];
    line[m * 3 + 2] = image[o + 2];
    if (first < 0) first = m;
    last = m;
  }
  if (first < 0) return;
  // The valid pixels of a line are contiguous: a running window over [first, last].
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let count = 0;
  for (let m = first; m <= Math.min(last, first + after - 1); m++) {
    sr += line[m * 3];
    sg += line[m * 3 + 1];
    sb += line[m * 3 + 2];
    count++;
  }
  for (let m = first; m <= last; m++) {
    const enter = m + after;
    if (enter <= last) {
      sr += line[enter * 3];
      sg += line[enter * 3 + 1];
      sb += line[enter * 3 + 2];
      count++;
    }
    const leave = m - before - 1;
    if (leave >= first) {
      sr -= line[leave * 3];
      sg -= line[leave * 3 + 1];
      sb -= line[leave * 3 + 2];
      count--;
    }
    const o = index[m];
    const k = 1 / count;
    out[o] = sr * k;
    out[o + 1] = sg * k;
    out[o + 2] = sb * k;
  }
}

/** A fingertip: a tapered, rounded shape from the frame's edge, lit along its ridge, with a nail near the tip. */
function fingerSvg(f: Fingertip, width: number, height: number): string {
  const [r, g, b] = SKIN[f.tone % SKIN.length];
  const dx = f.tipX - f.baseX;
  const dy = f.tipY - f.baseY;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  // Perpendicular, and the half-widths at the base (wider) and near the tip.
  const px = -uy;
  const py = ux;
  const tip = f.width / 2;
  const base = tip * 1.35;
  const neckX = f.tipX - ux * tip;
  const neckY = f.tipY - uy * tip;
  const colour = (k: number): string => `rgb(${Math.round(Math.min(255, r * k))},${Math.round(Math.min(255, g * k))},${Math.round(Math.min(255, b * k))})`;
  const p = (x: number, y: number): string => `${x.toFixed(1)} ${y.toFixed(1)}`;
  const outline =
    `M${p(f.baseX + px * base, f.baseY + py * base)}` +
    ` L${p(neckX + px * tip, neckY + py * tip)}` +
    ` A${tip.toFixed(1)} ${tip.toFixed(1)} 0 0 0 ${p(neckX - px * tip, neckY - py * tip)}` +
    ` L${p(f.baseX - px * base, f.baseY - py * base)} Z`;
  const nailX = f.tipX - ux * tip * 0.75;
  const nailY = f.tipY - uy * tip * 0.75;
  const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
  const gx0 = neckX + px * tip;
  const gy0 = neckY + py * tip;
  const gx1 = neckX - px * tip;
  const gy1 = neckY - py * tip;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="skin" gradientUnits="userSpaceOnUse" x1="${gx0}" y1="${gy0}" x2="${gx1}" y2="${gy1}">` +
    `<stop offset="0" stop-color="${colour(0.62)}"/><stop offset="0.4" stop-color="${colour(1.0)}"/><stop offset="0.62" stop-color="${colour(1.04)}"/><stop offset="1" stop-color="${colour(0.7)}"/></linearGradient>` +
    `<radialGradient id="nail"><stop offset="0" stop-color="${colour(1.12)}"/><stop offset="0.8" stop-color="rgb(${Math.min(255, r + 20)},${Math.round(g * 0.92)},${Math.round(b * 0.95)})"/><stop offset="1" stop-color="${colour(0.9)}"/></radialGradient></defs>` +
    `<path d="${outline}" transform="translate(${(px * tip * 0.35).toFixed(1)} ${(py * tip * 0.35).toFixed(1)}) scale(1)" fill="#000" fill-opacity="0.22"/>` +
    `<path d="${outline}" fill="url(#skin)"/>` +
    `<ellipse cx="${nailX}" cy="${nailY}" rx="${tip * 0.78}" ry="${tip * 0.58}" transform="rotate(${angle} ${nailX} ${nailY})" fill="url(#nail)"/>` +
    `<ellipse cx="${nailX + px * tip * 0.2}" cy="${nailY + py * tip * 0.2}" rx="${tip * 0.35}" ry="${tip * 0.12}" transform="rotate(${angle} ${nailX} ${nailY})" fill="#fff" fill-opacity="0.3"/>` +
    `</svg>`
  );
}

/** Alpha-composites an SVG drawn at the image's size over the image (blurred first when asked). */
export async function compositeSvg(image: Uint8ClampedArray, width: number, height: number, svg: string, blur = 0): Promise<void> {
  let pipeline = sharp(Buffer.from(svg));
  if (blur >= 0.3) pipeline = pipeline.blur(blur);
  const data = await pipeline.ensureAlpha().raw().toBuffer();
  blendOver(image, data);
}

function blendOver(image: Uint8ClampedArray, rgba: Uint8Array): void {
  for (let i = 0, o = 0; o < image.length; i += 4, o += 3) {
    const a = rgba[i + 3];
    if (a === 0) continue;
    const k = a / 255;
    image[o] = image[o] * (1 - k) + rgba[i] * k;
    image[o + 1] = image[o + 1] * (1 - k) + rgba[i + 1] * k;
    image[o + 2] = image[o + 2] * (1 - k) + rgba[i + 2] * k;
  }
}

// Standard normal deviates, drawn once: noise then costs a table lookup per value.
const GAUSSIAN = (() => {
  const table = new Float32Array(1 << 16);
  let state = 0x2f6b7c1d;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 0.5) / 4294967296;
  };
  for (let i = 0; i < table.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(next()));
    const phi = 2 * Math.PI * next();
    table[i] = r * Math.cos(phi);
    table[i + 1] = r * Math.sin(phi);
  }
  return table;
})();

function addNoise(image: Uint8ClampedArray, optics: Optics): void {
  let state = (optics.seed ^ 0x9e3779b9) >>> 0 || 1;
  const gain = optics.noise / Math.sqrt(Math.max(0.2, optics.exposure));
  const mask = GAUSSIAN.length - 1;
  // Shot noise grows with the signal; read noise sets a floor. Indexed by the sum of the three channels.
  const sdOf = new Float32Array(766);
  for (let level = 0; level < sdOf.length; level++) sdOf[level] = gain * (0.55 + 0.9 * Math.sqrt(level / 765));
  for (let o = 0; o < image.length; o += 3) {
    // xorshift32: one draw gives the luma index and, shifted, a chroma index.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const sd = sdOf[image[o] + image[o + 1] + image[o + 2]];
    const luma = GAUSSIAN[state & mask] * sd;
    const chroma = sd * 0.3;
    image[o] += luma + GAUSSIAN[(state >>> 16) & mask] * chroma;
    image[o + 1] += luma + GAUSSIAN[(state >>> 8) & mask] * chroma;
    image[o + 2] += luma + GAUSSIAN[((state >>> 4) ^ (state >>> 20)) & mask] * chroma;
  }
}

/** Blur, occlusion, noise and JPEG encoding of a rendered scene (RGB, 8 bit). */
export async function finishPhoto(scene: Uint8ClampedArray, width: number, height: number, optics: Optics): Promise<Buffer> {
  let image = scene;
  if (optics.defocus >= 0.3) {
    const blurred = await sharp(image, { raw: { width, height, channels: 3 } }).blur(optics.defocus).raw().toBuffer();
    image = new Uint8ClampedArray(blurred.buffer, blurred.byteOffset, blurred.length);
  }
  if (optics.motion >= 1) image = motionBlur(image, width, height, optics.motion, optics.motionAngle);
  // Too close to the lens to be sharp; its shadow side is drawn in the svg at low alpha.
  if (optics.finger) await compositeSvg(image, width, height, fingerSvg(optics.finger, width, height), Math.max(0.5, optics.finger.width * 0.05));
  addNoise(image, optics);
  let encoder = sharp(image, { raw: { width, height, channels: 3 } });
  if (optics.exif !== 1) encoder = encoder.rotate(STORED_TURN[optics.exif]).withMetadata({ orientation: optics.exif });
  if (optics.focal35) encoder = encoder.withExifMerge({ IFD2: { FocalLengthIn35mmFilm: String(optics.focal35) } });
  return encoder.jpeg({ quality: optics.jpeg, chromaSubsampling: '4:2:0' }).toBuffer();
}
