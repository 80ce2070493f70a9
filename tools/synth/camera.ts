// A phone camera looking at a sheet on a table: the shot planned from its kind's
// distribution (plan-shot.ts), the flat sheet rendered at the scale it appears
// at, the scene cast through a pinhole onto the sheet (flat or curled) and the
// table (render-scene.ts), then blurred, occluded, noised and JPEG-compressed
// (optics.ts).

import { renderBackground } from './backgrounds.ts';
import { compositeSvg, finishPhoto } from './optics.ts';
import { planShot } from './plan-shot.ts';
import { maxSheetScale, project, surfacePoint, visibleTable } from './pose.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Random } from './random.ts';
import { renderScene } from './render-scene.ts';
import { renderScroll } from './render-scroll.ts';
import type { SheetTexture } from './render-scroll.ts';
import type { Scroll } from './scroll.ts';
import { round } from './shot.ts';
import type { Photo, Sheet, SheetSize, ShotConditions, ShotSpec } from './shot.ts';

/** The conditions a shot will have (but the measured coverage) and its scale at the sheet's centre, without rendering anything. */
export function describeShot(sheet: SheetSize | null, spec: ShotSpec): { conditions: Omit<ShotConditions, 'coverage'>; pxPerMm: number } {
  const plan = planShot(spec, sheet);
  return { conditions: plan.conditions, pxPerMm: plan.pose.f / plan.pose.tz };
}

/** Things on the table besides the sheet, drawn as an SVG over the frame (width, height in pixels). */
export type Props = (width: number, height: number, rnd: Random) => string;

/** Photographs `sheet` (or the bare table, when null) under the shot's conditions. */
export async function photographSheet(sheet: Sheet | null, spec: ShotSpec, props?: Props): Promise<Photo> {
  const plan = planShot(spec, sheet);
  const { width, height } = plan.conditions;
  const frame = width * height;
  const centreScale = plan.pose.f / plan.pose.tz;
  let texture: SheetTexture | null = null;
  if (sheet) {
    // Render the flat sheet at the finest scale it appears at, but never much bigger than the frame:
    // the centre's scale, a little more where perspective brings the sheet closer; slight
    // magnification at the nearest edge is hidden by any defocus, and halves the work at high tilt.
    const wanted = Math.min(maxSheetScale(plan.pose, plan.surface), centreScale * 1.15);
    const cap = Math.sqrt((0.9 * frame) / (sheet.widthMm * sheet.heightMm));
    texture = await sheet.render(Math.max(1, Math.min(wanted, cap, 60)));
  }
  const limit = 20 * Math.max(plan.surface.widthMm, plan.surface.heightMm) + 600;
  const region = visibleTable(plan.pose, width, height, limit);
  const regionArea = (region.x1 - region.x0) * (region.y1 - region.y0);
  const tableScale = Math.max(0.3, Math.min(centreScale * 0.5, Math.sqrt((0.4 * frame) / regionArea)));
  const table = renderBackground(plan.conditions.bg, deriveSeed('table', spec.kind, spec.seed), region, tableScale);
  const scene = renderScene(plan, texture, table);
  if (props) await compositeSvg(scene.image, width, height, props(width, height, createRandom(deriveSeed('props', spec.seed))));
  const jpeg = await finishPhoto(scene.image, width, height, plan.optics);
  const corners = sheet
    ? ([
        [0, 0],
        [sheet.widthMm, 0],
        [sheet.widthMm, sheet.heightMm],
        [0, sheet.heightMm],
      ] as const).map(([u, v]) => project(plan.pose, surfacePoint(plan.surface, u, v)).map((c) => round(c, 1)) as [number, number])
    : [];
  return {
    jpeg,
    info: { ...plan.conditions, coverage: round(scene.coverage), corners, pxPerMm: round(centreScale), focal35: round(plan.focal35, 1) },
  };
}

/** A photo of `scroll`: a store's registration shot or a buyer's phone shot. */
export function photographScroll(scroll: Scroll, spec: ShotSpec): Promise<Photo> {
  return photographSheet({ widthMm: scroll.widthMm, heightMm: scroll.heightMm, render: (pxPerMm) => renderScroll(scroll, pxPerMm) }, spec);
}
