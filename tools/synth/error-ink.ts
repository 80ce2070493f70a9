// The ink of two errors that change no letter: touching letters get a stroke
// joining them, laid with the letters (so the nib and the bleed thicken it as
// they do every stroke); a broken letter gets a gap cut through one of its
// strokes after the nib and the bleed, so the ink really parts. Both follow the
// letter's own map and the same bend of the strokes (the wobble) as ink.ts.

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

/** Coverage of a thick segment (a capsule of half-width `half`) at each pixel near it, antialiased, handed to `apply`. */
function capsule(width: number, height: number, [x0, y0]: [number, number], [x1, y1]: [number, number], half: number, apply: (i: number, coverage: number) => void): void {
  const left = Math.max(0, Math.floor(Math.min(x0, x1) - half - 1));
  const right = Math.min(width - 1, Math.ceil(Math.max(x0, x1) + half + 1));
  const top = Math.max(0, Math.floor(Math.min(y0, y1) - half - 1));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(y0, y1) + half + 1));
  const dx = x1 - x0;
  const dy = y1 - y0;
  const length2 = dx * dx + dy * dy || 1;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const px = x + 0.5 - x0;
      const py = y + 0.5 - y0;
      const t = Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
      const d = Math.hypot(px - t * dx, py - t * dy) - half;
      const c = d <= -0.5 ? 1 : d >= 0.5 ? 0 : 0.5 - d;
      if (c > 0) apply(y * width + x, c);
    }
  }
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
    capsule(width, height, land(a.transform, join.from, pxPerMm, bend), land(b.transform, join.to, pxPerMm, bend), half, (i, c) => {
      if (c * value > mask[i]) mask[i] = c * value;
    });
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
    const ends: [[number, number], [number, number]] = [
      [from[0] - ux, from[1] - uy],
      [to[0] + ux, to[1] + uy],
    ];
    capsule(width, height, ends[0], ends[1], Math.max(0.75, (cut.gapMm * pxPerMm) / 2), (i, c) => {
      mask[i] *= 1 - c;
    });
  }
}
