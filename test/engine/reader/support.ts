// What the reader's tests share: one synthetic scroll and its registration,
// phone shots of it, the scenes of the benches, sample photos veiled as
// bench:edits veils them, and how close a photo reads to its registration.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { analyzePhoto, readDecoded } from '../../../src/engine/analyze-photo.ts';
import { comparePoints } from '../../../src/engine/compare.ts';
import { decodePhoto } from '../../../src/engine/decode-photo.ts';
import { decodeFingerprint } from '../../../src/engine/fingerprint.ts';
import { FLAT_PAGE } from '../../../src/engine/page-map.ts';
import type { Extraction } from '../../../src/engine/reader/extraction.ts';
import { extractPoints } from '../../../src/engine/reader/read-photo.ts';
import type { Opinion } from '../../../src/engine/reader/walk.ts';
import { stressPhoto } from '../../../tools/scenes/index.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll, type Photo, type ShotSpec } from '../../../tools/synth/index.ts';
import { manifest, samplePhoto } from '../samples.ts';

export const scroll = makeScroll(makeScribe(deriveSeed('fallback', 'scribe')), deriveSeed('fallback', 'scroll'));

/** The similarity of two photos; both must read as a scroll. */
export async function similarityOf(a: { jpeg: Uint8Array }, b: { jpeg: Uint8Array }): Promise<number> {
  const [first, second] = await Promise.all([analyzePhoto(new Uint8Array(a.jpeg)), analyzePhoto(new Uint8Array(b.jpeg))]);
  assert.ok(first.kind === 'scroll' && second.kind === 'scroll', `read as ${first.kind} and ${second.kind}`);
  return comparePoints(decodeFingerprint(first.fingerprint), decodeFingerprint(second.fingerprint));
}

/** The scroll's registration photo, rendered once per test file. */
let registrationPhoto: Promise<Photo> | undefined;
export const registration = (): Promise<Photo> => (registrationPhoto ??= photographScroll(scroll, { kind: 'registration', seed: deriveSeed('fallback', 'registration'), megapixels: 2 }));

/** A 2 MP phone shot of the scroll: no finger, crop, glare or motion blur unless told. */
export const phoneShot = (seed: number, conditions: Omit<ShotSpec, 'kind' | 'seed'>): Promise<Photo> =>
  photographScroll(scroll, { kind: 'phone', seed, megapixels: 2, finger: false, crop: false, glare: false, motion: 0, ...conditions });

/** Photo `index` of a `npm run bench:stress` condition and its scroll's registration photo, rendered as the bench renders them. */
export const stressPair = (condition: string, index: number): Promise<[Photo, Photo]> => Promise.all([stressPhoto('ref', index), stressPhoto(condition, index)]);

/** The similarity of a phone shot (at 32° unless told) to the scroll's registration photo. */
export async function similarityToRegistration(seed: number, conditions: { glare: boolean; motion: number; tilt?: number; curl?: number }): Promise<number> {
  return similarityOf(await registration(), await phoneShot(seed, { tilt: 32, ...conditions }));
}

/** The readings beyond the first that reading a photo (at its decoded size) called for. */
export async function opinionsOf(photo: Photo): Promise<Opinion[]> {
  const opinions: Opinion[] = [];
  extractPoints((await decodePhoto(new Uint8Array(photo.jpeg), false)).gray, opinions);
  return opinions;
}

/** Readings of the photo table: each marks the photo read once more, and the image table's readings of it follow. */
const REREADINGS = new Set<Opinion['name']>(['dehazed', 'clipped', 'deblurred']);

/** The image table's readings the photo as taken called for (not those of reading it again with its veil off, in the clipped inks or deblurred). */
export async function firstReadingOpinionsOf(photo: Photo): Promise<Opinion[]> {
  const opinions = await opinionsOf(photo);
  const reread = opinions.findIndex((o) => REREADINGS.has(o.name));
  return reread < 0 ? opinions : opinions.slice(0, reread);
}

/** A grey level lifted toward white by a veil of strength k (glare, haze): s + k (262 − s). */
export const lift = (s: number, k: number): number => Math.min(255, Math.round(s + k * (262 - s)));

/** A phone shot decoded, its grey levels edited (`edit` of a level and its place), and read in this thread: the extraction and its similarity to the scroll's registration (null unread). */
export async function readEdited(phone: Photo, edit: (level: number, x: number, y: number, width: number, height: number) => number): Promise<{ read: Extraction; similarity: number | null }> {
  const { gray } = await decodePhoto(new Uint8Array(phone.jpeg), false);
  const { width, height } = gray;
  const data = gray.data.map((level, i) => edit(level, i % width, Math.floor(i / width), width, height));
  const read = extractPoints({ width, height, data });
  const registered = await analyzePhoto(new Uint8Array((await registration()).jpeg));
  assert.ok(registered.kind === 'scroll');
  const similarity = read.kind === 'scroll' ? comparePoints(decodeFingerprint(registered.fingerprint), read.points) : null;
  return { read, similarity };
}

/**
 * A sample phone photo veiled as `npm run bench:edits` veils it (`gain` s +
 * `lift` on its upright pixels, JPEG 90: low contrast 0.55 s + 90, hazy 0.35 s
 * + 140), made `longSide` pixels long at most when that is given.
 */
export async function veiledSamplePhoto(query: string, gain: number, lift: number, longSide?: number): Promise<Uint8Array> {
  const upright = await sharp(samplePhoto(query)).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const veiled = sharp(upright.data, { raw: { width, height, channels } }).linear(gain, lift);
  const sized = longSide ? veiled.resize(longSide, longSide, { fit: 'inside' }) : veiled;
  return new Uint8Array(await sized.jpeg({ quality: 90 }).toBuffer());
}

/** The similarity of a sample phone photo's reading to its scroll's registration photo; both must read. */
export async function similarityToSampleRegistration(query: string, read: Extraction): Promise<number> {
  const reference = manifest().scrolls.find((s) => s.queries.includes(query))!.reference;
  const registered = await analyzePhoto(samplePhoto(reference));
  assert.ok(read.kind === 'scroll' && registered.kind === 'scroll', read.kind === 'invalid' ? read.reason : 'registration unread');
  return comparePoints(decodeFingerprint(registered.fingerprint), read.points);
}

/** A photo's bytes read as the service reads them (decoded, then every reading it calls for), with the opinions given. */
export async function readWithOpinions(photo: Uint8Array): Promise<{ read: Extraction; opinions: Opinion[] }> {
  const opinions: Opinion[] = [];
  const read = await readDecoded(photo, await decodePhoto(photo, false), opinions);
  return { read, opinions };
}

/** A sample phone photo veiled (veiledSamplePhoto), read, and its similarity to its registration. */
export async function veiledSample(query: string, gain = 0.55, lift = 90): Promise<{ opinions: Opinion[]; similarity: number }> {
  const { read, opinions } = await readWithOpinions(await veiledSamplePhoto(query, gain, lift));
  return { opinions, similarity: await similarityToSampleRegistration(query, read) };
}

/** A reading of a scroll with `agreeing` word ends agreeing (its points do not matter to the rules that keep readings), and a photo unread. */
export const readingWith = (agreeing: number): Extraction => ({
  kind: 'scroll',
  points: { keys: new Uint16Array(0), xs: new Float32Array(0), ys: new Float32Array(0) },
  columnPixels: 500,
  agreeing,
  img: { width: 1, height: 1, data: new Uint8Array(1) },
  map: FLAT_PAGE(new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1])),
});
export const UNREAD: Extraction = { kind: 'invalid', reason: 'the text does not read as a mezuzah' };
