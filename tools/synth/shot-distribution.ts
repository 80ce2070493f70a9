// The distributions a shot's conditions are drawn from, one table per kind of
// photo: a buyer's phone photo and a store's registration photo. Issue 6 set
// what a phone photo must cover: perspective tilt up to about 35°, any rotation,
// the scroll covering a quarter to nearly all of the frame, the parchment curling
// (scrolls are stored rolled), uneven light, shadows, glare from a plastic case,
// blur, noise, JPEG compression, fingers over a corner, a slice cut off by the
// frame, 1 to 12 megapixels; registration photos near frontal and well lit, but
// not scans. Each entry draws one condition; plan-shot.ts calls them in a fixed
// order, and every photo's bytes depend on that order and on these numbers.

import { BACKGROUNDS } from './backgrounds.ts';
import type { Background } from './backgrounds.ts';
import type { ExifOrientation } from './optics.ts';
import type { Random } from './random.ts';

/** How one kind of photo draws each condition (`scale`: the photo's long side over 2000 px). */
export type ShotDistribution = {
  readonly aspect: (rnd: Random) => number;
  /** The long side in pixels, before rounding. */
  readonly long: (rnd: Random, aspect: number) => number;
  readonly portrait: (rnd: Random, tallSheet: boolean) => boolean;
  readonly tilt: (rnd: Random) => number;
  readonly roll: (rnd: Random) => number;
  readonly coverage: (rnd: Random) => number;
  readonly curl: (rnd: Random) => number;
  readonly bg: (rnd: Random) => Background;
  readonly exposure: (rnd: Random) => number;
  readonly defocus: (rnd: Random, scale: number) => number;
  readonly motion: (rnd: Random, scale: number) => number;
  readonly jpeg: (rnd: Random) => number;
  readonly finger: (rnd: Random, hasSheet: boolean) => boolean;
  readonly crop: (rnd: Random, hasSheet: boolean) => boolean;
  readonly glare: (rnd: Random, hasSheet: boolean) => boolean;
  readonly shadow: (rnd: Random) => number;
  readonly exif: (rnd: Random) => ExifOrientation;
  /** Whether a curled sheet's edges lift towards the camera (else its middle bulges). */
  readonly concave: (rnd: Random) => boolean;
  /** The lens's angle of view across the long side, degrees. */
  readonly fov: (rnd: Random) => number;
  /** Where the sheet sits in the frame's free space, as a fraction of it (drawn across, then down). */
  readonly placement: (rnd: Random) => number;
  readonly whiteBalance: (rnd: Random) => [number, number, number];
  /** Brightness gradient across the frame (drawn across, then down). */
  readonly lightGradient: (rnd: Random) => number;
  readonly vignette: (rnd: Random) => number;
  /** Sensor noise, standard deviation in 8-bit levels. */
  readonly noise: (rnd: Random) => number;
};

/** Common phone sensors' long sides, pixels. */
const PHONE_LONG_SIDES = [1200, 1280, 1600, 1920, 2048, 2250, 2560, 2592, 3000, 3264, 4000, 4032];
/** Frame aspects (long over short) by weight. */
const PHONE_ASPECTS: readonly (readonly [number, number])[] = [
  [4 / 3, 6],
  [16 / 9, 2],
  [1, 1],
  [3 / 2, 1],
];

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

// A phone's main camera, whoever holds it (24–29 mm equivalent); ShotSpec.fov sets another lens.
const mainCameraLens = (rnd: Random): number => rnd.uniform(62, 72);
// An unrolled scroll curls back up at its edges more often than it bulges in the middle.
const curlsAtEdges = (rnd: Random): boolean => rnd.chance(0.7);

