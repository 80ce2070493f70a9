// npm run bench:edits [-- --dir ../shared/samples --edits washed_out,hazy]
//
// The shared sample photos (../shared/samples, where present: photos from
// outside the project's generator) put through edits a phone, an app or a
// user makes, each phone photo compared with its scroll's registration photo
// as taken: how many still match, how many are answered invalid, their lowest
// and median similarity, and the highest similarity of an edited photo to
// another scroll's registration (which must stay under the threshold); and
// how many of the samples' images without a readable scroll, edited alike,
// read as a scroll (none should). The
// generator's sets measure the engine on the conditions it models; this shows
// what conditions it does not model do to photos it did not make. Analysis runs
// in this thread, one photo at a time; every edit takes seconds.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { analyzePhoto } from '../src/engine/analyze-photo.ts';
import { applyHomography, fitHomography } from '../src/engine/homography.ts';
import { comparePoints, MATCH_THRESHOLD } from '../src/engine/compare.ts';
import { decodeFingerprint, type ScrollPoints } from '../src/engine/fingerprint.ts';
import { createRandom, deriveSeed } from '../tools/synth/index.ts';
import type { Manifest } from '../tools/synth/index.ts';
import { quantile } from './lib/rates.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/samples') }, edits: { type: 'string' } } });

/** An edit of a photo (given upright, EXIF applied, as pixels), encoded as a phone or an app would. */
type Edit = (upright: () => Sharp, size: { width: number; height: number }, original: Buffer) => Promise<Buffer>;
const jpeg = (image: Sharp, quality = 90) => image.jpeg({ quality }).toBuffer();
/** A horizontal (or vertical) streak of `length` pixels, as camera shake leaves. */
const streak = (length: number, vertical: boolean) => {
  const kernel = Array.from({ length: 3 * length }, (_, i) => ((vertical ? i % 3 : Math.floor(i / length)) === 1 ? 1 : 0));
  return vertical ? { width: 3, height: length, kernel } : { width: length, height: 3, kernel };
};

/** The image with Gaussian noise of `sigma` grey levels (the generator's random numbers, a fixed seed), as pixels. */
async function withNoise(image: Sharp, sigma: number): Promise<Sharp> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const random = createRandom(deriveSeed('sample-edits', 'noise'));
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(random.normal(data[i], sigma))));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/**
 * The photo seen as from a camera tilted back (a keystone): its top edge drawn in
 * by `inset` of the width on each side, and the image squeezed vertically by as
 * much (bilinear, our homography code; what falls outside is grey).
 */
