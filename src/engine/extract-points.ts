import { connectedComponents, type Blob } from './components.ts';
import { motionBlurCandidates, removeMotionBlur, type MotionBlur } from './deblur.ts';
import type { ScrollPoints } from './fingerprint.ts';
import { median } from './geometry.ts';
import { applyHomography, areaScaleAt, fitHomography, invertHomography, multiplyHomographies, type Homography } from './homography.ts';
import { hasClippedParchment, hazeOf, inkMask, withoutHaze } from './ink.ts';
import { findLines, pointOnLine, vanishingPointOfLines, withSizesAlongLines, type LineLayout, type TextLine } from './lines.ts';
import { convexHull, enclosingQuad, type Point } from './outline.ts';
import { FLAT_PAGE, fitPage, readsAsScroll, toCanonical, toPage, type PageFit } from './page-map.ts';
import { levels, reduce, type Gray } from './raster.ts';
import { columnPixels, rectifyPage, resampleThrough } from './rectify.ts';
import { ReadingBudget, walkReadings, type Opinion, type Reading, type ReadingContext } from './readings.ts';
import { recogniseLayout, type CutOff, type PageFrame, type WordEnd } from './recognise-layout.ts';
import { CANONICAL_X, CANONICAL_Y, LINE_PITCH, TEMPLATE_LINES, WORD_END_COUNT } from './template.ts';
import { findWords } from './words.ts';
import { MEZUZAH_LETTER_COUNT } from '../text/mezuzah-text.ts';

/**
 * A photo whose brightest 1% of pixels stay below this grey level (of 255) is
 * too dark to read, though contrast stretching might still raise letters out
 * of its noise: it is answered `invalid` with that reason, and the client can
 * ask for a photo in better light. Synthetic tune photos: phone photos
 * (exposure 0.6–1.25) measured 117 and above, 440 of them; scrolls photographed
 * in the dark (exposure 0.03–0.07) 10–28, 27 of them, six of which the reader
 * had read as scrolls.
 */
const MIN_BRIGHTEST = 50;
/** Minimum contrast of ink against its local background. */
const INK_CONTRAST = 0.3;
/**
 * The ink of the last second opinion, for a photo still read poorly after the
 * half-size one. Motion blur fades the strokes that run across it below the
 * usual contrast, and letters fall apart into the bars that run along it (a
 * vertical smear leaves each letter's top and bottom), which line up down the
 * columns. Chosen on the tune set: genuine pairs matched 567 / 575 / 577 of
 * 600 and phone photos invalid 20 / 11 / 10 of 440 without this opinion / at
 * 0.15 / at 0.2; of 250 fresh tune images without a scroll (seed 1103), one /
 * two / one read as scrolls.
 */
const FAINT_INK_CONTRAST = 0.2;
/**
 * How ink is told from its background: the contrast it needs, whether a veil
 * of glare is taken off first, and whether parchment clipped at white asks
 * less of it (inkMask).
 */
export type Ink = { readonly contrast: number; readonly unveil: boolean; readonly clipped: boolean };
const INK: Ink = { contrast: INK_CONTRAST, unveil: false, clipped: false };
const FAINT_INK: Ink = { contrast: FAINT_INK_CONTRAST, unveil: false, clipped: false };
/**
 * The last opinion for a reading still weak after the text outline: its ink
 * taken with the glare's veil off, and with less contrast asked where the
 * parchment is clipped at white over lifted ink (inkMask; docs/engine.md,
 * "Parchment clipped at white"). Glare from a plastic case, or overexposure,
 * washes the letters out of a contrast test, and a line that loses its middle
 * words is tied wrong. Only for such readings, so the rest read as before.
 * The veil, when it was added: report set genuine pairs matched 297 → 298 of 300 (a photo at 29° of
 * tilt, cropped, with glare: 0.10 → 0.50), p5 0.673 → 0.693, six pairs up by
 * more than 0.05, none down; tune set 598 = 598 of 600, two pairs up, none down
 * by more than 0.05 (p5 0.715 → 0.711); no image without a scroll read. Taken
 * off the whole photo, not only here, it lost the tune set five genuine pairs
 * (598 → 593): the veil is also found at the page's edges and in the
 * background's texture, and the reader answers such changes like another photo.
 */
const UNVEILED_INK: Ink = { contrast: INK_CONTRAST, unveil: true, clipped: false };
/** The inks of one reading of a photo (readPhoto): the first, the faint and the unveiled. */
type Inks = { readonly plain: Ink; readonly faint: Ink; readonly unveiled: Ink };
const AS_TAKEN_INKS: Inks = { plain: INK, faint: FAINT_INK, unveiled: UNVEILED_INK };
/** The same inks asking less where the parchment is clipped at white (ink.ts, CLIPPED_CONTRAST_SHARE). */
const CLIPPED_INKS: Inks = { plain: { ...INK, clipped: true }, faint: { ...FAINT_INK, clipped: true }, unveiled: { ...UNVEILED_INK, clipped: true } };

export type { WordEnd };

/**
 * A photo read as a scroll: its keyed word ends; `columnPixels`, the photo's
 * pixels per column width at the page's centre (how large the text was read);
 * `agreeing`, how many of its word ends agree with the layout (the count
 * readings are compared by). Or why it does not read, with `columnPixels` when
 * a reading framed the page all the same (MIN_FRAMING_INLIERS), as framed.
 */
export type Extraction =
  | { kind: 'scroll'; points: ScrollPoints; columnPixels: number; agreeing: number }
  | { kind: 'invalid'; reason: string; columnPixels?: number };

export type { Opinion };

/**
 * A phone's main camera: focal length over the photo's long side (26 mm
 * equivalent on a 4:3 sensor; the generator draws 0.69–0.83), assumed when
 * the photo's EXIF states no lens (exif-focal.ts).
 */
