import { median } from '../../geometry.ts';
import { convexHull, enclosingQuad, type Point } from '../../outline.ts';
import type { PageFit } from '../../page-map.ts';
import type { Gray } from '../../raster.ts';
import { CANONICAL_Y } from '../../template.ts';
import { NOT_A_MEZUZAH } from '../extraction.ts';
import { framedPoorly, inkOf, keepsMore, type ImageContext } from '../image-context.ts';
import { PLAIN_INK, type Ink } from '../inks.ts';
import { readThroughCorners, reframe, type PageReading, type Shot, type TracedLines } from '../page-reading.ts';
import type { Reading } from '../walk.ts';

/** Lines with fewer letters than this (stray marks, a line's broken-off end) do not shape the text's outline. Set with this reading, not measured since. */
const OUTLINE_LINE_LETTERS = 6;

/**
 * A frame for the page from the outline of its text: the convex hull of the
 * letters on lines of the usual letter height (within a factor of two), reduced
 * to the quadrilateral that encloses it with least extra area, mapped to the
 * text column's corners. Clockwise in the photo as on the page, so the
 * rectified text is never mirrored; which corner is which is left to the
 * reading (it finds the text's direction and way up).
 */
function readThroughTextOutline(shot: Shot, img: Gray, lines: TracedLines, ink: Ink): PageReading {
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
  return readThroughCorners(shot, img, quad, [1, 0, 0, 1], [0, 0, lastY, lastY], ink);
}

/**
 * Unlike the line frame, the outline does not need the first and last lines
 * found whole: where steep tilt packs the far lines tight, the line finder can
 * chain letters across them, but they still lie inside the text's outline.
 */
export const textOutline: Reading<ImageContext, PageFit | null> = {
  name: 'text-outline',
  fallback: true,
  when: (c) => !!c.lines && framedPoorly(c),
  read: (c) => {
    const ink = inkOf(c, PLAIN_INK);
    return reframe(c.shot, c.img, readThroughTextOutline(c.shot, c.img, c.lines!, ink), ink);
  },
  keep: keepsMore,
};
