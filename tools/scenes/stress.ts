// The scenes of `npm run bench:stress`: fresh scrolls (never in the tune or
// report sets), each photographed for registration and once per condition,
// with that condition fixed and every other drawn as for any phone photo.
// The engine's tests render the same scenes when they check a photo found there.
import { deriveSeed, makeScribe, makeScroll, photographScroll, type Photo, type Scroll, type ShotSpec } from '../synth/index.ts';

export const STRESS_SEED = 5505;
export const STRESS_SCRIBES = 8;
export const STRESS_MEGAPIXELS = 3;

/** Each condition fixes what it names; every other condition is drawn as for any phone photo. */
export const STRESS_CONDITIONS: Record<string, Partial<ShotSpec>> = {
  curl06: { curl: 0.06 },
  curl09: { curl: 0.09 },
  curl12: { curl: 0.12 },
  'tilt35-curl': { tilt: 35, curl: 0.06 },
  blur8: { motion: 8 },
  // The same streak in a 1 MP photo (a messaging app's copy, an older phone):
  // the generator draws 1.5–9 px of shake at any size, so here a streak
  // smears letters of about 8–15 px.
  'shake-1mp': { motion: 7, megapixels: 1 },
  small: { coverage: 0.2 },
  dark: { exposure: 0.6 },
  glare: { glare: true },
  'glare-tilt': { glare: true, tilt: 30 },
  // A slice of the sheet out of the frame, with the glare and the tilt the
  // bench sets' last misses had together (report set: cropped, 29–30°, glare).
  crop: { crop: true },
  'crop-tilt': { crop: true, tilt: 30 },
  'crop-glare-tilt': { crop: true, glare: true, tilt: 30 },
  // A phone's ultra-wide lens (13 mm equivalent), as some switch to at close
  // range, and a 2× telephoto (52 mm), each with its focal length in the EXIF.
  'wide-curl': { fov: 105, curl: 0.09, exifFocal: true },
  'tele-curl': { fov: 37, curl: 0.09, exifFocal: true },
  wide: { fov: 105, exifFocal: true },
};

/** Scene `i`'s scroll (8 scribes in turn, so the scenes hold siblings). */
export const stressScroll = (i: number): Scroll => makeScroll(makeScribe(deriveSeed(STRESS_SEED, 'scribe', i % STRESS_SCRIBES)), deriveSeed(STRESS_SEED, 'scroll', i));

/** The shot of scene `i`: its registration photo (`condition` 'ref'), or its phone photo under a condition. */
export function stressShot(condition: string, i: number): ShotSpec {
  if (condition === 'ref') return { kind: 'registration', seed: deriveSeed(STRESS_SEED, 'ref', i), megapixels: STRESS_MEGAPIXELS };
  const fixed = STRESS_CONDITIONS[condition];
  if (!fixed) throw new Error(`unknown condition ${condition}: one of ${Object.keys(STRESS_CONDITIONS).join(', ')}`);
  return { kind: 'phone', seed: deriveSeed(STRESS_SEED, condition, i), megapixels: STRESS_MEGAPIXELS, ...fixed };
}

/** Scene `i` photographed as stressShot says. */
export const stressPhoto = (condition: string, i: number): Promise<Photo> => photographScroll(stressScroll(i), stressShot(condition, i));