const FOCAL_SHARE = 0.75;
/**
 * The photo being read, set for the span of one extractPoints call, which
 * runs to its end without yielding:
 * - `focalPixels`: the camera's focal length in the photo's pixels, for the
 *   curl along the lines (page-map.ts fitPage); 0 (unknown) takes none;
 * - `frame`: the photo's size. Every reading maps its pixels to the photo's,
 *   and where a line runs into the photo's frame, the text may go on past it
 *   (CutOff). Null outside extractPoints.
 */
type PhotoRead = { readonly focalPixels: number; readonly frame: { readonly width: number; readonly height: number } | null };
const NO_PHOTO: PhotoRead = { focalPixels: 0, frame: null };
let photo: PhotoRead = NO_PHOTO;

function withPhoto<T>(read: PhotoRead, run: () => T): T {
  photo = read;
  try {
    return run();
  } finally {
    photo = NO_PHOTO;
  }
}

/**
 * Enough agreeing word ends to trust the homography for a second look, though
 * not (yet) for a fingerprint: a photo this poorly read gets its one chance,
 * rectified, of reading as a scroll.
 */
const MIN_INLIERS_TO_RECTIFY = 16;
/**
 * A reading whose word ends agree with the layout for less than this share is
 * weak, and the photo gets a second opinion. The first reading is at half
 * size; a weak one is followed by a first reading at full size, with its own
 * rectified looks, and the reading with more agreeing ends is kept. If that
 * is still weak, another in fainter ink (FAINT_INK_CONTRAST). Chosen on the
 * tune set when the first reading was at full size and the half-size one the
 * second opinion (genuine pairs matched of 600 at shares 0 (only unreadable
 * photos) / 0.25 / 0.3 / 0.35: 554 / 557 / 563 / 564).
 */
const WEAK_READING_SHARE = 0.3;
/**
 * A reading weaker than this share (of its word ends agreeing with the layout)
 * also gets the opinion read through the frame of its lines. Chosen on the
 * tune set: genuine pairs matched 577 of 600 without it, 587 / 593 / 593 at
 * shares 0.3 / 0.45 / 0.6 (photo analysis 102 / 113 / 166 s for 870 photos);
 * phone photos invalid 10 → 6 of 440; highest impostor 0.343 → 0.317.
 */
const LINE_FRAME_SHARE = 0.45;
/**
 * A reading whose word ends lie within HELD_RESIDUAL column widths (about
 * two-thirds of a letter) of its map for at least HELD_SHARE of them skips the
 * line-frame opinion, however few agree within page-map.ts's LAYOUT_RESIDUAL: its words are
 * tied right and its frame is sound; what keeps them from agreeing is the
 * hand's own drift from the layout, which another frame cannot take away. A
 * word tied a place off, or a frame skewed by steep tilt, lies a word's width
 * off. Chosen on the tune set: of 200 phone photos, 56 took the line frame;
 * the 35 at or above 0.7 gained 99 agreeing ends between them (at most 15
 * each), the 21 below it up to 176.
 */
const HELD_RESIDUAL = 0.02;
const HELD_SHARE = 0.7;
/** A long line is at least this share of the longest line found: the lines that frame the text block. */
const LONG_LINE_SHARE = 0.7;
/** Lines with fewer letters than this (stray marks, a line's broken-off end) do not shape the text's outline. */
const OUTLINE_LINE_LETTERS = 6;
/** Word ends that must agree before a framing reading (the half-size first reading, or a second opinion's) is trusted to frame the page. */
const MIN_FRAMING_INLIERS = 24;
/** How many times the page is rectified and read again, each time through the latest reading's homography. */
const RECTIFIED_LOOKS = 2;
/**
 * The page is rectified once more only when the last look tied this many times
 * the word ends of the look before: its frame was then rough (a steep or
 * curled photo), and the better frame pays for another reading.
 */
const LOOK_AGAIN_GAIN = 1.1;
/**
 * A photo measured veiled (hazeOf) keeps its reading as it is only when that
 * ties this many times the word ends of the reading with the veil off: blur,
 * not a veil, then lifted its darkest pixels. Read both ways, the samples' 12
 * phone photos in low contrast, washed out and hazy (36) and the 6 veiled phone
 * photos of registered scrolls in the tune and report sets at 1 MP: with the
 * reading with more ends agreeing kept, 4 of the 42 matched their registration
 * 0.06–0.13 less than the other reading would have (all hazy, the two counts
 * within 7%); with the veil's reading kept unless the other ties 10% more, 2
 * (low contrast: 0.89 → 0.76 and 0.82 → 0.77, at 8% and 6% more).
 */
const AS_TAKEN_GAIN = 1.1;
/**
 * A photo with parchment clipped at white keeps its reading in the clipped
 * inks only when that ties this many times the word ends of the reading as
 * it is: of photos only lightly clipped, the clipped inks' letters, fattened
 * by their soft edges, read the words' ends a little worse.
 */
const CLIPPED_GAIN = 1.1;
/**
 * A photo with parchment clipped at white is not read again in the clipped
 * inks when its reading as it is ties this many word ends already (half the
 * text's): of the tune set's 80 clipped phone photos at 3 MP, the 4 that the
 * clipped inks read with 10% more ends tied 79–146 as they were, and 41 tie
 * this many (the clipped reading costs a 12 MP photo about half its time).
 */
