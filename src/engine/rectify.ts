// Rectification: a photo resampled through a map into another frame, above
// all the canonical page's (rectifyPage: upright, lines level, letters of one
// size, the curl straightened), where the reader (reader/page-reading.ts)
// gives the photo its second look.
import { applyHomography, invertHomography, multiplyHomographies, type Homography } from './homography.ts';
import { uncurl, type PageMap } from './page-map.ts';
import { bilinearIn, type Gray } from './raster.ts';
import type { PageFrame } from './recognise-layout.ts';
import { CANONICAL_Y, LINE_PITCH } from './template.ts';

/** The rectified page: the text column plus this margin on each side, in column widths. */
const RECTIFIED_MARGIN = 0.08;
/** The rectified page's long side at most, pixels, unless told (the working size of decodePhoto). */
const RECTIFIED_MAX_SIDE = 1600;

type Columns = { readonly shiftU: Float64Array; readonly scaleV: Float64Array; readonly shiftV: Float64Array };

/**
 * A width × height image whose pixel (u, v) is the photo's (bilinear) at
 * `toPhoto` (u + shiftU[u], scaleV[u] × v + shiftV[u]) (rectifyPage's curl;
 * (u, v) itself unless `columns` is given), clamped to the photo's frame
 * (outside it, the nearest edge pixel: no ink appears from nothing); where the
 * map's weight is not positive (past a warp's vanishing line, a page folded
 * over), the photo's first pixel. Down a column the map's numerators and
 * weight change by a constant per row, so each column keeps its own start and
 * step.
 */
export function resampleThrough(img: Gray, toPhoto: Homography, width: number, height: number, columns?: Columns): Gray {
  // The buffers and the width in locals: the loop runs over every pixel of
  // each rectified page (bilinearIn as fast as the sum written out). Each
  // column's start and step cost a multiply per coordinate over the row's
  // running sums the loop had before the curl moved columns: the six 12 MP
  // scenes of bench:floor, 535 → 581 ms of 2.7 s (CPU profile, 36 readings).
  const w = img.width;
  const data = img.data;
  const xMax = w - 1.001;
  const yMax = img.height - 1.001;
  const out = new Uint8Array(width * height);
  const x0 = new Float64Array(width);
  const y0 = new Float64Array(width);
  const d0 = new Float64Array(width);
  const dx = new Float64Array(width);
  const dy = new Float64Array(width);
  const dd = new Float64Array(width);
  for (let u = 0; u < width; u++) {
    const su = columns ? u + columns.shiftU[u] : u;
    const sv = columns ? columns.shiftV[u] : 0;
    const kv = columns ? columns.scaleV[u] : 1;
    x0[u] = toPhoto[0] * su + toPhoto[1] * sv + toPhoto[2];
    y0[u] = toPhoto[3] * su + toPhoto[4] * sv + toPhoto[5];
    d0[u] = toPhoto[6] * su + toPhoto[7] * sv + toPhoto[8];
    dx[u] = toPhoto[1] * kv;
    dy[u] = toPhoto[4] * kv;
    dd[u] = toPhoto[7] * kv;
  }
  for (let v = 0; v < height; v++) {
    const row = v * width;
    for (let u = 0; u < width; u++) {
      const d = d0[u] + v * dd[u];
      let x = d > 0 ? (x0[u] + v * dx[u]) / d : 0;
      let y = d > 0 ? (y0[u] + v * dy[u]) / d : 0;
      x = x < 0 ? 0 : x > xMax ? xMax : x;
      y = y < 0 ? 0 : y > yMax ? yMax : y;
      out[row + u] = bilinearIn(data, w, x, y);
    }
  }
  return { width, height, data: out };
}

/**
 * Photo pixels per column width at the page's centre (the crest of the bow),
 * from the area of a small square's image under `toPhoto` (canonical → photo),
 * its side 0.01 column widths. Not areaScaleAt's exact scale: every rectified
 * page's size follows this one, and the exact scale changed nearly every
 * fingerprint of the tune sets (3 MP p5 0.761 → 0.748, 1 MP 0.598 → 0.583;
 * 2026-11-27, not kept as a review's mend: a change of the engine, to be
 * judged as one).
 */
export function columnPixels(toPhoto: Homography): number {
  const centreX = 0.5;
  const centreY = CANONICAL_Y[CANONICAL_Y.length - 1] / 2;
  const d = 0.01;
  const [x0, y0] = applyHomography(toPhoto, centreX, centreY);
  const [x1, y1] = applyHomography(toPhoto, centreX + d, centreY);
  const [x2, y2] = applyHomography(toPhoto, centreX, centreY + d);
  return Math.sqrt(Math.abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / (d * d));
}

/**
 * The photo resampled (bilinear) into the canonical page frame: x from the
 * left margin to the right (canonical x runs from the right, as the text is
 * read), y down the lines, at about the photo's own resolution where the text
 * is, the curl straightened. Null when the homography cannot be inverted.
 */
export function rectifyPage(
  img: Gray,
  map: PageMap,
  maxSide = RECTIFIED_MAX_SIDE,
): { image: Gray; toPhoto: (u: number, v: number) => [number, number]; toCanonical: PageFrame } | null {
  const toPhoto = invertHomography(map.h);
  if (!toPhoto) return null;
  const pageHeight = CANONICAL_Y[CANONICAL_Y.length - 1] + LINE_PITCH;
  const spanX = 1 + 2 * RECTIFIED_MARGIN;
  const spanY = pageHeight + 2 * RECTIFIED_MARGIN;
  const scale = Math.min(columnPixels(toPhoto), maxSide / Math.max(spanX, spanY));
  if (!Number.isFinite(scale) || scale < 100) return null;
  const width = Math.round(spanX * scale);
  const height = Math.round(spanY * scale);
  // A rectified pixel (u, v) is canonical (X0 − u / scale, v / scale − Y0).
  const X0 = 1 + RECTIFIED_MARGIN;
  const Y0 = RECTIFIED_MARGIN + LINE_PITCH / 2;
  const pixelToCanonical = new Float64Array([-1 / scale, 0, X0, 0, 1 / scale, -Y0, 0, 0, 1]);
  // Each column's pixels are read along one line of the homography's input:
  // (X′, Y′) = uncurl(X, Y) is X′ fixed and Y′ affine in Y down a column.
  const columns = { shiftU: new Float64Array(width), scaleV: new Float64Array(width), shiftV: new Float64Array(width) };
  for (let u = 0; u < width; u++) {
    const X = X0 - u / scale;
    const [px, py0] = uncurl(map, X, -Y0);
    const py1 = uncurl(map, X, 1 - Y0)[1];
    columns.shiftU[u] = (X0 - px) * scale - u;
    columns.scaleV[u] = py1 - py0;
    columns.shiftV[u] = (py0 + Y0) * scale;
  }
  const image = resampleThrough(img, multiplyHomographies(toPhoto, pixelToCanonical), width, height, columns);
  const canonical: PageFrame = (u, v) => [X0 - u / scale, v / scale - Y0];
  const back = (u: number, v: number) => {
    const [X, Y] = canonical(u, v);
    const [px, py] = uncurl(map, X, Y);
    return applyHomography(toPhoto, px, py);
  };
  return { image, toPhoto: back, toCanonical: canonical };
}
