import type { Blob } from '../components.ts';
import { findLines } from '../lines/find-lines.ts';
import type { LineLayout } from '../lines/line.ts';
import type { Point } from '../outline.ts';
import { FLAT_PAGE, fitPage, type PageFit } from '../page-map.ts';
import { fitHomography } from '../homography.ts';
import type { Gray } from '../raster.ts';
import { rectifyPage } from '../rectify.ts';
import { recogniseLayout, type CutOff, type PageFrame } from '../recognise-layout.ts';
import { findWords } from '../words.ts';
import { NO_LINES, NOT_A_MEZUZAH } from './extraction.ts';
import { inkBlobs, type Ink } from './inks.ts';

// One reading of one image: ink, letters, lines, words recognised as the
// mezuzah's text and fitted to its layout, and the page rectified through that
// fit and read again. Every reading of either table is made of these.

/**
 * The photo being read, passed down to every reading of it: its size (every
 * reading maps its pixels back to the photo's, and where a line runs into
 * the photo's edge the text may go on past it, CutOff) and the camera's focal
 * length in its pixels (the curl along the lines, page-map.ts fitPage; 0,
 * unknown, fits none).
 */
export type Shot = { readonly width: number; readonly height: number; readonly focalPixels: number };

/** Maps a pixel of the image read back to the photo's. */
export type ToPhoto = (u: number, v: number) => [number, number];

/** What one reading of an image found: the page, fitted; or why not. */
export type PageReading = { kind: 'page'; fit: PageFit } | { kind: 'invalid'; reason: string };

/** An image's text lines, with the labelled ink they were found in. */
export type TracedLines = { readonly layout: LineLayout; readonly blobs: readonly Blob[]; readonly labels: Int32Array; readonly img: Gray };

/** Fewer lines of text than this and an image shows no text to read: set in the engine's first version (244d018), not measured since. */
const MIN_TEXT_LINES = 4;
/** Word ends that must agree before a fit is trusted to rectify the page for a second look, though not (yet) for a fingerprint: set in the first version's rectified reading (17426f6), not measured since. */
const MIN_INLIERS_TO_RECTIFY = 16;
/** Word ends that must agree before a framing reading (the half-size one, or any reading through a frame of its own) is looked at again through its fit: set with the half-size reading (5fe94ae), not measured since. */
const MIN_FRAMING_INLIERS = 24;
/** How many times at most the page is rectified and read again, each time through the latest look's fit: the rectified looks took the tune set's genuine pairs matched from 47% to 87% (17426f6); a third was not measured. */
const RECTIFIED_LOOKS = 2;
/**
 * A look is followed by another only when it tied this many times the word
 * ends of the look before (its frame was rough, a steep or curled photo); the
 * unfanned reading must earn its place by as much (image/unfanned.ts). Set
 * with the rectified looks (17426f6), not measured since.
 */
export const LOOK_AGAIN_GAIN = 1.1;

/** Ink, letters and lines of one image; null when it shows fewer than MIN_TEXT_LINES lines. */
export function traceLines(img: Gray, ink: Ink): TracedLines | null {
  const { blobs, labels } = inkBlobs(img, ink);
  const layout = findLines(blobs, img.width, img.height);
  return layout && layout.lines.length >= MIN_TEXT_LINES ? { layout, blobs, labels, img } : null;
}

/** Whether a pixel of the image read (its `toPhoto`) lies outside the photo, or within a pixel of its edge. */
function outsideThePhoto(shot: Shot, toPhoto?: ToPhoto): CutOff {
  const { width, height } = shot;
  return (u, v) => {
    const [x, y] = toPhoto ? toPhoto(u, v) : [u, v];
    return !(x >= 1 && y >= 1 && x <= width - 2 && y <= height - 2);
  };
}

/** Words of the traced lines, recognised as the mezuzah's text and fitted to its layout; `toPhoto` maps the image's pixels to the photo's, so every fit is photo → canonical. */
export function readLines(shot: Shot, lines: TracedLines, toPhoto?: ToPhoto, frame?: PageFrame): PageReading {
  const { layout, blobs, labels, img } = lines;
  const words = findWords(layout, labels, blobs.length, img);
  const found = recogniseLayout(layout, words, frame, outsideThePhoto(shot, toPhoto));
  const ends = found && toPhoto ? found.map((e) => { const [x, y] = toPhoto(e.x, e.y); return { key: e.key, x, y }; }) : found;
  const fit = ends && ends.length >= MIN_INLIERS_TO_RECTIFY ? fitPage(ends, shot.focalPixels) : null;
  if (!fit || fit.inliers < MIN_INLIERS_TO_RECTIFY) return NOT_A_MEZUZAH;
  return { kind: 'page', fit };
}

/** Reads one image, its ink as `ink` says; see readLines for `toPhoto` and `frame`. */
export function readPage(shot: Shot, img: Gray, ink: Ink, toPhoto?: ToPhoto, frame?: PageFrame): PageReading {
  const lines = traceLines(img, ink);
  return lines ? readLines(shot, lines, toPhoto, frame) : NO_LINES;
}

/**
 * Rectifies the page through a reading's fit and reads it again, once more
 * while each look ties LOOK_AGAIN_GAIN times the word ends of the one before;
 * returns the reading with most word ends agreeing. With `keepStart` false the
 * start only frames: a look is returned even with fewer agreeing ends (the
 * half-size reading's ends are measured at half the resolution), the start only
 * when no look reads (kept, it lowered the tune set's genuine similarity:
 * median 0.923 → 0.897 for phone photos).
 */
export function lookAgain(shot: Shot, img: Gray, start: PageFit, ink: Ink, keepStart = true): PageFit {
  let best: PageFit | null = keepStart ? start : null;
  let from = start;
  for (let look = 0; look < RECTIFIED_LOOKS; look++) {
    const rectified = rectifyPage(img, from.map);
    const again = rectified && readPage(shot, rectified.image, ink, rectified.toPhoto, rectified.toCanonical);
    if (!again || again.kind !== 'page') break;
    if (!best || again.fit.inliers > best.inliers) best = again.fit;
    if (again.fit.inliers < LOOK_AGAIN_GAIN * from.inliers) break;
    from = again.fit;
  }
  return best ?? start;
}

/** A framing reading, when it frames the page well enough (MIN_FRAMING_INLIERS), looked at again through its fit (see lookAgain for `keepStart`). */
export function reframe(shot: Shot, img: Gray, reading: PageReading, ink: Ink, keepStart = true): PageFit | null {
  return reading.kind === 'page' && reading.fit.inliers >= MIN_FRAMING_INLIERS ? lookAgain(shot, img, reading.fit, ink, keepStart) : null;
}

/** The image read afresh at full size, its ink as `ink` says, and looked at again through the frame of that reading. */
export const readAnew = (shot: Shot, img: Gray, ink: Ink): PageFit | null => reframe(shot, img, readPage(shot, img, ink), ink);

/** The image rectified through the homography taking four of its points to these canonical ones, and read afresh (no prior on where words stand). */
export function readThroughCorners(shot: Shot, img: Gray, corners: readonly Point[], Xs: number[], Ys: number[], ink: Ink): PageReading {
  const h = fitHomography(corners.map((c) => c[0]), corners.map((c) => c[1]), Xs, Ys, null);
  const rectified = h && rectifyPage(img, FLAT_PAGE(h));
  return rectified ? readPage(shot, rectified.image, ink, rectified.toPhoto) : NOT_A_MEZUZAH;
}