const CLIPPED_SURE_READING = WORD_END_COUNT / 2;
/**
 * The word ends a reading given a further chance at a photo unread every other
 * way must tie: each further chance is one more for other text to fit the
 * layout by chance too. Used for the reading in the clipped inks and for the
 * deblurred readings after the first streak (keepsClipped, keepsDeblurred).
 * Printed pages with parchment clipped, read in the clipped inks: 23–48
 * agreeing (13 of the 120 pages of bench:non-scroll's seeds 9909 and 7707),
 * one 74 (k² / n 21, over the floor of readsAsScroll); the samples
 * overexposed 1.8× and 2.2× that only the clipped inks read, 131–162. A
 * printed page of seed 7707 (image 5) read with the second streak taken out,
 * 71; shaken phone photos at 1 MP read only with the second or third streak
 * (tune set, bench:stress shake-1mp), 112–191.
 */
const RESCUE_AGREEING = 100;
/**
 * Streaks of camera shake taken out in turn from a photo no reading reads (see
 * PHOTO_READINGS): the cepstrum's deepest spike, then the next deepest that
 * are longer than LATER_STREAK_MIN_LENGTH pixels, at most DEBLURRED_READINGS
 * of them. The text's own spikes are short: in 34 photos of printed pages shot
 * without motion, the deepest named 3.2–6 px for 28 (docs/engine.md,
 * "Deblurred opinion"); the shaken photos that only a later streak read had it
 * at 6.1–10.3 px (the tune set at 1 MP, bench:stress shake-1mp). A shorter
 * later streak is skipped, which spares a printed page about half the readings
 * it would take.
 */
const MOTION_BLUR_TRIES = 3;
const LATER_STREAK_MIN_LENGTH = 6;
/**
 * Deblurred readings of one photo at one size, at most: of the tune set's
 * photos at 1, 3 and 12 MP and bench:stress's, every one a streak read was
 * read by the first or the second tried, and a third cost printed pages up to
 * a second more (docs/decisions/002-reading-budget.md).
 */
const DEBLURRED_READINGS = 2;

/**
 * From a grey photo to the scroll's keyed word ends: ink, letters, lines, words,
 * recognition of the mezuzah text, and normalisation into the canonical page.
 * The first reading is of the photo at half size (a quarter of the pixels):
 * it only frames the page, and is kept only when no full-size look reads.
 *
 * Then a second look, at full size: the page is resampled through the first reading's
 * homography into a frontal view, upright, letters of one size, lines level,
 * and read again. Perspective is what most confuses the line and word finders
 * (letters shrink along the page, lines fan out, gaps change scale), and in
 * the frontal page each word can also be tied by where it stands, so the
 * second reading ties more words, and right; the reading with more word ends
 * agreeing with the layout is kept. `focalShare`: the camera's focal length
 * over the photo's long side (the curl along the lines depends on it).
 */
export function extractPoints(img: Gray, opinions?: Opinion[], focalShare = FOCAL_SHARE, budget = photoBudget()): Extraction {
  const frame = { width: img.width, height: img.height };
  return withPhoto({ focalPixels: focalShare * Math.max(img.width, img.height), frame }, () => extractAll(img, opinions, budget));
}

/**
 * Readings one photo may begin, at both sizes (readings.ts, ReadingBudget):
 * what the lists can take, PHOTO_READINGS' five each with OPINIONS' eight, at
 * the decoded size and the working size. A photo of a scroll took 71 and read
 * at its last (the report set's unreg/9d2339997225 at 1 MP); at 64 it was lost.
 */
const READINGS_PER_PHOTO = 90;
/**
 * CPU time (the worker thread's, ms) after which a photo begins no further
 * reading: a photo of a scroll that read took at most 3.3 s on this kind of
 * machine (the tune set at 1, 3 and 12 MP, the report set at 1 and 3 MP,
 * bench:stress), so a machine half as fast, or a busy one, still reads them.
 */
const CPU_MS_PER_PHOTO = 8000;
/** A fresh budget for one photo's readings: every reading of it, at every size, spends from one. */
export const photoBudget = (): ReadingBudget => new ReadingBudget({ readings: READINGS_PER_PHOTO, cpuMs: CPU_MS_PER_PHOTO });

/** Whether a pixel of the image read (its `toPhoto`) lies outside the photo, or within a pixel of its edge. */
function outsideThePhoto(toPhoto?: (u: number, v: number) => [number, number]): CutOff | undefined {
  const { frame } = photo;
  if (!frame) return undefined;
  const { width, height } = frame;
  return (u, v) => {
    const [x, y] = toPhoto ? toPhoto(u, v) : [u, v];
    return !(x >= 1 && y >= 1 && x <= width - 2 && y <= height - 2);
  };
}

/** One photo being read (PHOTO_READINGS): the photo, its levels, and the reading kept so far with the image it read. */
type PhotoContext = ReadingContext<PhotoOutcome> & {
  readonly img: Gray;
  readonly level: (share: number) => number;
  /** The streaks of camera shake the cepstrum names in the kept reading's image, deepest first; measured when first asked for. */
  streaks?: readonly MotionBlur[];
};
/** What a reading of the whole photo read, and the image it read (the photo, or the photo with its veil off). */
type PhotoOutcome = { readonly extraction: Extraction; readonly img: Gray };

/** The streaks of camera shake tried in the kept reading's image (MOTION_BLUR_TRIES, LATER_STREAK_MIN_LENGTH), measured when first asked for. */
const streaksOf = (c: PhotoContext): readonly MotionBlur[] =>
  (c.streaks ??= motionBlurCandidates(c.kept.img, MOTION_BLUR_TRIES).filter((blur, i) => i === 0 || blur.length > LATER_STREAK_MIN_LENGTH));

/** A deblurred reading with the `streak`-th streak tried taken out (streaksOf), for a photo no reading above reads, kept as keepsDeblurred says. */
const deblurred = (streak: number): Reading<PhotoContext, PhotoOutcome> => ({
  name: 'deblurred',
  fallback: true,
  when: (c) => c.kept.extraction.kind !== 'scroll' && streak < streaksOf(c).length,
  read: (c) => ({ extraction: readPhoto(removeMotionBlur(c.kept.img, streaksOf(c)[streak]), c), img: c.kept.img }),
  keep: (_c, read) => keepsDeblurred(read.extraction, streak),
});

