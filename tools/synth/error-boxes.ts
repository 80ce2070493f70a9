// Where an error's ink is: on the sheet in millimetres, from the letters the
// generator placed, and in a photo's pixels, by casting that box through the
// shot's own camera (planned again from its spec: pure and cheap, the same pose
// the photo was rendered with). Issue 53's findings give `box` as [x, y, w, h]
// in the photo's pixels, upright as displayed, as here.

import { planShot } from './plan-shot.ts';
import { project, surfacePoint } from './pose.ts';
import type { Box, Scroll, ScrollError } from './scroll.ts';
import type { PhotoInfo, ShotSpec } from './shot.ts';

/** How far ink strays from its glyph's box when the strokes are bent (ink.ts's wobble), in letter heights. */
const BEND = 0.06;

export type PixelBox = readonly [number, number, number, number];

/** Letter `k`'s ink on the sheet, mm: its glyph's box grown by the bend, the stroke's weight, the bleed and, below, the nib; and its crowns above. */
export function letterInkBox(scroll: Scroll, k: number): Box {
  const letter = scroll.letters[k];
  const { nibMm, bleedMm, crownScale } = scroll.ink;
  const grow = BEND * scroll.letterHeightMm + letter.weightMm + 2.5 * bleedMm;
  // As ink.ts reaches for a crowned letter's tagin.
  const crown = letter.crowned ? scroll.letterHeightMm * crownScale * 1.3 : 0;
  return {
    x: letter.box.x - grow,
    y: letter.box.y - grow - crown,
    width: letter.box.width + 2 * grow,
    height: letter.box.height + 2 * grow + crown + nibMm,
  };
}

/** The box of an error's ink on the sheet, mm: its letters' ink boxes together (for a missing letter or word, those either side of the gap). */
export function errorBoxMm(scroll: Scroll, error: ScrollError): Box {
  const boxes = error.letters.map((k) => letterInkBox(scroll, k));
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The error's box in the pixels of the photo `spec` takes of `scroll` (`info`
 * being what that photo reported): the sheet box's outline cast through the
 * camera, grown by the photo's blur, clipped to the frame; null when the box
 * falls outside the frame (a cropped phone photo). A finger over it is not
 * accounted for.
 */
export function errorBoxInPhoto(scroll: Scroll, error: ScrollError, spec: ShotSpec, info: PhotoInfo): PixelBox | null {
  const plan = planShot(spec, { widthMm: scroll.widthMm, heightMm: scroll.heightMm });
  const box = errorBoxMm(scroll, error);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  // Points along each side, as a curled sheet bends straight lines.
  const steps = 4;
  for (let i = 0; i <= steps; i++) {
    for (const [u, v] of [
      [box.x + (box.width * i) / steps, box.y],
      [box.x + (box.width * i) / steps, box.y + box.height],
      [box.x, box.y + (box.height * i) / steps],
      [box.x + box.width, box.y + (box.height * i) / steps],
    ]) {
      const [px, py] = project(plan.pose, surfacePoint(plan.surface, u, v));
      x0 = Math.min(x0, px);
      y0 = Math.min(y0, py);
      x1 = Math.max(x1, px);
      y1 = Math.max(y1, py);
    }
  }
  // Defocus spreads ink by a few sigmas, motion by half its streak either way; a pixel more for the JPEG.
  const blur = 2 * info.defocus + info.motion / 2 + 1;
  const left = Math.max(0, Math.floor(x0 - blur));
  const top = Math.max(0, Math.floor(y0 - blur));
  const right = Math.min(info.width, Math.ceil(x1 + blur));
  const bottom = Math.min(info.height, Math.ceil(y1 + blur));
  if (right <= left || bottom <= top) return null;
  return [left, top, right - left, bottom - top];
}