async function keystone(image: Sharp, { width, height }: { width: number; height: number }, inset: number): Promise<Sharp> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const c = info.channels;
  const outH = Math.round(height * (1 - inset));
  const toSource = fitHomography([inset * width, (1 - inset) * width, width, 0], [0, 0, outH, outH], [0, width, width, 0], [0, 0, height, height], null)!;
  const out = Buffer.alloc(width * outH * c, 119);
  for (let v = 0; v < outH; v++) {
    for (let u = 0; u < width; u++) {
      const [x, y] = applyHomography(toSource, u + 0.5, v + 0.5);
      const xi = Math.floor(x - 0.5);
      const yi = Math.floor(y - 0.5);
      if (xi < 0 || yi < 0 || xi >= width - 1 || yi >= height - 1) continue;
      const fx = x - 0.5 - xi;
      const fy = y - 0.5 - yi;
      for (let k = 0; k < c; k++) {
        const i = (yi * width + xi) * c + k;
        const top = data[i] + (data[i + c] - data[i]) * fx;
        const bottom = data[i + width * c] + (data[i + width * c + c] - data[i + width * c]) * fx;
        out[(v * width + u) * c + k] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return sharp(out, { raw: { width, height: outH, channels: c } });
}

/** The photo as if taken from twice as far: half its size in the middle of a frame of its own size, the rest a plain wall. */
async function fartherAway(image: Sharp, { width, height }: { width: number; height: number }): Promise<Sharp> {
  const small = await image.resize(Math.round(width / 2), Math.round(height / 2)).png({ compressionLevel: 0 }).toBuffer();
  const wall = sharp({ create: { width, height, channels: 3, background: { r: 150, g: 146, b: 138 } } });
  return sharp(await wall.composite([{ input: small, left: Math.round(width / 4), top: Math.round(height / 4) }]).jpeg({ quality: 95 }).toBuffer());
}

/** The photo with `share` of it cut off one side, as a user crops a photo, or a frame cuts a scroll. */
function cropped(side: 'left' | 'top' | 'right' | 'bottom', share: number): Edit {
  return (up, { width, height }) => {
    const cutX = side === 'left' || side === 'right' ? Math.round(width * share) : 0;
    const cutY = side === 'top' || side === 'bottom' ? Math.round(height * share) : 0;
    return jpeg(up().extract({ left: side === 'left' ? cutX : 0, top: side === 'top' ? cutY : 0, width: width - cutX, height: height - cutY }));
  };
}

const EDITS: Record<string, Edit> = {
  as_taken: async (_up, _size, original) => original,
  turned_90: (up) => jpeg(up().rotate(90)),
  upside_down: (up) => jpeg(up().rotate(180)),
  turned_8: (up) => jpeg(up().rotate(8, { background: '#555' })),
  turned_30: (up) => jpeg(up().rotate(30, { background: '#555' })),
  turned_45: (up) => jpeg(up().rotate(-45, { background: '#555' })),
  keystone_15: async (up, size) => jpeg(await keystone(up(), size, 0.15)),
  keystone_30: async (up, size) => jpeg(await keystone(up(), size, 0.3)),
  farther_away: async (up, size) => jpeg(await fartherAway(up(), size)),
  farther_away_1mp: async (up, size) => jpeg((await fartherAway(up(), size)).resize(1155, 1155, { fit: 'inside' }), 85),
  keystone_30_farther: async (up, size) => jpeg(await fartherAway(await keystone(up(), size, 0.3), { ...size, height: Math.round(size.height * 0.7) })),
  sheared: (up) => jpeg(up().affine([[1, 0.12], [0, 1]], { background: '#777' })),
  cropped_left: cropped('left', 0.1),
  cropped_top: cropped('top', 0.1),
  cropped_right: cropped('right', 0.1),
  cropped_bottom: cropped('bottom', 0.1),
  cropped_left_fifth: cropped('left', 0.2),
  cropped_top_fifth: cropped('top', 0.2),
  cropped_right_fifth: cropped('right', 0.2),
  cropped_bottom_fifth: cropped('bottom', 0.2),
  one_megapixel: (up) => jpeg(up().resize(1155, 1155, { fit: 'inside' }), 85),
  one_megapixel_soft: (up) => jpeg(up().blur(1.5).resize(1155, 1155, { fit: 'inside' }), 70),
  half_megapixel: (up) => jpeg(up().resize(800, 800, { fit: 'inside' }), 80),
  enlarged_2x: (up, { width }) => jpeg(up().resize(2 * width)),
  jpeg_quality_30: (up) => jpeg(up(), 30),
  webp_70: (up) => up().webp({ quality: 70 }).toBuffer(),
  grey_png: (up) => up().grayscale().png().toBuffer(),
  defocused: (up) => jpeg(up().blur(2)),
  shaken_across: (up) => jpeg(up().convolve(streak(9, false))),
  shaken_along: (up) => jpeg(up().convolve(streak(9, true))),
  noisy: async (up) => jpeg(await withNoise(up(), 14), 85),
  night: async (up) => jpeg(await withNoise(up().linear(0.3, 0), 8), 80),
  dark: (up) => jpeg(up().linear(0.35, 0)),
  bright: (up) => jpeg(up().linear(1.3, 0)),
  overexposed: (up) => jpeg(up().linear(1.8, 0)),
  warm_light: (up) => jpeg(up().recomb([[1, 0.1, 0], [0.05, 0.85, 0], [0, 0.1, 0.45]])),
  low_contrast: (up) => jpeg(up().linear(0.55, 90)),
  washed_out: (up) => jpeg(up().linear(0.45, 110)),
  hazy: (up) => jpeg(up().linear(0.35, 140)),
};

const chosen = values.edits ? values.edits.split(',') : Object.keys(EDITS);
const unknown = chosen.filter((e) => !EDITS[e]);
if (unknown.length > 0) throw new Error(`unknown edits ${unknown.join(', ')}: ${Object.keys(EDITS).join(', ')}`);
const manifest = JSON.parse(readFileSync(path.join(values.dir, 'manifest.json'), 'utf8')) as Pick<Manifest, 'scrolls' | 'invalid'>;
const photo = (file: string) => readFileSync(path.join(values.dir, file));

async function pointsOf(bytes: Uint8Array): Promise<ScrollPoints | null> {
  const analysis = await analyzePhoto(bytes);
  return analysis.kind === 'scroll' ? decodeFingerprint(analysis.fingerprint) : null;
}

const registrations = new Map<string, ScrollPoints>();
for (const s of manifest.scrolls) {
  if (!s.reference) continue; // no registration photo: nothing to compare its photos with
  const points = await pointsOf(photo(s.reference));
  if (points) registrations.set(s.id, points);
  else console.log(`registration ${s.reference} did not read: its photos are left out`);
}
const queries = manifest.scrolls.filter((s) => registrations.has(s.id)).flatMap((s) => s.queries.map((file) => ({ file, id: s.id })));
const withoutScroll = manifest.invalid.map((i) => i.path);
console.log(`${queries.length} phone photos of ${registrations.size} registered scrolls and ${withoutScroll.length} images without one (${values.dir}), threshold ${MATCH_THRESHOLD}`);
console.log('| edit | matched | invalid | lowest / median similarity | highest to another scroll | images without a scroll read | seconds |');
console.log('|---|---|---|---|---|---|---|');

/** The photo in `file` edited, as bytes. */
async function edited(name: string, file: string): Promise<Uint8Array> {
  const bytes = photo(file);
  const upright = await sharp(bytes).rotate().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: upright.info.width, height: upright.info.height, channels: upright.info.channels };
  return new Uint8Array(await EDITS[name](() => sharp(upright.data, { raw }), raw, bytes));
}
/** Each edited photo that did not match its registration: the edit, the file, and its similarity (invalid: unread). */
const misses: string[] = [];
for (const name of chosen) {
  const started = performance.now();
  const own: number[] = [];
  let invalid = 0;
  let other = 0;
  for (const q of queries) {
    const points = await pointsOf(await edited(name, q.file));
    if (!points) {
      invalid++;
      own.push(0);
      misses.push(`${name} ${q.file}: invalid`);
      continue;
    }
    own.push(comparePoints(registrations.get(q.id)!, points));
    if (own.at(-1)! < MATCH_THRESHOLD) misses.push(`${name} ${q.file}: ${own.at(-1)!.toFixed(3)}`);
    for (const [id, registered] of registrations) if (id !== q.id) other = Math.max(other, comparePoints(registered, points));
  }
  let read = 0;
  for (const file of withoutScroll) if (await pointsOf(await edited(name, file))) read++;
  const matched = own.filter((s) => s >= MATCH_THRESHOLD).length;
  const seconds = (performance.now() - started) / 1000;
  console.log(`| ${name} | ${matched}/${own.length} | ${invalid} | ${Math.min(...own).toFixed(2)} / ${quantile(own, 0.5).toFixed(2)} | ${other.toFixed(2)} | ${read}/${withoutScroll.length} | ${seconds.toFixed(0)} |`);
}
if (misses.length > 0) console.log(`\nnot matched (${misses.length}):\n${misses.map((m) => `  ${m}`).join('\n')}`);