/**
 * The readings of a whole photo, in order (each of them readPhoto: every
 * opinion of OPINIONS it calls for). The fallbacks are read only where the
 * reading kept so far found lines of text: blank parchment, backgrounds,
 * objects and scrolls blurred past reading are answered after the first.
 * - as taken;
 * - with the veil taken off, for a photo veiled all over (haze on a plastic
 *   case, a washed-out or low-contrast shot): its ink is too close to its
 *   parchment for the ink test, and often no line is found; the glare
 *   opinion's local veil is read only near ink it can see, and only for weak
 *   readings. With the veil measured over the whole photo (hazeOf) and taken
 *   off, the photo is read once more, and that reading kept unless the photo
 *   as it is reads markedly better (keepsVeilOff): blur lifts the darkest
 *   pixels of small text as a veil does (12 of the tune and report sets' 700
 *   phone photos at 1 MP are measured veiled, none at 3 MP; docs/engine.md, "A
 *   veil over the whole photo"). Not a fallback: the veil is what hides the
 *   lines;
 * - in the clipped inks, for a photo whose parchment is clipped at white (an
 *   overexposed photo, strong glare) and whose reading does not already tie
 *   half the text: ink looks fainter against the white than it is, and
 *   blurred strokes break apart (docs/engine.md, "Parchment clipped at white,
 *   read again"). Kept only when it reads, so no deblurred reading follows it;
 * - with camera shake taken out, for a photo still unread: at a steep tilt the
 *   streak smears letters into their neighbours and lines into the next, and
 *   no reading above reads it. The streaks the cepstrum names are tried in
 *   turn (streaksOf, DEBLURRED_READINGS) until one is kept (keepsDeblurred).
 */
const PHOTO_READINGS: readonly Reading<PhotoContext, PhotoOutcome>[] = [
  { name: 'as-taken', fallback: false, when: () => true, read: (c) => ({ extraction: readPhoto(c.img, c), img: c.img }), keep: () => true },
  {
    name: 'dehazed',
    fallback: false,
    when: (c) => hazeOf(c.img, c.level) > 0,
    read: (c) => {
      const img = withoutHaze(c.img, hazeOf(c.img, c.level));
      return { extraction: readPhoto(img, c), img };
    },
    keep: (c, read) => keepsVeilOff(c.kept.extraction, read.extraction),
  },
  {
    name: 'clipped',
    fallback: true,
    when: (c) => hasClippedParchment(c.level) && !(c.kept.extraction.kind === 'scroll' && c.kept.extraction.agreeing >= CLIPPED_SURE_READING),
    read: (c) => ({ extraction: readPhoto(c.img, c, CLIPPED_INKS), img: c.img }),
    keep: (c, read) => keepsClipped(c.kept.extraction, read.extraction),
  },
  ...Array.from({ length: DEBLURRED_READINGS }, (_, streak) => deblurred(streak)),
];

function extractAll(img: Gray, opinions: Opinion[] | undefined, budget: ReadingBudget): Extraction {
  const level = levels(img);
  if (level(0.99) < MIN_BRIGHTEST) return TOO_DARK;
  const c: PhotoContext = { img, level, budget, opinions, kept: { extraction: NO_FRAME, img }, showsText: () => !foundNoScrollText(c.kept.extraction) };
  return walkReadings(PHOTO_READINGS, c).extraction;
}

/**
 * Whether a photo unread every other way is read with the `streak`-th streak
 * tried taken out (0, the cepstrum's deepest; see streaksOf): the deepest
 * whenever it reads, a later one only with RESCUE_AGREEING word ends agreeing.
 */
export function keepsDeblurred(deblurred: Extraction, streak: number): boolean {
  return deblurred.kind === 'scroll' && (streak === 0 || deblurred.agreeing >= RESCUE_AGREEING);
}

/**
 * Whether a veiled photo's reading with the veil off (`clear`) is kept over its
 * reading as it is: when it reads and the photo as it is does not tie
 * AS_TAKEN_GAIN times its word ends, or when neither reads and lines were found
 * only with the veil off (text all the same: the caller reads a photo with text
 * once more at the working size, readDecoded, and a veiled photo needs that as
 * much as any).
 */
function keepsVeilOff(asTaken: Extraction, clear: Extraction): boolean {
  if (clear.kind === 'scroll') return asTaken.kind !== 'scroll' || asTaken.agreeing < AS_TAKEN_GAIN * clear.agreeing;
  return asTaken === NO_LINES;
}

/**
 * Whether the reading of a photo with parchment clipped at white in the
 * clipped inks (`clipped`) is kept over its reading so far: when it ties
 * CLIPPED_GAIN times the word ends of a reading, or, for a photo unread so
 * far, at least RESCUE_AGREEING of them.
 */
export function keepsClipped(asTaken: Extraction, clipped: Extraction): boolean {
  if (clipped.kind !== 'scroll') return false;
  return asTaken.kind === 'scroll' ? clipped.agreeing >= CLIPPED_GAIN * asTaken.agreeing : clipped.agreeing >= RESCUE_AGREEING;
}

/** A pixel of the image reduced 2× (raster.reduce) to the photo's. */
const HALF_SIZE_TO_PHOTO: Homography = new Float64Array([2, 0, 0.5, 0, 2, 0.5, 0, 0, 1]);
const fromHalfSize = (u: number, v: number): [number, number] => applyHomography(HALF_SIZE_TO_PHOTO, u, v);

