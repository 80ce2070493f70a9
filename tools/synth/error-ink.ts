// The ink of two errors that change no letter: touching letters get a stroke
// joining them, laid with the letters (so the nib and the bleed thicken it as
// they do every stroke); a broken letter gets a gap cut through one of its
// strokes after the nib and the bleed, so the ink really parts. Both follow the
// letter's own map and the same bend of the strokes (the wobble) as ink.ts.

import { drawSegment, segmentCoverage } from './segment.ts';
import { sampleField } from './raster.ts';
import type { Field } from './raster.ts';
import type { Affine, Scroll } from './scroll.ts';

/** How far a letter's strokes are bent, output pixels (0 below half a pixel): ink.ts draws with it. */
export function wobbleOf(scroll: Scroll, pxPerMm: number): number {
  const wobble = scroll.letterHeightMm * 0.03 * pxPerMm * 2;
  return wobble >= 0.5 ? wobble : 0;
}

type Bend = { readonly x: Field; readonly y: Field; readonly amount: number };

/** Where a point of a letter (font units) lands in the output, bent as the letter's strokes are. */
function land(t: Affine, [gx, gy]: readonly [number, number], pxPerMm: number, bend: Bend): [number, number] {
  const mx = t[0] * gx + t[2] * gy + t[4];
  const my = t[1] * gx + t[3] * gy + t[5];
  // A pixel p shows the letter at p + shift(p), so the letter's point q shows at about q − shift(q).
  const dx = bend.amount > 0 ? sampleField(bend.x, mx, my) * bend.amount : 0;
  const dy = bend.amount > 0 ? sampleField(bend.y, mx, my) * bend.amount : 0;
  return [mx * pxPerMm - dx, my * pxPerMm - dy];
}

/** Touching letters' joins, into the ink mask (by max, at the darker letter's ink). */
export function drawJoins(scroll: Scroll, mask: Float32Array, width: number, height: number, pxPerMm: number, bendX: Field, bendY: Field): void {
  const bend = { x: bendX, y: bendY, amount: wobbleOf(scroll, pxPerMm) };
  for (const { join, letters } of scroll.errors ?? []) {
    if (!join) continue;
    const a = scroll.letters[letters[0]];
    const b = scroll.letters[letters[1]];
    const value = Math.max(a.ink, b.ink);
    const half = Math.max(0.6, (join.widthMm * pxPerMm) / 2);
    const [x0, y0] = land(a.transform, join.from, pxPerMm, bend);
    const [x1, y1] = land(b.transform, join.to, pxPerMm, bend);
    drawSegment(mask, width, height, x0, y0, x1, y1, half, value);
  }
}

/**
 * Broken letters' gaps, cut out of the finished ink mask. The cut reaches past
 * the stroke's sides (glyph-strokes.ts found it clear of every other stroke that
 * far) and a little more for the nib and the bleed, so no ink bridges it.
 */
export function cutStrokes(scroll: Scroll, mask: Float32Array, width: number, height: number, pxPerMm: number, bendX: Field, bendY: Field): void {
  const bend = { x: bendX, y: bendY, amount: wobbleOf(scroll, pxPerMm) };
  for (const { cut, letters } of scroll.errors ?? []) {
    if (!cut) continue;
    const t = scroll.letters[letters[0]].transform;
    const from = land(t, cut.from, pxPerMm, bend);
    const to = land(t, cut.to, pxPerMm, bend);
    // Half a pixel more each way, for the ramp the antialiased cut leaves.
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
    const ux = (to[0] - from[0]) / length;
    const uy = (to[1] - from[1]) / length;
    segmentCoverage(width, height, from[0] - ux, from[1] - uy, to[0] + ux, to[1] + uy, Math.max(0.75, (cut.gapMm * pxPerMm) / 2), (i, c) => {
      mask[i] *= 1 - c;
    });
  }
}
