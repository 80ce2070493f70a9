import assert from 'node:assert/strict';
import { test } from 'node:test';
import { connectedComponents } from '../../src/engine/components.ts';
import { applyHomography, invertHomography, type Homography } from '../../src/engine/homography.ts';
import { FLAT_PAGE, uncurl, type PageMap } from '../../src/engine/page-map.ts';
import type { Gray } from '../../src/engine/raster.ts';
import { columnPixels, rectifyPage, resampleThrough } from '../../src/engine/rectify.ts';

/** A frontal photo of the page at 400 pixels a column width: canonical (X, Y) at photo (100 + 400 (1 − X), 80 + 400 Y). */
const PIXELS = 400;
const FRONTAL: Homography = new Float64Array([-1 / PIXELS, 0, 1 + 100 / PIXELS, 0, 1 / PIXELS, -80 / PIXELS, 0, 0, 1]);

/** A light page of `width` × `height` with a dark square of side 5 centred on each photo point. */
function photoWithMarks(width: number, height: number, marks: readonly (readonly [number, number])[]): Gray {
  const data = new Uint8Array(width * height).fill(210);
  for (const [x, y] of marks) {
    for (let v = Math.round(y) - 2; v <= Math.round(y) + 2; v++) for (let u = Math.round(x) - 2; u <= Math.round(x) + 2; u++) data[v * width + u] = 20;
  }
  return { width, height, data };
}

/** The centres of the image's dark marks (pixels under 100), in the order the labelling finds them. */
function darkCentroids(img: Gray): [number, number][] {
  const dark = img.data.map((p) => (p < 100 ? 1 : 0));
  return connectedComponents(dark, img.width, img.height).blobs.map((b): [number, number] => [b.cx, b.cy]);
}

/** The photo point of canonical (X, Y) under `map`: the homography's inverse at (X, Y) less the curl. */
function photoPointOf(map: PageMap, X: number, Y: number): [number, number] {
  const [hx, hy] = uncurl(map, X, Y);
  return applyHomography(invertHomography(map.h)!, hx, hy);
}

test('columnPixels is the photo pixels a column width at the page centre', () => {
  assert.ok(Math.abs(columnPixels(invertHomography(FRONTAL)!) - PIXELS) < 1e-6);
});

test('a frontal page rectified: a mark lands at its canonical place, and toPhoto takes it back to the photo', () => {
  const mark = photoPointOf(FLAT_PAGE(FRONTAL), 0.3, 0.5);
  const rectified = rectifyPage(photoWithMarks(600, 620, [mark]), FLAT_PAGE(FRONTAL));
  assert.ok(rectified);
  const [centroid] = darkCentroids(rectified.image);
  const [X, Y] = rectified.toCanonical(centroid[0], centroid[1]);
  assert.ok(Math.abs(X - 0.3) < 0.003 && Math.abs(Y - 0.5) < 0.003, `at (${X.toFixed(4)}, ${Y.toFixed(4)})`);
  const [x, y] = rectified.toPhoto(centroid[0], centroid[1]);
  assert.ok(Math.hypot(x - mark[0], y - mark[1]) < 1, `back at (${x.toFixed(1)}, ${y.toFixed(1)}) for (${mark[0].toFixed(1)}, ${mark[1].toFixed(1)})`);
});

test('a curled page rectified: marks along one line of the text come out on one row', () => {
  const curled: PageMap = { h: FRONTAL, bow: 0.2, spread: 0.3, along: 0 };
  const along = [0.05, 0.25, 0.5, 0.75, 0.95];
  const marks = along.map((X) => photoPointOf(curled, X, 0.9));
  // The photo bows the line: its ends lie well off its middle's row.
  assert.ok(Math.abs(marks[0][1] - marks[2][1]) > 10, 'the photographed line is bowed');
  const photo = photoWithMarks(600, 700, marks);
  const straight = darkCentroids(rectifyPage(photo, curled)!.image);
  assert.equal(straight.length, along.length);
  const rows = straight.map(([, v]) => v);
  assert.ok(Math.max(...rows) - Math.min(...rows) < 1.5, `rows ${rows.map((v) => v.toFixed(1)).join(', ')}`);
  // Read flat, the same photo keeps the bow.
  const flat = darkCentroids(rectifyPage(photo, FLAT_PAGE(FRONTAL))!.image).map(([, v]) => v);
  assert.ok(Math.max(...flat) - Math.min(...flat) > 10);
});

test('no page from a map that cannot be inverted, or from text under 100 pixels a column width', () => {
  const photo = photoWithMarks(300, 300, []);
  assert.equal(rectifyPage(photo, FLAT_PAGE(new Float64Array(9))), null);
  const far: Homography = new Float64Array([-1 / 60, 0, 2, 0, 1 / 60, -1, 0, 0, 1]);
  assert.equal(rectifyPage(photo, FLAT_PAGE(far)), null);
});

test('resampleThrough reads the nearest edge pixel outside the photo, so no ink appears from nothing', () => {
  const img: Gray = { width: 4, height: 2, data: Uint8Array.from([10, 20, 30, 40, 50, 60, 70, 80]) };
  const identity: Homography = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const out = resampleThrough(img, identity, 6, 3);
  // Inside, the photo's own pixels (the last column and row are read a thousandth of a pixel in).
  assert.deepEqual([...out.data.subarray(0, 3)], [10, 20, 30]);
  for (const u of [3, 4, 5]) assert.ok(out.data[u] >= 39 && out.data[u] <= 40, `column ${u}: ${out.data[u]}`);
  assert.ok(out.data[2 * 6] >= 49 && out.data[2 * 6] <= 50, `below the frame ${out.data[2 * 6]}`);
});