export const PHONE_PHOTO: ShotDistribution = {
  // The main camera's native 4:3 most of the time; 16:9, square and 3:2 are settings some people choose.
  aspect: (rnd) => rnd.weighted(PHONE_ASPECTS),
  // A sensor's common size, kept within issue 6's 1 to 12 megapixels whatever the aspect.
  long: (rnd, aspect) => Math.min(Math.max(rnd.pick(PHONE_LONG_SIDES), Math.sqrt(1.0e6 * aspect)), Math.sqrt(12.2e6 * aspect)),
  // Most people hold the phone upright, whatever the sheet's shape.
  portrait: (rnd) => rnd.chance(0.75),
  // The phone's direction from overhead spread evenly over a cone as wide as issue 6's tilt (a disc's radius: √ of a uniform).
  tilt: (rnd) => 35 * Math.sqrt(rnd.uniform(0.01, 1)),
  // Issue 6's any rotation: a third of scrolls lie at any turn, the rest roughly upright in the frame.
  roll: (rnd) => (rnd.chance(0.35) ? rnd.uniform(-180, 180) : rnd.clampedNormal(0, 10)),
  // Issue 6: a quarter to nearly all of the frame.
  coverage: (rnd) => rnd.uniform(0.25, 0.92),
  // A quarter lie flat (pressed, or under a case); the rest curl as a scroll stored rolled does (bench:stress goes past this edge).
  curl: (rnd) => (rnd.chance(0.25) ? 0 : rnd.uniform(0, 0.06)),
  // Whatever the buyer put it on.
  bg: (rnd) => rnd.pick(BACKGROUNDS),
  // Issue 6's uneven light: indoors a phone errs dark more often than bright.
  exposure: (rnd) => clamp(rnd.normal(0.93, 0.13), 0.6, 1.25),
  // From sharp to soft focus, as much of the scene's detail lost in a larger photo as in a 2000 px one.
  defocus: (rnd, scale) => rnd.uniform(0, 1.8) * Math.max(1, scale),
  // Camera shake in about a fifth of photos, scaled with the photo like defocus.
  motion: (rnd, scale) => (rnd.chance(0.22) ? rnd.uniform(1.5, 9) * Math.max(1, scale) : 0),
  // From a messaging app's recompression to a camera's own quality.
  jpeg: (rnd) => rnd.int(55, 95),
  // Issue 6's finger over a corner, its slice cut off by the frame and its glare from a plastic case:
  // accidents of a minority of photos, each often enough to fill dozens of a set's phone photos.
  finger: (rnd, hasSheet) => hasSheet && rnd.chance(0.12),
  crop: (rnd, hasSheet) => hasSheet && rnd.chance(0.15),
  glare: (rnd, hasSheet) => hasSheet && rnd.chance(0.15),
  // Issue 6's shadows: the phone or a hand between the light and the table, often.
  shadow: (rnd) => (rnd.chance(0.35) ? rnd.uniform(0.2, 0.6) : 0),
  // Phones often store the sensor's landscape pixels and tag how to turn them, most a quarter turn (6).
  exif: (rnd) => (rnd.fork('exif').chance(0.15) ? rnd.fork('exif-turn').weighted<ExifOrientation>([[6, 6], [3, 1], [8, 1]]) : 1),
  concave: curlsAtEdges,
  fov: mainCameraLens,
  // A buyer frames the sheet anywhere in the free space.
  placement: (rnd) => rnd.uniform(0, 1),
  // Mixed indoor light tints a phone's colours.
  whiteBalance: (rnd) => [rnd.normal(1, 0.04), 1, rnd.normal(1, 0.06)],
  // Issue 6's uneven light across the frame.
  lightGradient: (rnd) => rnd.normal(0, 0.18),
  // A phone's small lens darkens its corners.
  vignette: (rnd) => rnd.uniform(0.05, 0.35),
  // Issue 6's noise: a small sensor indoors.
  noise: (rnd) => rnd.uniform(1.5, 5),
};

export const REGISTRATION_PHOTO: ShotDistribution = {
  // A camera's or a phone's native frame.
  aspect: (rnd) => rnd.pick([4 / 3, 3 / 2]),
  // Mid-size, as a store uploads them (issue 6: better than a buyer's photo, but not a scan).
  long: (rnd, aspect) => Math.sqrt(rnd.uniform(2, 8) * 1e6 * aspect),
  // A store frames the sheet: upright for a tall sheet, mostly landscape for a wide one.
  portrait: (rnd, tallSheet) => rnd.chance(tallSheet ? 0.8 : 0.3),
  // Issue 6's near frontal: squared by eye.
  tilt: (rnd) => rnd.uniform(0, 8),
  // Lined up with the frame by eye.
  roll: (rnd) => rnd.clampedNormal(0, 1.5, 2.5),
  // The whole sheet with a margin.
  coverage: (rnd) => rnd.uniform(0.38, 0.68),
  // Pressed flat for the photo.
  curl: (rnd) => rnd.uniform(0, 0.006),
  // A plain backdrop.
  bg: (rnd) => rnd.pick<Background>(['plain', 'paper']),
  // Issue 6's well lit.
  exposure: (rnd) => clamp(rnd.normal(1.01, 0.02), 0.96, 1.06),
  // In focus.
  defocus: (rnd) => rnd.uniform(0.05, 0.4),
  // Held steady: no shake, finger, cut-off slice, glare or cast shadow, unless the spec asks for one.
  motion: () => 0,
  // A camera's own quality.
  jpeg: (rnd) => rnd.int(88, 95),
  finger: () => false,
  crop: () => false,
  glare: () => false,
  shadow: () => 0,
  exif: () => 1,
  concave: curlsAtEdges,
  fov: mainCameraLens,
  // Framed near the centre.
  placement: (rnd) => rnd.uniform(0.35, 0.65),
  // Steady light.
  whiteBalance: (rnd) => [rnd.normal(1, 0.015), 1, rnd.normal(1, 0.02)],
  lightGradient: (rnd) => rnd.normal(0, 0.05),
  vignette: (rnd) => rnd.uniform(0.05, 0.15),
  noise: (rnd) => rnd.uniform(0.8, 2),
};