/** One image being read (OPINIONS): the image, the inks it is read in, and what its readings found so far; `kept` is the reading with most word ends agreeing. */
type ImageContext = ReadingContext<PageFit | null> & {
  readonly img: Gray;
  readonly inks: Inks;
  /** The half-size image's lines (the letter-sizes and unfanned opinions read them again). */
  halfLines?: TracedLines | null;
  /** The full-size image's lines, traced by the first reading that needs them. */
  lines?: TracedLines | null;
  /** The full-size reading, whose failure is the answer when nothing reads. */
  first?: PageReading;
  /** Whether the reading kept when the line frame was called for held together (holdsTogether): then no frame is taken afresh. */
  held?: boolean;
  /** Whether the full-size reading's lines show other text than a mezuzah's (holdsOtherText): then no fallback is read. */
  otherText?: boolean;
};

/** The reading with more word ends agreeing is kept; the one kept so far on a tie. */
const keepsMore = (c: ImageContext, read: PageFit | null) => read !== null && (c.kept === null || read.inliers > c.kept.inliers);
/** Weak under LINE_FRAME_SHARE, and not holding together (HELD_SHARE), decided once, when the line frame is called for. */
const framedPoorly = (c: ImageContext) => isWeak(c.kept, LINE_FRAME_SHARE) && !(c.held ??= holdsTogether(c.kept));

/**
 * The opinions within one reading of an image, in order: the half-size
 * reading frames the page (a quarter of the pixels; kept only when no
 * full-size look reads); the rest are called for by a reading still weak
 * (WEAK_READING_SHARE, LINE_FRAME_SHARE), each with its own rectified looks,
 * and the reading with most word ends agreeing is kept (docs/engine.md,
 * "second opinions"). Those after the full-size reading are fallbacks, read
 * only where the half-size or the full-size reading found lines of text (4 or
 * more, traceLines): no photo of a scroll in the tune set (1, 3 and 12 MP) or
 * bench:stress was read by one where neither had.
 */
const OPINIONS: readonly Reading<ImageContext, PageFit | null>[] = [
  {
    name: 'half-size',
    fallback: false,
    when: () => true,
    read: (c) => {
      c.halfLines = traceLines(reduce(c.img, 2), c.inks.plain);
      return reframe(c.img, c.halfLines ? readLines(c.halfLines, fromHalfSize) : NO_LINES, c.inks.plain, false);
    },
    keep: () => true,
  },
  {
    name: 'full-size',
    fallback: false,
    when: (c) => isWeak(c.kept),
    read: (c) => {
      c.lines = traceLines(c.img, c.inks.plain);
      c.otherText = !!c.lines && holdsOtherText(c.lines.layout);
      c.first = c.lines ? readLines(c.lines) : NO_LINES;
      return c.first.kind === 'page' ? lookAgain(c.img, c.first.fit, c.inks.plain) : null;
    },
    keep: keepsMore,
  },
  // Motion blur fades the strokes that run across it (FAINT_INK_CONTRAST).
  { name: 'faint-ink', fallback: true, when: (c) => isWeak(c.kept), read: (c) => readAnew(c.img, c.inks.faint), keep: keepsMore },
  // Under steep tilt the first reading recognises few words and frames the page poorly; the lines are still found.
  {
    name: 'line-frame',
    fallback: true,
    when: framedPoorly,
    read: (c) => {
      c.lines ??= traceLines(c.img, c.inks.plain);
      return c.lines ? reframe(c.img, readThroughLineFrame(c.img, c.lines.layout, c.inks.plain), c.inks.plain) : null;
    },
    keep: keepsMore,
  },
  { name: 'text-outline', fallback: true, when: (c) => !!c.lines && framedPoorly(c), read: (c) => reframe(c.img, readThroughTextOutline(c.img, c.lines!, c.inks.plain), c.inks.plain), keep: keepsMore },
  { name: 'unveiled', fallback: true, when: framedPoorly, read: (c) => readAnew(c.img, c.inks.unveiled), keep: keepsMore },
  // Under a steep tilt letters shrink along the lines toward the far side, and
  // gaps measured in one letter height per line mix word gaps with letter
  // gaps: the page is framed once more from the half-size lines with each
  // line's letter height following its letters (withSizesAlongLines).
  {
    name: 'letter-sizes',
    fallback: true,
    when: (c) => !!c.lines && !!c.halfLines && framedPoorly(c),
    read: (c) => {
      const sized = { ...c.halfLines!, layout: withSizesAlongLines(c.halfLines!.layout, c.halfLines!.blobs) };
      return reframe(c.img, readLines(sized, fromHalfSize), c.inks.plain, false);
    },
    keep: keepsMore,
  },
  // Under a steep tilt the lines also fan, and one text direction with a
  // curve per line traces lines across two or three of the text's; the photo
  // is read once more through a warp that makes them parallel. Its reading
  // must earn its place as a rectified look does (LOOK_AGAIN_GAIN).
  {
    name: 'unfanned',
    fallback: true,
    when: (c) => !!c.lines && !!c.halfLines && framedPoorly(c),
    read: (c) => {
      const unfanned = readUnfanned(c.img, c.halfLines!, c.inks.plain);
      return unfanned && reframe(c.img, unfanned, c.inks.plain);
    },
    keep: (c, look) => look !== null && (c.kept === null || look.inliers >= LOOK_AGAIN_GAIN * c.kept.inliers),
  },
];

