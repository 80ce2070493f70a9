import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { analyzePhoto, readDecoded } from '../../src/engine/analyze-photo.ts';
import { decodePhoto, WORKING_LONG_SIDE } from '../../src/engine/decode-photo.ts';
import type { Extraction } from '../../src/engine/reader/extraction.ts';
import { keepsClipped } from '../../src/engine/reader/photo/clipped.ts';
import { keepsDeblurred } from '../../src/engine/reader/photo/deblurred.ts';
import { extractPoints } from '../../src/engine/reader/read-photo.ts';
import type { Opinion } from '../../src/engine/reader/walk.ts';
import { comparePoints, MATCH_THRESHOLD } from '../../src/engine/compare.ts';
import { decodeFingerprint, encodeFingerprint } from '../../src/engine/fingerprint.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll, type Photo, type ShotSpec } from '../../tools/synth/index.ts';
import { haveSamples, manifest, samplePhoto } from './samples.ts';
import { stressPhoto, tunePhoto } from '../../tools/scenes/index.ts';
import { makeNonScroll } from '../../tools/synth/non-scroll.ts';

// The two photos at 32° were found among 72 shots of one synthetic scroll, as ones
// the reading failed when it read at full size only (the half-size reading was then
// a second opinion; it is now the first reading).
const scroll = makeScroll(makeScribe(deriveSeed('fallback', 'scribe')), deriveSeed('fallback', 'scroll'));

/** The similarity of two photos; both must read as a scroll. */
async function similarityOf(a: { jpeg: Uint8Array }, b: { jpeg: Uint8Array }): Promise<number> {
  const [first, second] = await Promise.all([analyzePhoto(new Uint8Array(a.jpeg)), analyzePhoto(new Uint8Array(b.jpeg))]);
  assert.ok(first.kind === 'scroll' && second.kind === 'scroll', `read as ${first.kind} and ${second.kind}`);
  return comparePoints(decodeFingerprint(first.fingerprint), decodeFingerprint(second.fingerprint));
}

/** The scroll's registration photo, rendered once for every test of the file. */
let registrationPhoto: Promise<Photo> | undefined;
const registration = () => (registrationPhoto ??= photographScroll(scroll, { kind: 'registration', seed: deriveSeed('fallback', 'registration'), megapixels: 2 }));

/** A 2 MP phone shot of the scroll: no finger, crop, glare or motion blur unless told. */
const phoneShot = (seed: number, conditions: Omit<ShotSpec, 'kind' | 'seed'>) =>
  photographScroll(scroll, { kind: 'phone', seed, megapixels: 2, finger: false, crop: false, glare: false, motion: 0, ...conditions });

/** Photo `index` of a `npm run bench:stress` condition and its scroll's registration photo, rendered as the bench renders them, so a photo found there is read here as it was. */
const stressPair = (condition: string, index: number): Promise<[Photo, Photo]> => Promise.all([stressPhoto('ref', index), stressPhoto(condition, index)]);

/** The similarity of a phone shot (at 32° unless told) to the scroll's registration photo. */
async function similarityToRegistration(seed: number, conditions: { glare: boolean; motion: number; tilt?: number; curl?: number }): Promise<number> {
  return similarityOf(await registration(), await phoneShot(seed, { tilt: 32, ...conditions }));
}

test('a soft, motion-blurred phone photo that the half-size reading cannot frame is read at full size, and matches its registration', async () => {
  // Found among 120 shots with 40–46% coverage, 1.15 px of defocus, 0 or 8 px of
  // motion blur and 15–29° of tilt, as the one invalid without the full-size reading.
  const phone = await photographScroll(scroll, { kind: 'phone', seed: deriveSeed('fullsize', 'shot', 83), megapixels: 3, coverage: 0.46, defocus: 1.15, motion: 8, tilt: 29 });
  const s = await similarityOf(await registration(), phone);
  assert.ok(s >= MATCH_THRESHOLD, `similarity ${s}`);
});

