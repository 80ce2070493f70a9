import type { Gray } from '../../raster.ts';
import { pointOnLine, type LineLayout, type TextLine } from '../../lines/line.ts';
import type { PageFit } from '../../page-map.ts';
import { LINE_PITCH, TEMPLATE_LINES } from '../../template.ts';
import { NOT_A_MEZUZAH } from '../extraction.ts';
import { framedPoorly, inkOf, keepsMore, type ImageContext } from '../image-context.ts';
import { PLAIN_INK, type Ink } from '../inks.ts';
import { readThroughCorners, reframe, traceLines, type PageReading, type Shot } from '../page-reading.ts';
import type { Reading } from '../walk.ts';

/** A long line is at least this share of the longest line found: the lines that frame the text block. Set with this reading, not measured since. */
const LONG_LINE_SHARE = 0.7;
/** Fewer lines than this, or fewer long lines than MIN_LONG_LINES, frame no page; the first and last long lines are taken at least MIN_FRAMED_LINE_SPAN template lines apart. Set with this reading, not measured since. */
const MIN_FRAMING_LINES = 8;
const MIN_LONG_LINES = 4;
const MIN_FRAMED_LINE_SPAN = 4;

/**
 * A frame for the page from its lines alone, before any word is recognised:
 * the text block's corners are the ends of its first and last long lines,
 * mapped to the canonical column's edges on the text lines that many found
 * lines apart. The photo is rectified through it and read afresh, with no prior
 * on where words stand.
 */
function readThroughLineFrame(shot: Shot, img: Gray, layout: LineLayout, ink: Ink): PageReading {
  if (layout.lines.length < MIN_FRAMING_LINES) return NOT_A_MEZUZAH;
  const extent = (l: TextLine) => l.uMax - l.uMin;
  const longest = Math.max(...layout.lines.map(extent));
  const long = layout.lines.map((line, i) => ({ line, i })).filter(({ line }) => extent(line) >= LONG_LINE_SHARE * longest);
  if (long.length < MIN_LONG_LINES) return NOT_A_MEZUZAH;
  const top = long[0];
  const bottom = long[long.length - 1];
  const y = Math.min(TEMPLATE_LINES.length - 1, Math.max(MIN_FRAMED_LINE_SPAN, bottom.i - top.i)) * LINE_PITCH;
  // Lines run along +u; the canonical x runs from the text's start, at the right.
  const corners = [
    pointOnLine(layout, top.line, top.line.uMax),
    pointOnLine(layout, top.line, top.line.uMin),
    pointOnLine(layout, bottom.line, bottom.line.uMax),
    pointOnLine(layout, bottom.line, bottom.line.uMin),
  ];
  return readThroughCorners(shot, img, corners, [0, 1, 0, 1], [0, 0, y, y], ink);
}

/**
 * Under steep tilt words' widths change along each line, so the first reading
 * recognises few and frames the page poorly; the lines, their fanning and their
 * ends are still found. On the tune set the steep-tilt readings took genuine
 * pairs matched from 577 to 593 of 600 (image-context.ts, LINE_FRAME_SHARE).
 */
export const lineFrame: Reading<ImageContext, PageFit | null> = {
  name: 'line-frame',
  fallback: true,
  when: framedPoorly,
  read: (c) => {
    const ink = inkOf(c, PLAIN_INK);
    c.lines ??= traceLines(c.img, ink);
    return c.lines ? reframe(c.shot, c.img, readThroughLineFrame(c.shot, c.img, c.lines.layout, ink), ink) : null;
  },
  keep: keepsMore,
};