/** One reading of an image with every opinion it calls for (OPINIONS), in `inks`, within the photo's budget (`photo`): every reading of PHOTO_READINGS is this, of the photo or of another image of it, or in other inks. */
function readPhoto(img: Gray, photo: { readonly budget: ReadingBudget; readonly opinions: Opinion[] | undefined }, inks: Inks = AS_TAKEN_INKS): Extraction {
  const c: ImageContext = { img, inks, budget: photo.budget, opinions: photo.opinions, kept: null, showsText: () => !!(c.halfLines || c.lines) && !c.otherText };
  const best = walkReadings(OPINIONS, c);
  const reads = !!best && readsAsScroll(best);
  if (!reads && c.otherText) return OTHER_TEXT;
  // Unread every way: the full-size reading says why, and whether any reading framed the page.
  if (!best) return c.first === NO_LINES ? NO_LINES : NO_FRAME;
  // A map that cannot be inverted measures no size: 0, as small as text comes.
  const toPhoto = invertHomography(best.map.h);
  const size = toPhoto ? columnPixels(toPhoto) : 0;
  if (!reads) return { ...NOT_A_MEZUZAH, columnPixels: size };
  return { kind: 'scroll', points: toCanonical(best), columnPixels: size, agreeing: best.inliers };
}

const isWeak = (fit: PageFit | null, share = WEAK_READING_SHARE) => !fit || fit.inliers < share * fit.ends.length;

/** Whether most of a reading's word ends lie within HELD_RESIDUAL of its map (see HELD_SHARE). */
function holdsTogether(fit: PageFit | null): boolean {
  if (!fit) return false;
  let held = 0;
  for (const e of fit.ends) {
    const [X, Y] = toPage(fit.map, e.x, e.y);
    if (Math.hypot(X - CANONICAL_X[e.key], Y - CANONICAL_Y[e.key]) < HELD_RESIDUAL) held++;
  }
  return held >= HELD_SHARE * fit.ends.length;
}

/** The photo read afresh at full size, its ink as `ink` says, and looked at again through the frame of that reading. */
const readAnew = (img: Gray, ink: Ink): PageFit | null => reframe(img, readPage(img, ink), ink);

/** A framing reading, when it frames the page well enough, looked at again through its frame (see lookAgain for `keepStart`). */
function reframe(img: Gray, reading: PageReading, ink: Ink, keepStart = true): PageFit | null {
  return reading.kind === 'page' && reading.fit.inliers >= MIN_FRAMING_INLIERS ? lookAgain(img, reading.fit, ink, keepStart) : null;
}

const NOT_A_MEZUZAH: { kind: 'invalid'; reason: string } = { kind: 'invalid', reason: 'the text does not read as a mezuzah' };
const TOO_DARK: { kind: 'invalid'; reason: string } = { kind: 'invalid', reason: 'the photo is too dark; take it in better light' };

/**
 * Rectifies the page through a reading's homography and reads it again, once
 * more while each look ties markedly more word ends; returns the reading with
 * the most word ends agreeing with the layout. With `keepStart` false the
 * start only frames: a look is returned even with fewer agreeing ends (the
 * half-size reading's ends are measured at half the resolution), and the start
 * only when no look reads. Kept, the half-size reading had lowered the tune
 * set's genuine similarity (median 0.914 → 0.897 for phone photos, 0.959 →
 * 0.933 for second registrations); not kept, 0.923 and 0.966.
 */
function lookAgain(img: Gray, start: PageFit, ink: Ink, keepStart = true): PageFit {
  let best: PageFit | null = keepStart ? start : null;
  let from = start;
  for (let look = 0; look < RECTIFIED_LOOKS; look++) {
    const rectified = rectifyPage(img, from.map);
    const again = rectified && readPage(rectified.image, ink, rectified.toPhoto, rectified.toCanonical);
    if (!again || again.kind !== 'page') break;
    if (!best || again.fit.inliers > best.inliers) best = again.fit;
    if (again.fit.inliers < LOOK_AGAIN_GAIN * from.inliers) break;
    from = again.fit;
  }
  return best ?? start;
}

type PageReading = { kind: 'page'; fit: PageFit } | { kind: 'invalid'; reason: string };

/**
 * Reads one image, its ink as `ink` says (inkMask); `toPhoto` maps its
 * pixels back to the photo's, so every fit is photo → canonical.
 */
function readPage(img: Gray, ink: Ink, toPhoto?: (u: number, v: number) => [number, number], frame?: PageFrame): PageReading {
  const lines = traceLines(img, ink);
  return lines ? readLines(lines, toPhoto, frame) : NO_LINES;
}

const NO_LINES: { kind: 'invalid'; reason: string } = { kind: 'invalid', reason: 'no lines of text found' };
/** Lines of text were found, but no reading framed the page (none tied MIN_FRAMING_INLIERS word ends). */
const NO_FRAME: { kind: 'invalid'; reason: string } = { kind: 'invalid', reason: NOT_A_MEZUZAH.reason };

/**
 * Lines of text were found, but more of them, holding more letters, than a
 * mezuzah has (holdsOtherText): a printed page, a book, a letter. Answered as
 * text that does not read as a mezuzah, without the fallbacks.
 */
const OTHER_TEXT: { kind: 'invalid'; reason: string } = { kind: 'invalid', reason: NOT_A_MEZUZAH.reason };

/**
 * Whether an extraction found no text that may be a mezuzah's: the photo too
 * dark, no lines of text in it, or lines of other text (holdsOtherText). No
 * fallback reading, at this size or another, is given to such a photo.
 */
export const foundNoScrollText = (extraction: Extraction): boolean => extraction === NO_LINES || extraction === TOO_DARK || extraction === OTHER_TEXT;

/**
 * Lines of text of a mezuzah: its 22 lines hold 713 letters, about 32 a line,
 * so a photo of one, whole or in part, shows no more lines of text (of
 * TEXT_LINE_LETTERS letters or more) than MEZUZAH_LINES, nor letters on them
 * than its own. Only a text over both is taken for other text, the letters
 * with a margin: a shaken photo's letters fall apart into pieces, and stray
 * lines are found (bench:stress blur8/8: 23 lines holding 881 letters; the
 * tune set's 440 phone photos at 3 MP: at most 24 lines, at most 809
 * letters); printed pages at 3 MP show 23–38 lines holding 1,101–2,583
 * letters (12 of bench:non-scroll's 20, and the samples' two).
 */
