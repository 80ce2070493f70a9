import { median } from '../../geometry.ts';
import { applyHomography, areaScaleAt, multiplyHomographies, type Homography } from '../../homography.ts';
import { vanishingPointOfLines } from '../../lines/perspective.ts';
import type { PageFit } from '../../page-map.ts';
import type { Gray } from '../../raster.ts';
import { resampleThrough } from '../../rectify.ts';
import { NO_LINES } from '../extraction.ts';
import { framedPoorly, inkOf, type ImageContext } from '../image-context.ts';
import { PLAIN_INK, type Ink } from '../inks.ts';
import { LOOK_AGAIN_GAIN, readLines, reframe, traceLines, type PageReading, type Shot, type TracedLines } from '../page-reading.ts';
import type { Reading } from '../walk.ts';
import { HALF_SIZE_TO_PHOTO } from './half-size.ts';

/** How many times at most the photo is warped to take its lines' fan away: the first estimate, from the half-size lines, straightens most of the fan but not all. */
const UNFAN_ROUNDS = 3;
/** Letters nearer the vanishing line than this (w, 1 at the text's centre) are left out of the warped frame; its margin, a share of its extent; its area at most, in photos. Set with this reading, not measured since. */
const UNFANNED_MIN_W = 0.2;
const UNFANNED_MARGIN = 0.08;
const UNFANNED_MAX_AREA = 2;
/** The warped frame's margin also takes this many letter heights, so the first and last letters are whole. */
const UNFANNED_MARGIN_LETTERS = 4;

/**
 * The photo resampled through the warp that sends the vanishing point of
 * `lines` to infinity; null when they do not fan. The lines were found in an
 * image whose pixels `toPhoto` maps to the photo's (the half-size image, or the
 * last warp's), and the warped image keeps the photo's resolution at the text's
 * centre; its `toPhoto` is the whole chain, so the photo is resampled once per
 * warp, from the original.
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
  const margin = UNFANNED_MARGIN * Math.max(maxX - minX, maxY - minY) + UNFANNED_MARGIN_LETTERS * median(lines.layout.lines.map((l) => l.letterHeight));
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

/** The photo read through a warp that makes its fanning lines parallel, found again and warped again while they still fan (UNFAN_ROUNDS). Null when the lines do not fan. */
function readUnfanned(shot: Shot, img: Gray, halfLines: TracedLines, ink: Ink): PageReading | null {
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
  return lines ? readLines(shot, lines, (u, v) => applyHomography(toPhoto, u, v)) : NO_LINES;
}

/**
 * Under a steep tilt the lines also fan, and one text direction with a curve
 * per line traces lines across two or three of the text's; the photo is read
 * once more through a warp that makes them parallel (vanishingPointOfLines).
 * Its reading must earn its place as a rectified look does (LOOK_AGAIN_GAIN).
 */
export const unfanned: Reading<ImageContext, PageFit | null> = {
  name: 'unfanned',
  fallback: true,
  when: (c) => !!c.lines && !!c.halfLines && framedPoorly(c),
  read: (c) => {
    const ink = inkOf(c, PLAIN_INK);
    const read = readUnfanned(c.shot, c.img, c.halfLines!, ink);
    return read && reframe(c.shot, c.img, read, ink);
  },
  keep: (c, look) => look !== null && (c.kept === null || look.inliers >= LOOK_AGAIN_GAIN * c.kept.inliers),
};
