import { connectedComponents } from './components.ts';
import type { ScrollPoints } from './fingerprint.ts';
import { applyHomography, fitHomographyRobust } from './homography.ts';
import { inkMask } from './ink.ts';
import { findLines } from './lines.ts';
import type { Gray } from './raster.ts';
import { recogniseLayout } from './recognise-layout.ts';
import { CANONICAL_X, CANONICAL_Y } from './template.ts';
import { findWords } from './words.ts';

/** Minimum contrast of ink against its local background. */
const INK_CONTRAST = 0.3;
/** Word ends that must fit the text's layout before the photo counts as a readable scroll. */
const MIN_LAYOUT_INLIERS = 40;
const MIN_LAYOUT_INLIER_RATIO = 0.15;
/** Residual scale of the page-to-canonical fit, in column widths (about a third of a letter). */
const LAYOUT_RESIDUAL = 0.01;

export type Extraction = { kind: 'scroll'; points: ScrollPoints } | { kind: 'invalid'; reason: string };

/**
 * From a grey photo to the scroll's keyed word ends: ink, letters, lines, words,
 * recognition of the mezuzah text, and normalisation into the canonical page.
 */
export function extractPoints(img: Gray): Extraction {
  const longSide = Math.max(img.width, img.height);
  const mask = inkMask(img, Math.max(6, Math.round(longSide / 130)), INK_CONTRAST);
  const { blobs, labels } = connectedComponents(mask, img.width, img.height);
  const layout = findLines(blobs, img.width, img.height);
  if (!layout || layout.lines.length < 4) return { kind: 'invalid', reason: 'no lines of text found' };
  const words = findWords(layout, labels, img.width, img.height);
  const ends = recogniseLayout(layout, words);
  if (!ends || ends.length < MIN_LAYOUT_INLIERS) return { kind: 'invalid', reason: 'the text does not read as a mezuzah' };
  const points = normaliseWordEnds(ends);
  if (!points) return { kind: 'invalid', reason: 'the text does not read as a mezuzah' };
  return { kind: 'scroll', points };
}

export type WordEnd = { readonly key: number; readonly x: number; readonly y: number };

/**
 * Keyed word ends measured anywhere (photo pixels, parchment millimetres) into
 * the canonical page, by a robust homography onto the template; null when too
 * few of them fit it to be the mezuzah's text.
 */
export function normaliseWordEnds(ends: readonly WordEnd[]): ScrollPoints | null {
  const fit = fitHomographyRobust(
    ends.map((e) => e.x),
    ends.map((e) => e.y),
    ends.map((e) => CANONICAL_X[e.key]),
    ends.map((e) => CANONICAL_Y[e.key]),
    LAYOUT_RESIDUAL,
  );
  if (!fit) return null;
  let inliers = 0;
  for (const w of fit.weights) if (w > 0) inliers++;
  if (inliers < MIN_LAYOUT_INLIERS || inliers < MIN_LAYOUT_INLIER_RATIO * ends.length) return null;
  const n = ends.length;
  const keys = new Uint16Array(n);
  const xs = new Float32Array(n);
  const ys = new Float32Array(n);
  ends
    .slice()
    .sort((p, q) => p.key - q.key)
    .forEach((e, i) => {
      const [X, Y] = applyHomography(fit.h, e.x, e.y);
      keys[i] = e.key;
      xs[i] = X;
      ys[i] = Y;
    });
  return { keys, xs, ys };
}