const MEZUZAH_LINES = 22;
const MAX_LETTER_SHARE = 1.5;
/** Lines with fewer letters than this (half a mezuzah's line) are not counted: a background's texture strings specks into short lines. */
const TEXT_LINE_LETTERS = 16;

/** Whether lines found show other text than a mezuzah's: more lines of text than it has, holding more letters (every mark joined to a line counted). */
function holdsOtherText(layout: LineLayout): boolean {
  const textLines = layout.lines.filter((line) => line.blobs.length >= TEXT_LINE_LETTERS);
  const letters = textLines.reduce((sum, line) => sum + line.blobs.length, 0);
  return textLines.length > MEZUZAH_LINES && letters > MAX_LETTER_SHARE * MEZUZAH_LETTER_COUNT;
}

/** An image's text lines, with the labelled ink they were found in. */
type TracedLines = { readonly layout: LineLayout; readonly blobs: readonly Blob[]; readonly labels: Int32Array; readonly img: Gray };

/** The ink of one image as connected blobs, in ink as `ink` says (the plain ink of the first reading unless told). */
export function inkBlobs(img: Gray, ink: Ink = INK): { blobs: Blob[]; labels: Int32Array } {
  const longSide = Math.max(img.width, img.height);
  return connectedComponents(inkMask(img, Math.max(6, Math.round(longSide / 130)), ink.contrast, ink.unveil, ink.clipped), img.width, img.height);
}

/** Ink, letters and lines of one image; null when it shows fewer than 4 lines of text. */
function traceLines(img: Gray, ink: Ink): TracedLines | null {
  const { blobs, labels } = inkBlobs(img, ink);
  const layout = findLines(blobs, img.width, img.height);
  return layout && layout.lines.length >= 4 ? { layout, blobs, labels, img } : null;
}

/** Words of the traced lines, recognised as the mezuzah's text and fitted to its layout. */
function readLines(lines: TracedLines, toPhoto?: (u: number, v: number) => [number, number], frame?: PageFrame): PageReading {
  const { layout, blobs, labels, img } = lines;
  const words = findWords(layout, labels, blobs.length, img);
  const found = recogniseLayout(layout, words, frame, outsideThePhoto(toPhoto));
  const ends = found && toPhoto ? found.map((e) => { const [x, y] = toPhoto(e.x, e.y); return { key: e.key, x, y }; }) : found;
  const fit = ends && ends.length >= MIN_INLIERS_TO_RECTIFY ? fitPage(ends, photo.focalPixels) : null;
  if (!fit || fit.inliers < MIN_INLIERS_TO_RECTIFY) return NOT_A_MEZUZAH;
  return { kind: 'page', fit };
}

/**
 * A frame for the page from its lines alone, before any word is recognised:
 * the text block's corners are the ends of its first and last long lines
 * (at least 70% as long as the longest), mapped to the canonical column's
 * edges on the text lines that many found lines apart. The photo is rectified
 * through it and read afresh, with no prior on where words stand (the line
 * count, the scroll's way up and a cropped or covered corner make the frame
 * rough). Under steep tilt the words' widths change along each line, so the
 * first reading recognises few of them and its homography frames the page
 * poorly; the lines, their fanning and their ends, are still found.
 */
function readThroughLineFrame(img: Gray, layout: LineLayout, ink: Ink): PageReading {
  if (layout.lines.length < 8) return NOT_A_MEZUZAH;
  const extent = (l: TextLine) => l.uMax - l.uMin;
  const longest = Math.max(...layout.lines.map(extent));
  const long = layout.lines.map((line, i) => ({ line, i })).filter(({ line }) => extent(line) >= LONG_LINE_SHARE * longest);
  if (long.length < 4) return NOT_A_MEZUZAH;
  const top = long[0];
  const bottom = long[long.length - 1];
  const y = Math.min(TEMPLATE_LINES.length - 1, Math.max(4, bottom.i - top.i)) * LINE_PITCH;
  // Lines run along +u; the canonical x runs from the text's start, at the right.
  const corners = [
    pointOnLine(layout, top.line, top.line.uMax),
    pointOnLine(layout, top.line, top.line.uMin),
    pointOnLine(layout, bottom.line, bottom.line.uMax),
    pointOnLine(layout, bottom.line, bottom.line.uMin),
  ];
  return readThroughCorners(img, corners, [0, 1, 0, 1], [0, 0, y, y], ink);
}

/**
 * A frame for the page from the outline of its text: the convex hull of the
 * letters on lines of the usual letter height, reduced to the quadrilateral
 * that encloses it with least extra area (a corner cut off by the photo's
 * frame restored; a short last line leaves it at most a line off), mapped to
 * the text column's corners. Unlike the line frame, it does not need the
 * first and last lines found whole: where steep tilt packs the far lines
 * tight, the line finder can chain letters across them, but they still lie
 * inside the text's outline. Clockwise in the photo as on the page, so the
 * rectified text is never mirrored; which corner is which is left to the
 * reading (it finds the text's direction and way up).
 */
function readThroughTextOutline(img: Gray, lines: TracedLines, ink: Ink): PageReading {
  const { layout, blobs } = lines;
  const letterHeight = median(layout.lines.map((l) => l.letterHeight));
  const corners: Point[] = [];
  for (const line of layout.lines) {
    if (line.blobs.length < OUTLINE_LINE_LETTERS || Math.abs(Math.log(line.letterHeight / letterHeight)) > Math.LN2) continue;
    for (const i of line.blobs) {
      const b = blobs[i];
      corners.push([b.minX, b.minY], [b.maxX + 1, b.minY], [b.maxX + 1, b.maxY + 1], [b.minX, b.maxY + 1]);
    }
  }
  const quad = enclosingQuad(convexHull(corners));
  if (!quad) return NOT_A_MEZUZAH;
  const lastY = CANONICAL_Y[CANONICAL_Y.length - 1];
  return readThroughCorners(img, quad, [1, 0, 0, 1], [0, 0, lastY, lastY], ink);
}

