import { levels, type Gray } from '../raster.ts';
import { NO_FRAME, TOO_DARK, foundNoScrollText, type Extraction } from './extraction.ts';
import type { PhotoContext, PhotoOutcome } from './photo-context.ts';
import { ReadingBudget, walkReadings, type Opinion, type Reading } from './walk.ts';
import { asTaken } from './photo/as-taken.ts';
import { clipped } from './photo/clipped.ts';
import { deblurred, DEBLURRED_READINGS } from './photo/deblurred.ts';
import { dehazed } from './photo/dehazed.ts';

/**
 * How the photo is read, in order: each reading is one image of it read
 * through read-image.ts's table; the fallbacks only where the reading kept so
 * far found lines of text (blank parchment, backgrounds, objects and scrolls
 * blurred past reading are answered after the first).
 */
const PHOTO_READINGS: readonly Reading<PhotoContext, PhotoOutcome>[] = [
  asTaken, // the photo as taken
  dehazed, // veiled all over (haze, washed out): the veil taken off
  clipped, // parchment clipped at white: less contrast asked there
  ...Array.from({ length: DEBLURRED_READINGS }, (_, streak) => deblurred(streak)), // still unread: a streak of camera shake taken out
];

/**
 * Readings one photo may begin, at both sizes (analyze-photo.ts): what the
 * tables can take, the photo table's five each with the image table's eight
 * at two sizes. A photo of a scroll took 71 and read at its last (the report
 * set's unreg/9d2339997225 at 1 MP); at 64 it was lost.
 */
const READINGS_PER_PHOTO = 90;
/**
 * CPU time (the worker thread's, ms) after which a photo begins no further
 * reading: a photo of a scroll that read took at most 3.3 s on this kind of
 * machine (tune set at 1, 3 and 12 MP, report set at 1 and 3 MP,
 * bench:stress), so a machine half as fast, or a busy one, still reads them.
 */
const CPU_MS_PER_PHOTO = 8000;
/** A fresh budget for one photo: every reading of it, of either table and at every size, spends from one. */
export const photoBudget = (): ReadingBudget => new ReadingBudget({ readings: READINGS_PER_PHOTO, cpuMs: CPU_MS_PER_PHOTO });

/**
 * A photo whose brightest 1% of pixels stay below this grey level (of 255) is
 * too dark to read, and answered so. Tune phone photos (exposure 0.6–1.25)
 * measured 117 and above, 440 of them; scrolls photographed in the dark
 * (exposure 0.03–0.07) 10–28, 27 of them, six of which had read as scrolls.
 */
const MIN_BRIGHTEST = 50;
/**
 * A phone's main camera: focal length over the photo's long side (26 mm
 * equivalent on a 4:3 sensor), assumed when the photo's EXIF states no lens
 * (exif-focal.ts).
 */
const FOCAL_SHARE = 0.75;

/**
 * From a grey photo to the scroll's keyed word ends (docs/engine.md, "The
 * reader"): every reading of PHOTO_READINGS the photo calls for, within
 * `budget`; `opinions`, when given, logs the readings beyond the first of
 * each table. `focalShare`: the camera's focal length over the photo's long
 * side (the curl along the lines depends on it).
 */
export function extractPoints(img: Gray, opinions?: Opinion[], focalShare = FOCAL_SHARE, budget = photoBudget()): Extraction {
  const level = levels(img);
  if (level(0.99) < MIN_BRIGHTEST) return TOO_DARK;
  const shot = { width: img.width, height: img.height, focalPixels: focalShare * Math.max(img.width, img.height) };
  const c: PhotoContext = { img, level, shot, budget, opinions, kept: { extraction: NO_FRAME, img }, showsText: () => !foundNoScrollText(c.kept.extraction) };
  return walkReadings(PHOTO_READINGS, c).extraction;
}