test('a steep, motion-blurred phone photo that gives no frame at full size is framed at half size, read, and matches its registration', async () => {
  // Before: invalid.
  const similarity = await similarityToRegistration(deriveSeed('fallback', 'shot', 17), { glare: false, motion: 6 });
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a steep phone photo with glare and motion blur, read poorly at full size, is framed at half size and matches its registration', async () => {
  // Before: read at full size only, 0.363 against its registration, below the threshold.
  const similarity = await similarityToRegistration(deriveSeed('fallback', 'shot', 34), { glare: true, motion: 6 });
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a phone photo smeared by motion, its letters fallen apart into bars, is read in fainter ink and matches its registration', async () => {
  // Found among 40 shots at 15° with 9 px of motion blur, of which 26 matched
  // before this third opinion and 34 after. Before: invalid.
  const similarity = await similarityToRegistration(deriveSeed('blur', 'shot', 10), { tilt: 15, glare: false, motion: 9 });
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('steep phone photos that the first reading frames poorly are read through the frame of their lines, and match their registration', async () => {
  // Found among 40 shots at 34° of tilt, of which 36 matched before this
  // opinion and 40 after. Before: shot 23 read wrongly (0.089), shot 28 invalid.
  for (const k of [23, 28]) {
    const similarity = await similarityToRegistration(deriveSeed('steep', 'shot', k), { tilt: 34, glare: false, motion: 0 });
    assert.ok(similarity >= MATCH_THRESHOLD, `shot ${k}: similarity ${similarity}`);
  }
});

/** The second opinions a photo's reading called for. */
async function opinionsOf(photo: Photo): Promise<Opinion[]> {
  const opinions: Opinion[] = [];
  extractPoints((await decodePhoto(new Uint8Array(photo.jpeg), false)).gray, opinions);
  return opinions;
}

/** Opinions that mark a whole photo read once more; the opinions of that reading follow them. */
const REREADINGS = new Set<Opinion['name']>(['dehazed', 'clipped', 'deblurred']);

/** The second opinions a photo's first reading called for (not those of reading it once more with its veil off, in the clipped inks or deblurred). */
async function firstReadingOpinionsOf(photo: Photo): Promise<Opinion[]> {
  const opinions = await opinionsOf(photo);
  const reread = opinions.findIndex((o) => REREADINGS.has(o.name));
  return reread < 0 ? opinions : opinions.slice(0, reread);
}

test('a reading that agrees weakly with the layout but holds together skips the line frame; a steep one does not', async () => {
  // Found among 20 shots at 20° of tilt, of which 5 read under 45% agreeing
  // yet held together: the hand's drift, not the frame. (6 with word ends at
  // whole pixels, shot 1 among them; placed between pixels, it reads strongly.)
  // Its first reading ties under 45% of its word ends (calling for the line
  // frame) but over 30% (no other opinion), and holds together: no opinion.
  assert.deepEqual(await firstReadingOpinionsOf(await phoneShot(deriveSeed('held', 'shot', 8), { tilt: 20 })), []);
  const similarity = await similarityToRegistration(deriveSeed('held', 'shot', 8), { tilt: 20, glare: false, motion: 0 });
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
  // The steep shot of the line-frame test above, whose first reading frames the page poorly.
  const steep = await firstReadingOpinionsOf(await phoneShot(deriveSeed('steep', 'shot', 23), { tilt: 34 }));
  assert.deepEqual(steep.filter((o) => o.name === 'line-frame'), [{ name: 'line-frame', taken: true }]);
});

test('a steep, shadowed photo of a small scroll, unread through the frame of its lines, is read through the outline of its text and matches its registration', async () => {
  // Found among 40 such shots at 31° of tilt: 7 called for the text outline; it
  // read this one (invalid before) and raised another from 0.588 to 0.748.
  const phone = await phoneShot(deriveSeed('outline', 'shot', 20), { tilt: 31, coverage: 0.3, defocus: 1.8, shadow: 0.45 });
  assert.deepEqual((await firstReadingOpinionsOf(phone)).filter((o) => o.name === 'text-outline'), [{ name: 'text-outline', taken: true }]);
  const similarity = await similarityOf(await registration(), phone);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a steep, clear phone photo whose words shrink along its lines is framed from words measured in the letters\' own size where they stand, and agrees closely with its registration', async () => {
  // The tune set's r0020 at 34° of tilt: its far side's letters half the size of
  // its near side's, so word and letter gaps, measured in the line's one letter
  // height, mixed; every reading before this opinion framed it poorly (0.429, just
  // matching). The letter-sizes opinion frames it from the half-size lines with
  // the letters' growth across the page measured: 0.79.
  const [registered, phone] = await Promise.all([tunePhoto(20, 'ref'), tunePhoto(20, 'query', 1)]);
  assert.ok(Math.round(phone.info.tilt) === 34 && !phone.info.glare && phone.info.motion === 0, 'the shot of the tune set: 34°, clear');
  assert.deepEqual((await firstReadingOpinionsOf(phone)).filter((o) => o.name === 'letter-sizes'), [{ name: 'letter-sizes', taken: true }]);
  const similarity = await similarityOf(registered, phone);
  assert.ok(similarity >= 0.6, `similarity ${similarity}`);
});

test('a soft 1 MP phone photo whose lines fan is read through a warp that makes them parallel, and agrees better with its registration', async () => {
  // The tune set's r0006, its first phone photo at 1 MP (14° of tilt, 1.8 px of
  // defocus): read 0.534 against its 3 MP registration before this opinion, its
  // best reading tying 131 of 294 word ends; read through the warp, 148 of 298
  // and 0.695.
  const [registered, phone] = await Promise.all([tunePhoto(6, 'ref'), tunePhoto(6, 'query', 0, 1)]);
  assert.ok(phone.info.width * phone.info.height < 1.2e6, 'the 1 MP scene');
  assert.deepEqual((await firstReadingOpinionsOf(phone)).filter((o) => o.name === 'unfanned'), [{ name: 'unfanned', taken: true }]);
  const similarity = await similarityOf(registered, phone);
  assert.ok(similarity >= 0.65, `similarity ${similarity}`);
});

/** A grey level lifted toward white by a veil of strength k (glare, haze): s + k (262 − s). */
const lift = (s: number, k: number) => Math.min(255, Math.round(s + k * (262 - s)));

/**
 * A phone shot decoded, its grey levels edited (`edit` of a level and its
 * place), and read in this thread: the opinions the reading took, the
 * extraction, and its similarity to the scroll's registration (null unread).
 */
async function readEdited(phone: Photo, edit: (level: number, x: number, y: number, width: number, height: number) => number) {
  const { gray } = await decodePhoto(new Uint8Array(phone.jpeg), false);
  const { width, height } = gray;
  const data = gray.data.map((level, i) => edit(level, i % width, Math.floor(i / width), width, height));
  const opinions: Opinion[] = [];
  const read = extractPoints({ width, height, data }, opinions);
  const registered = await analyzePhoto(new Uint8Array((await registration()).jpeg));
  assert.ok(registered.kind === 'scroll');
  const similarity = read.kind === 'scroll' ? comparePoints(decodeFingerprint(registered.fingerprint), read.points) : null;
  return { opinions, read, similarity };
}

test('a phone photo with a band of glare across its middle, unread every other way, is read in ink with the veil taken off and matches its registration', async () => {
  // A strip light's reflection on a plastic case: a quarter of the photo lifted toward
  // white, s + 0.7 (262 − s). Found among 8 shots at 15° of tilt: 6 unread without this
  // opinion; it read this one (0.92) and one other (0.73).
  const phone = await phoneShot(deriveSeed('veil', 'shot', 5), { tilt: 15 });
  const { opinions, read, similarity } = await readEdited(phone, (s, x, y, w, h) =>
    Math.abs((x - w / 2) * 0.6 + (y - h / 2) * 0.8) / Math.max(w, h) < 0.125 ? lift(s, 0.7) : s,
  );
  assert.deepEqual(opinions.filter((o) => o.name === 'unveiled'), [{ name: 'unveiled', taken: true }]);
  assert.equal(read.kind, 'scroll');
  assert.ok(similarity !== null && similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a steep phone photo with glare along its lines, their starts cut off by the frame, reads with the pieces of each line on either side of the glare joined, and matches its registration', async () => {
  // The tune set's (seed 1101) scroll r0057 and its first phone photo: 25° of tilt, a
  // curl of 5%, the frame cutting off the lines' starts, a band of glare along the
  // lines. The lines fan under the tilt, so the piece of a line beyond the glare sorts
  // three or four places from its other piece; joining only neighbours found 35 lines
  // for the 22, and no reading read it (lines.ts, joinMutualPieces).
  const [registered, phone] = await Promise.all([tunePhoto(57, 'ref'), tunePhoto(57, 'query')]);
  assert.ok(phone.info.glare && phone.info.crop && Math.round(phone.info.tilt) === 25, 'the shot of the tune set: glare, cropped, 25°');
  const similarity = await similarityOf(registered, phone);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a steep phone photo the frame cuts into reads the lines it cuts as going on past it, and matches its registration', async () => {
  // bench:stress's scene crop-tilt/17 (seed 5505): 30° of tilt, cropped. Before
  // lines were read as cut by the frame, the words of the lines it cuts were tied a
  // place or two off; with the word nearest the frame left unread whenever a letter
  // past it was outside the photo, whole words were lost with it (0.08 against its
  // registration); with that word left unread only when the frame may cut through
  // it (a quarter of a letter), it matches. crop/16, this test's scene until then,
  // reads 0.17 now (0.12 before lines were read as cut, 0.55 in between).
  const [registered, phone] = await stressPair('crop-tilt', 17);
  assert.ok(phone.info.crop && Math.round(phone.info.tilt) === 30, 'the scene of bench:stress: cropped, 30°');
  const similarity = await similarityOf(registered, phone);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a phone photo veiled all over by haze, unread every other way, is read with the haze taken off and matches its registration', async () => {
  // A washed-out shot through a hazy case: every pixel lifted toward white, s + 0.65 (262 − s),
  // the ink at about four fifths of its parchment. Of 6 shots at 15° of tilt, 3 were unread
  // without this reading (4 before the text direction was taken from the rows of letters,
  // lines.ts, sharpestRows); with it, all three read (0.57–0.96), this one 0.96.
  const phone = await phoneShot(deriveSeed('haze', 'shot', 0), { tilt: 15 });
  const { opinions, read, similarity } = await readEdited(phone, (s) => lift(s, 0.65));
  assert.deepEqual(opinions.filter((o) => o.name === 'dehazed'), [{ name: 'dehazed', taken: true }]);
  assert.equal(read.kind, 'scroll');
  assert.ok(similarity !== null && similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

/**
 * A sample phone photo veiled as `npm run bench:edits` veils it (`gain` s +
 * `lift` on its upright pixels, JPEG 90: low contrast 0.55 s + 90, hazy 0.35 s
 * + 140), made `longSide` pixels long at most when that is given.
 */
async function veiledSamplePhoto(query: string, gain: number, lift: number, longSide?: number): Promise<Uint8Array> {
  const upright = await sharp(samplePhoto(query)).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const veiled = sharp(upright.data, { raw: { width, height, channels } }).linear(gain, lift);
  const sized = longSide ? veiled.resize(longSide, longSide, { fit: 'inside' }) : veiled;
  return new Uint8Array(await sized.jpeg({ quality: 90 }).toBuffer());
}

/** The similarity of a sample phone photo's reading to its scroll's registration photo; both must read. */
async function similarityToSampleRegistration(query: string, read: Extraction): Promise<number> {
  const reference = manifest().scrolls.find((s) => s.queries.includes(query))!.reference;
  const registered = await analyzePhoto(samplePhoto(reference));
  assert.ok(read.kind === 'scroll' && registered.kind === 'scroll', read.kind === 'invalid' ? read.reason : 'registration unread');
  return comparePoints(decodeFingerprint(registered.fingerprint), read.points);
}

/** A photo's bytes read as the service reads them (decoded, then every reading it calls for), with the opinions given. */
async function readWithOpinions(photo: Uint8Array): Promise<{ read: Extraction; opinions: Opinion[] }> {
  const opinions: Opinion[] = [];
  const read = await readDecoded(photo, await decodePhoto(photo, false), opinions);
  return { read, opinions };
}

/** A sample phone photo veiled (veiledSamplePhoto), read, and its similarity to its registration. */
async function veiledSample(query: string, gain = 0.55, lift = 90): Promise<{ opinions: Opinion[]; similarity: number }> {
  const { read, opinions } = await readWithOpinions(await veiledSamplePhoto(query, gain, lift));
  return { opinions, similarity: await similarityToSampleRegistration(query, read) };
}

test('a low-contrast phone photo, its darkest ink lifted to over 0.4 of its parchment, is read with the veil taken off and matches its registration', { skip: haveSamples ? false : 'shared sample photos are not present beside the repository' }, async () => {
  // Ink at 0.57 of the parchment (a finger over it, 8 px of camera shake): unread as it
  // is; read with a veil taken off that brings its ink to 0.5 of the parchment (the
  // share the veil was measured against until then), 0.34; to 0.4, 0.69.
  const { opinions, similarity } = await veiledSample('query/d370c65816c2.jpg');
  assert.deepEqual(opinions.filter((o) => o.name === 'dehazed'), [{ name: 'dehazed', taken: true }]);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('an overexposed phone photo, its parchment clipped at white, is read again in the clipped inks and matches its registration', { skip: haveSamples ? false : 'shared sample photos are not present beside the repository' }, async () => {
  // Exposed 1.8× (as bench:edits overexposes), blurred strokes break apart against the
  // white: 7030160e0682 (1.4 px of defocus) read 0.56 as it is, 0.99 in the clipped
  // inks; d370c65816c2 (a finger, 8 px of shake) was unread, 0.56.
  for (const [query, least] of [['query/7030160e0682.jpg', 0.9], ['query/d370c65816c2.jpg', MATCH_THRESHOLD]] as const) {
    const { opinions, similarity } = await veiledSample(query, 1.8, 0);
    assert.ok(opinions.some((o) => o.name === 'clipped'), query);
    assert.ok(similarity >= least, `${query}: similarity ${similarity}`);
  }
});

/** A reading of a scroll with `agreeing` word ends agreeing (its points do not matter to the rules that keep readings), and a photo unread. */
const readingWith = (agreeing: number): Extraction => ({ kind: 'scroll', points: { keys: new Uint16Array(0), xs: new Float32Array(0), ys: new Float32Array(0) }, columnPixels: 500, agreeing });
const UNREAD: Extraction = { kind: 'invalid', reason: 'the text does not read as a mezuzah' };

test('a reading in the clipped inks is kept when it ties 10% more word ends than the reading so far, or 100 for a photo unread so far', () => {
  // Lightly clipped photos read their words' ends a little worse in the clipped inks: a tie, or a few more, is not enough.
  assert.equal(keepsClipped(readingWith(100), readingWith(100)), false);
  assert.equal(keepsClipped(readingWith(100), readingWith(109)), false);
  // (111, not 110: 1.1 × 100 is a hair over 110 in floating point, so exactly 10% more is not kept; left as measured.)
  assert.equal(keepsClipped(readingWith(100), readingWith(111)), true);
  // A second chance is one for other text too: a photo unread so far needs 100 ends (a printed page reached 74).
  assert.equal(keepsClipped(UNREAD, readingWith(99)), false);
  assert.equal(keepsClipped(UNREAD, readingWith(100)), true);
  assert.equal(keepsClipped(readingWith(40), UNREAD), false);
});

test('a photo read with the deepest streak taken out is kept as it reads; with a later streak, only with 100 word ends agreeing', () => {
  assert.equal(keepsDeblurred(readingWith(40), 0), true);
  // Each later streak is one more chance for other text too (a printed page read 71 with the second).
  assert.equal(keepsDeblurred(readingWith(99), 1), false);
  assert.equal(keepsDeblurred(readingWith(100), 1), true);
  assert.equal(keepsDeblurred(readingWith(99), 2), false);
  assert.equal(keepsDeblurred(UNREAD, 0), false);
  assert.equal(keepsDeblurred(UNREAD, 2), false);
});

test('a photo whose parchment is not clipped, or whose reading as it is ties half the text, is not read in the clipped inks', { skip: haveSamples ? false : 'shared sample photos are not present beside the repository' }, async () => {
  // 1a644bd90127 as taken: brightest 1% under 250. Exposed 1.8×: clipped, but 200 of the
  // text's 340 word ends agree as it is.
  for (const gain of [1, 1.8]) {
    const { read, opinions } = await readWithOpinions(await veiledSamplePhoto('query/1a644bd90127.jpg', gain, 0));
    assert.equal(read.kind, 'scroll');
    assert.ok(!opinions.some((o) => o.name === 'clipped'), `gain ${gain}`);
  }
});

test('a veiled photo that reads as it is keeps the reading with the veil off, unless the photo as it is ties 10% more word ends', { skip: haveSamples ? false : 'shared sample photos are not present beside the repository' }, async () => {
  // Sample photos read both ways, word ends agreeing as it is / with the veil off
  // (similarity to the registration): in low contrast, e4b4cbb8a861 197 / 149 (0.93 /
  // 0.66) and a85fb3cf4a5d 145 / 152 (0.73 / 0.92); hazy, 9e6a81a69f29 178 / 175 (0.81 /
  // 0.94). Either way taken always loses one of the first two, and the reading with
  // more ends agreeing, the third.
  const cases: [string, number, number][] = [['query/e4b4cbb8a861.jpg', 0.55, 90], ['query/a85fb3cf4a5d.jpg', 0.55, 90], ['query/9e6a81a69f29.jpg', 0.35, 140]];
  for (const [query, gain, lift] of cases) {
    const { opinions, similarity } = await veiledSample(query, gain, lift);
    assert.ok(opinions.some((o) => o.name === 'dehazed'), `${query}: read with the veil off too`);
    assert.ok(similarity >= 0.85, `${query} (${gain} s + ${lift}): similarity ${similarity}`);
  }
});

test('a small phone photo in which lines are found only with the haze taken off, unread at its own size, is read enlarged and matches its registration', { skip: haveSamples ? false : 'shared sample photos are not present beside the repository' }, async () => {
  // A sample phone photo veiled (0.3 s + 155, JPEG 90) and sent small (700 px, as a
  // messaging app might). No line is found until the haze is taken off, and then
  // none reads at 700 px; enlarged, it reads. When the reading with the haze off
  // failed, the first reading's "no lines of text found" was answered, and the photo
  // was not read enlarged: invalid. (The scene of this test until the veil was read
  // against a share of 0.4 rather than 0.5, `2a1f2d9d0997` at 1,200 px veiled 0.35 s
  // + 140, now reads at its own size.)
  const query = 'query/a85fb3cf4a5d.jpg';
  const hazy = await veiledSamplePhoto(query, 0.3, 155, 700);
  const decoded = await decodePhoto(hazy, false);
  const atOwnSize: Opinion[] = [];
  const own = extractPoints(decoded.gray, atOwnSize);
  assert.ok(own.kind === 'invalid' && own.reason === 'the text does not read as a mezuzah', own.kind);
  assert.deepEqual(atOwnSize.filter((o) => o.name === 'dehazed'), [{ name: 'dehazed', taken: true }]);
  const opinions: Opinion[] = [];
  const read = await readDecoded(hazy, decoded, opinions);
  assert.deepEqual(opinions.filter((o) => o.name === 'enlarged'), [{ name: 'enlarged', taken: true }]);
  const similarity = await similarityToSampleRegistration(query, read);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a steep phone photo smeared by camera shake, unread every other way, is read with its motion blur taken out and matches its registration', async () => {
  // Found among 60 shots at 30° of tilt with 8 px of motion blur: 11 are unread
  // without this opinion, and it reads 5 of them (0.79–0.94); this one 0.79. (Before
  // the text direction was taken from the rows of letters: 10 unread, 6 read, 0.54–0.82.)
  const phone = await phoneShot(deriveSeed('deblur', 'shot', 12), { tilt: 30, motion: 8 });
  assert.deepEqual((await opinionsOf(phone)).filter((o) => o.name === 'deblurred'), [{ name: 'deblurred', taken: true }]);
  const similarity = await similarityOf(await registration(), phone);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a 1 MP photo smeared by camera shake, whose deepest cepstral spike is its text\'s, is read with the next streak taken out, and matches its registration', async () => {
  // bench:stress's shake-1mp scene 33 (7 px of shake at 1 MP, 35° of tilt): the
  // deepest spike names 5 px across the lines, the next 8.6 px at 36°. With one
  // streak tried, 3 of the condition's 40 photos were unread; with three, none.
  const [reference, phone] = await stressPair('shake-1mp', 33);
  const deblurred = (await opinionsOf(phone)).filter((o) => o.name === 'deblurred').length;
  assert.ok(deblurred >= 2, `deblurred ${deblurred} times`);
  const similarity = await similarityOf(reference, phone);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a printed page whose later streaks are as short as its letters\' strokes is deblurred at most once, and stays invalid', async () => {
  // bench:non-scroll --kind other_text --seed 7707, image 5 (Hebrew print, a
  // finger over it): its cepstrum names 3.2, 3.2 and 3.6 px. Read with the second
  // streak taken out, it tied 71 word ends and passed for a scroll. Its lines
  // now hold more letters than a mezuzah has, so it is not deblurred at all.
  const page = await makeNonScroll('other_text', deriveSeed(7707, 'ns', 5), { megapixels: 3 });
  const opinions: Opinion[] = [];
  const extraction = extractPoints((await decodePhoto(new Uint8Array(page.jpeg), false)).gray, opinions);
  assert.equal(extraction.kind, 'invalid');
  assert.ok(opinions.filter((o) => o.name === 'deblurred').length <= 1);
});

test('a small phone photo that no reading at its own size reads is read enlarged to the working size, and matches its registration', async () => {
  // Found among 40 shots at 1 MP, 34° of tilt, a quarter of the frame, glare,
  // 8 px of motion blur and 1.6 px of defocus: 20 are unread at their own
  // size; enlarged, two of them read, this one matching (0.41; the other 0.31).
  // (Before the text direction was taken from the rows of letters: 21 unread,
  // four read enlarged, three matching, 0.49–0.73; with word ends at whole
  // pixels: 24 unread, five read enlarged, four matching.)
  const phone = await photographScroll(scroll, { kind: 'phone', seed: deriveSeed('small', 'shot', 34), megapixels: 1, tilt: 34, coverage: 0.25, defocus: 1.6, finger: false, crop: false, glare: true, motion: 8 });
  const decoded = await decodePhoto(new Uint8Array(phone.jpeg), false);
  const { gray } = decoded;
  assert.ok(Math.max(gray.width, gray.height) < WORKING_LONG_SIDE, `${gray.width} × ${gray.height}`);
  assert.equal(extractPoints(gray).kind, 'invalid');
  const opinions: Opinion[] = [];
  await readDecoded(new Uint8Array(phone.jpeg), decoded, opinions);
  assert.deepEqual(opinions.filter((o) => o.name === 'enlarged'), [{ name: 'enlarged', taken: true }]);
  const similarity = await similarityOf(await registration(), phone);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a 12 MP photo read at a third of its size is read again at the working size when its text came out small, and not when its lines hold more letters than a mezuzah has', async () => {
  const opinionsOf = async (bytes: Uint8Array) => {
    const decoded = await decodePhoto(bytes, false);
    assert.ok(decoded.reduced && Math.max(decoded.gray.width, decoded.gray.height) < WORKING_LONG_SIDE, `${decoded.gray.width} × ${decoded.gray.height}`);
    const opinions: Opinion[] = [];
    const extraction = await readDecoded(bytes, decoded, opinions);
    return { extraction, again: opinions.filter((o) => o.name === 'working-size').length };
  };
  // Printed pages: lines of text are found, and no reading takes them for a
  // mezuzah. No reading frames the first (none ties 24 word ends), so nothing
  // says how large its text is: it is not read again. bench:non-scroll
  // --megapixels 12's images 33 and 53 are framed by chance, at 727 and 395 px
  // a column width; the second's text is as small as text read again, but its
  // lines hold 1,376 letters, more than a mezuzah has: it is not read again
  // either (reader/image/full-size.ts, holdsOtherText).
  const invalid = { kind: 'invalid', reason: 'the text does not read as a mezuzah' };
  const page = async (seed: number, subkind?: 'hebrew_print') => new Uint8Array((await makeNonScroll('other_text', seed, { megapixels: 12, subkind })).jpeg);
  const unframed = await opinionsOf(await page(deriveSeed('reduced', 'page'), 'hebrew_print'));
  assert.deepEqual(unframed, { extraction: invalid, again: 0 });
  for (const [image, again] of [[33, 0], [53, 0]] as const) {
    const framed = await opinionsOf(await page(deriveSeed(8808, 'ns', image)));
    assert.equal(framed.again, again, `image ${image}`);
    assert.equal(framed.extraction.kind, 'invalid');
  }
  // The scroll filling half the frame is read at the reduced size alone; a tenth of it, again.
  const shot = (coverage: number) => photographScroll(scroll, { kind: 'phone', seed: deriveSeed('reduced', 'shot', coverage), megapixels: 12, long: 4000, tilt: 10, coverage, defocus: 0.3, motion: 0, finger: false, crop: false, glare: false });
  for (const [coverage, again] of [[0.5, 0], [0.1, 1]]) {
    const phone = await shot(coverage);
    const read = await opinionsOf(new Uint8Array(phone.jpeg));
    assert.equal(read.again, again, `coverage ${coverage}`);
    const similarity = await similarityOf(await registration(), phone);
    assert.ok(similarity >= MATCH_THRESHOLD, `coverage ${coverage}: similarity ${similarity}`);
  }
  // Small text in a photo that was not reduced (1 MP) is read at its own size only.
  const small = new Uint8Array((await photographScroll(scroll, { kind: 'phone', seed: deriveSeed('reduced', 'small'), megapixels: 1, tilt: 10, coverage: 0.15, defocus: 0.3, motion: 0, finger: false, crop: false, glare: false })).jpeg);
  const smallDecoded = await decodePhoto(small, false);
  const smallOpinions: Opinion[] = [];
  const smallRead = await readDecoded(small, smallDecoded, smallOpinions);
  assert.ok(smallRead.kind === 'scroll' && smallRead.columnPixels < 400, smallRead.kind === 'scroll' ? `${smallRead.columnPixels} px a column` : smallRead.reason);
  assert.deepEqual(smallOpinions.filter((o) => o.name === 'enlarged' || o.name === 'working-size'), []);
});

test('a small image too dark, or in which no lines of text were found, is not read again enlarged', async () => {
  // Blank parchment at 1 MP: the second reading would cost it 0.15 s for nothing.
  const blank = await makeNonScroll('blank_parchment', deriveSeed('small', 'blank'), { megapixels: 1 });
  const bytes = new Uint8Array(blank.jpeg);
  const decoded = await decodePhoto(bytes, false);
  const { gray } = decoded;
  assert.ok(Math.max(gray.width, gray.height) < WORKING_LONG_SIDE, 'small enough to be enlarged');
  const opinions: Opinion[] = [];
  assert.deepEqual(await readDecoded(bytes, decoded, opinions), { kind: 'invalid', reason: 'no lines of text found' });
  assert.deepEqual(opinions.filter((o) => o.name === 'enlarged'), []);
  // The same parchment in the dark: enlarged, it would be as dark.
  const dark = { ...gray, data: gray.data.map((s) => s >> 3) };
  const darkOpinions: Opinion[] = [];
  assert.deepEqual(await readDecoded(bytes, { gray: dark, reduced: false, focalShare: null }, darkOpinions), { kind: 'invalid', reason: 'the photo is too dark; take it in better light' });
  assert.deepEqual(darkOpinions, []);
});

test('an image in which no lines of text were found is not deblurred', async () => {
  // Blank parchment: the deconvolution would cost it a third of a second for nothing.
  const blank = await makeNonScroll('blank_parchment', deriveSeed('deblur', 'blank'), { megapixels: 2 });
  const opinions: Opinion[] = [];
  const extraction = extractPoints((await decodePhoto(new Uint8Array(blank.jpeg), false)).gray, opinions);
  assert.deepEqual(extraction, { kind: 'invalid', reason: 'no lines of text found' });
  assert.deepEqual(opinions.filter((o) => o.name === 'deblurred'), []);
});

test('curled phone photos are measured with the bow of their lines taken out, and agree closely with their registration', async () => {
  // Of 30 shots at 30° of tilt, curled by 6% of the width, all matched before
  // the page map had a bow and after; 5 rose by more than 0.05 and 1 fell
  // (word ends placed between pixels; with whole pixels, 8 and 2). These three
  // were 0.803, 0.777 and 0.826 without the bow, 0.937, 0.928 and 0.936 with it;
  // 0.918, 0.916 and 0.927 since pieces of a line further apart are joined
  // (lines.ts, joinMutualPieces: the 30 shots' mean 0.885 → 0.897).
  for (const k of [6, 7, 13]) {
    const similarity = await similarityToRegistration(deriveSeed('curl', 'shot', k), { tilt: 30, curl: 0.06, glare: false, motion: 0 });
    assert.ok(similarity >= 0.9, `shot ${k}: similarity ${similarity}`);
  }
});

test('a steep photo of a curled scroll, its top line cut off by the frame, reads by the ends its bowed map brings into agreement, and matches its registration', async () => {
  // Found among 40 cropped phone photos of fresh scrolls (seed 7707, photo 25:
  // 32° of tilt, a 3.8% curl). Its best reading agreed with 67 of 324 word ends
  // flat (k² / n 13.9, under 15: invalid) and 107 with its bow.
  const curled = makeScroll(makeScribe(deriveSeed(7707, 'scribe', 5)), deriveSeed(7707, 'scroll', 25));
  const [reference, phone] = await Promise.all([
    photographScroll(curled, { kind: 'registration', seed: deriveSeed(7707, 'ref', 25), megapixels: 3 }),
    photographScroll(curled, { kind: 'phone', seed: deriveSeed(7707, 'q', 25), megapixels: 3, crop: true, glare: false }),
  ]);
  const similarity = await similarityOf(reference, phone);
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});

test('a scroll curled by an eighth of its width, seen at 26°, is read with its curl taken from where the camera stood, and matches its registration', async () => {
  // bench:stress's curl12/25 (seed 5505: 26° of tilt, a 12% curl, no blur,
  // finger or glare). Its lines arch by a line and a half: 0.21 when the bow
  // was capped at 0.2 and nothing moved the line ends along the lines; 0.18
  // with the cap at 0.4 but no curl along the lines; 0.83 now.
  const [reference, phone] = await stressPair('curl12', 25);
  const similarity = await similarityOf(reference, phone);
  assert.ok(similarity >= 0.65, `similarity ${similarity}`);
});

test("a curled scroll taken close up through an ultra-wide lens is read with the focal length its EXIF states, and matches its registration", async () => {
  // bench:stress's wide-curl/13 (seed 5505: a 13 mm equivalent lens, 33° of
  // tilt, a 9% curl). Read as if through a main camera (the EXIF's focal
  // length left out, as a messaging app's copy would carry none), the curl
  // along the lines comes out at about half and the photo does not read.
  const [reference, phone] = await stressPair('wide-curl', 13);
  assert.equal(phone.info.focal35, 13.3); // stored in whole millimetres, 13: a share of 0.376 (the lens's own 0.384)
  const bytes = new Uint8Array(phone.jpeg);
  const decoded = await decodePhoto(bytes, false);
  assert.ok(decoded.focalShare !== null && Math.abs(decoded.focalShare - 0.376) < 0.001, `focal share ${decoded.focalShare}`);
  const ref = await analyzePhoto(new Uint8Array(reference.jpeg));
  assert.equal(ref.kind, 'scroll');
  const similarity = async (read: Awaited<ReturnType<typeof readDecoded>>) =>
    read.kind === 'scroll' ? comparePoints(decodeFingerprint(ref.fingerprint), decodeFingerprint(encodeFingerprint(read.points))) : 0;
  const withLens = await similarity(await readDecoded(bytes, decoded));
  const asMainCamera = await similarity(await readDecoded(bytes, { ...decoded, focalShare: null }));
  assert.ok(withLens >= 0.75, `with the EXIF's focal length: ${withLens}`);
  assert.ok(asMainCamera < MATCH_THRESHOLD, `as a main camera: ${asMainCamera}`);
});

test('a scroll photographed nearly in the dark is invalid, saying so', async () => {
  // Found among 250 tune images without a scroll (seed 1103, image 174): its
  // brightest 1% of pixels reach grey level 20 of 255, yet 183 of its 328 word ends
  // fitted the layout, and it read as a scroll.
  const photo = await makeNonScroll('unreadable_scroll', deriveSeed(1103, 'invalid', 174), { megapixels: 3 });
  assert.equal(photo.info.subkind, 'dark');
  assert.deepEqual(await analyzePhoto(new Uint8Array(photo.jpeg)), { kind: 'invalid', reason: 'the photo is too dark; take it in better light' });
});

test('a printed Hebrew page whose words fit the layout only by chance is invalid', async () => {
  // Found among 250 tune images without a scroll (seed 1103, image 178): 51 of
  // its 308 word ends fitted the layout, enough before for a scroll.
  const page = await makeNonScroll('other_text', deriveSeed(1103, 'invalid', 178), { megapixels: 3 });
  assert.equal(page.info.subkind, 'hebrew_print');
  const analysis = await analyzePhoto(new Uint8Array(page.jpeg));
  assert.equal(analysis.kind, 'invalid');
});

test('printed pages that fit the layout with few word ends at a small share are invalid', async () => {
  // Found among 160 photos of printed pages (seeds 5505 and 6606), as two of the
  // 12 that read as scrolls before the reading had to reach k² / n ≥ 15 (k word
  // ends agreeing of n read): a Hebrew page 63 of 306 (20.6%, 13.0) and a Latin
  // one 52 of 218 (23.9%, 12.4).
  for (const [i, subkind] of [[16, 'hebrew_print'], [55, 'latin']] as const) {
    const page = await makeNonScroll('other_text', deriveSeed(5505, 'ns', i), { megapixels: 3 });
    assert.equal(page.info.subkind, subkind);
    assert.deepEqual(await analyzePhoto(new Uint8Array(page.jpeg)), { kind: 'invalid', reason: 'the text does not read as a mezuzah' }, `page ${i}`);
  }
});

test('a printed page that reads only in the clipped inks, with fewer word ends than a scroll so read ties, is invalid', async () => {
  // bench:non-scroll seed 9909, image 68: its parchment clipped at white, 38 word ends
  // agreeing as it is, 74 of 260 in the clipped inks (k² / n 21, over the floor of 15).
  const page = await makeNonScroll('other_text', deriveSeed(9909, 'ns', 68), { megapixels: 3 });
  assert.equal(page.info.subkind, 'hebrew_print');
  const { read, opinions } = await readWithOpinions(new Uint8Array(page.jpeg));
  assert.ok(opinions.some((o) => o.name === 'clipped'));
  assert.ok(read.kind === 'invalid' && read.reason === 'the text does not read as a mezuzah', read.kind);
});

test('two registration photos of one scroll agree closely: the half-size reading frames the page, and the full-size look is what is measured', async () => {
  // Found among 25 pairs of 3 MP registration photos, where the half-size reading,
  // kept when it had the most agreeing word ends, lowered this pair to 0.830 (its
  // ends are measured at half the resolution).
  const k = 1;
  const scroll = makeScroll(makeScribe(deriveSeed('keep', 'scribe', k % 5)), deriveSeed('keep', 'scroll', k));
  const shots = await Promise.all(['reg', 'reg2'].map((name) => photographScroll(scroll, { kind: 'registration', seed: deriveSeed('keep', name, k), megapixels: 3 })));
  const s = await similarityOf(shots[0], shots[1]);
  assert.ok(s >= 0.95, `similarity ${s}`);
});

test('a phone photo turned any way (held sideways, upside down, at 135°; the pixels turned, no EXIF tag) matches its registration', async () => {
  // Phones save most photos upright by an EXIF tag (tested in engine.test.ts);
  // these are turned in their pixels, as a screenshot, an edited copy or a
  // scanner's output is. The reading finds the text's direction and way up.
  const reg = await registration();
  for (const roll of [90, 180, -135]) {
    const phone = await phoneShot(deriveSeed('turned', 'shot', roll), { roll, tilt: 15, exif: 1 });
    assert.equal(phone.info.roll, roll);
    const s = await similarityOf(reg, phone);
    assert.ok(s >= MATCH_THRESHOLD, `turned ${roll}°: similarity ${s}`);
  }
});