/**
 * The photo read through a warp that makes its fanning lines parallel
 * (vanishingPointOfLines): a homography sending the lines' vanishing point to
 * infinity, the identity at the text's centre (so the text keeps its
 * resolution there). The lines are found again in the warped photo, and while
 * they still fan, warped once more (the first estimate, from the half-size
 * lines, straightens most of the fan but not all). Null when the lines do not fan.
 */
function readUnfanned(img: Gray, halfLines: TracedLines, ink: Ink): PageReading | null {
  let warped = unfan(img, halfLines, HALF_SIZE_TO_PHOTO);
  if (!warped) return null;
  let lines = traceLines(warped.image, ink);
  for (let round = 1; round < UNFAN_ROUNDS && lines; round++) {
    const again = unfan(img, lines, warped.toPhoto);
    if (!again) break;
    warped = again;
    lines = traceLines(warped.image, ink);
  }
  const toPhoto = warped.toPhoto;
  return lines ? readLines(lines, (u, v) => applyHomography(toPhoto, u, v)) : NO_LINES;
}

/**
 * The photo resampled through the warp that sends the vanishing point of
 * `lines` to infinity; null when they do not fan. The lines were found in an
 * image whose pixels `toPhoto` maps to the photo's (the half-size image, or
 * the last warp's), and the warped image keeps the photo's resolution at the
 * text's centre; its `toPhoto` is the whole chain, so the photo is resampled
 * once per warp, from the original.
 */
function unfan(img: Gray, lines: TracedLines, toPhoto: Homography): { image: Gray; toPhoto: Homography } | null {
  const fan = vanishingPointOfLines(lines.layout, lines.blobs);
  if (!fan) return null;
  const [cx, cy] = fan.centre;
  const [vx, vy] = fan.vanishing;
  const reach = Math.hypot(vx - cx, vy - cy);
  if (!(reach > 0)) return null;
  // Centred on the text (q = point − centre), the warp is q' = q / w with
  // w = 1 − d·q / reach, d the unit direction to the vanishing point: w is 0
  // on the line through that point across d, and 1 at the centre, where the
  // map's Jacobian is the identity. Back: q = q' / (1 + d·q' / reach).
  const dx = (vx - cx) / reach;
  const dy = (vy - cy) / reach;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const line of lines.layout.lines) {
    for (const i of line.blobs) {
      const x = lines.blobs[i].cx - cx;
      const y = lines.blobs[i].cy - cy;
      const w = 1 - (dx * x + dy * y) / reach;
      if (!(w > UNFANNED_MIN_W)) continue;
      minX = Math.min(minX, x / w);
      maxX = Math.max(maxX, x / w);
      minY = Math.min(minY, y / w);
      maxY = Math.max(maxY, y / w);
    }
  }
  const margin = UNFANNED_MARGIN * Math.max(maxX - minX, maxY - minY) + 4 * median(lines.layout.lines.map((l) => l.letterHeight));
  minX -= margin;
  minY -= margin;
  // Photo pixels per pixel of the lines' image, at the text's centre: the warped image is drawn at the photo's resolution.
  const scale = Math.sqrt(areaScaleAt(toPhoto, cx, cy));
  const width = Math.round(scale * (maxX + margin - minX));
  const height = Math.round(scale * (maxY + margin - minY));
  if (!(width > 0 && height > 0) || width * height > UNFANNED_MAX_AREA * img.width * img.height) return null;
  // A warped pixel (u, v): q' = (u / scale + minX, v / scale + minY), q as
  // above (homogeneous: its weight 1 + d·q' / reach), the centre added back,
  // then on to the photo.
  const fromWarped = new Float64Array([1 / scale, 0, minX, 0, 1 / scale, minY, 0, 0, 1]);
  const unwarp = new Float64Array([1, 0, 0, 0, 1, 0, dx / reach, dy / reach, 1]);
  const recentre = new Float64Array([1, 0, cx, 0, 1, cy, 0, 0, 1]);
  const back = multiplyHomographies(toPhoto, multiplyHomographies(recentre, multiplyHomographies(unwarp, fromWarped)));
  return { image: resampleThrough(img, back, width, height), toPhoto: back };
}

/** How many times at most the photo is warped to take its lines' fan away. */
const UNFAN_ROUNDS = 3;

/** readUnfanned: letters nearer the vanishing line than this (w) are left out of the warped frame; its margin, a share of its extent; its area at most, in photos. */
const UNFANNED_MIN_W = 0.2;
const UNFANNED_MARGIN = 0.08;
const UNFANNED_MAX_AREA = 2;

/** The photo rectified through the homography taking four of its points to these canonical ones, and read afresh (no prior on where words stand). */
function readThroughCorners(img: Gray, corners: readonly Point[], Xs: number[], Ys: number[], ink: Ink): PageReading {
  const h = fitHomography(corners.map((c) => c[0]), corners.map((c) => c[1]), Xs, Ys, null);
  const rectified = h && rectifyPage(img, FLAT_PAGE(h));
  return rectified ? readPage(rectified.image, ink, rectified.toPhoto) : NOT_A_MEZUZAH;
}

/** Whether a reading of these word ends holds together well enough to skip the line-frame opinion (see HELD_SHARE). */
export function wordEndsHoldTogether(ends: readonly WordEnd[]): boolean {
  return holdsTogether(fitPage(ends, 0));
}

