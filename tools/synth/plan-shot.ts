// Plans a shot without rendering it: the photo's size and conditions drawn
// from its kind's distribution (shot-distribution.ts), the camera posed to frame
// the sheet at the drawn coverage, then the light and the optics. Every draw
// comes from streams seeded by the shot's kind and seed, in a fixed order.

import type { ExifOrientation, Optics } from './optics.ts';
import { bounds, clamp, outline, polygonArea, project, radiusForSag, rotation, surfacePoint } from './pose.ts';
import type { Pose, Surface } from './pose.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Random } from './random.ts';
import { PHONE_PHOTO, REGISTRATION_PHOTO } from './shot-distribution.ts';
import type { ShotDistribution } from './shot-distribution.ts';
import { round } from './shot.ts';
import type { SheetSize, ShotConditions, ShotSpec } from './shot.ts';

/** The diagonal of a 35 mm film frame (36 × 24 mm), which 35 mm equivalent focal lengths are defined over. */
const FILM_DIAGONAL_MM = 43.27;

export type Plan = {
  readonly conditions: Omit<ShotConditions, 'coverage'>;
  readonly targetCoverage: number;
  /** The lens's 35 mm equivalent focal length, millimetres. */
  readonly focal35: number;
  readonly pose: Pose;
  readonly surface: Surface;
  readonly light: Lighting;
  readonly optics: Optics;
};

export type Lighting = {
  readonly exposure: number;
  readonly white: readonly [number, number, number];
  /** Linear brightness gradient across the frame, and vignetting. */
  readonly gradientX: number;
  readonly gradientY: number;
  readonly vignette: number;
  /** A soft-edged cast shadow: a half-plane or a band. */
  readonly shadow: { readonly strength: number; readonly nx: number; readonly ny: number; readonly offset: number; readonly softness: number; readonly band: number };
  /** Specular streak of a plastic case. */
  readonly glare: { readonly strength: number; readonly x: number; readonly y: number; readonly cos: number; readonly sin: number; readonly a: number; readonly b: number };
  /** Shadow the sheet throws on the table: offset and softness in mm. */
  readonly dropX: number;
  readonly dropY: number;
  readonly dropSoftness: number;
  readonly dropStrength: number;
  /** Direction of the light across the curl (−1..1). */
  readonly side: number;
};

/** The frame's size, from a stream of its own: a size fixed in the spec is not drawn (no other draw depends on these). */
function pickSize(rnd: Random, spec: ShotSpec, sheet: SheetSize | null, drawn: ShotDistribution): { width: number; height: number } {
  const aspect = spec.aspect ?? drawn.aspect(rnd);
  let long: number;
  if (spec.long) long = spec.long;
  else if (spec.megapixels) long = Math.sqrt(spec.megapixels * 1e6 * aspect);
  else long = drawn.long(rnd, aspect);
  long = Math.round(long);
  const short = Math.round(long / aspect);
  const tall = sheet ? sheet.heightMm >= sheet.widthMm * 0.9 : true;
  const portrait = spec.orientation ? spec.orientation === 'portrait' : drawn.portrait(rnd, tall);
  return portrait ? { width: short, height: long } : { width: long, height: short };
}

/** The spec's value for a condition if it fixes one, else the draw (made either way, see planShot). */
function given<T>(fixed: T | undefined, drawn: T): T {
  return fixed ?? drawn;
}

/** Everything about a shot but its pixels: its conditions, the camera's pose, the light and the optics. */
export function planShot(spec: ShotSpec, sheet: SheetSize | null): Plan {
  const rnd = createRandom(deriveSeed('shot', spec.kind, spec.seed));
  const drawn = spec.kind === 'phone' ? PHONE_PHOTO : REGISTRATION_PHOTO;
  const { width, height } = pickSize(rnd.fork('size'), spec, sheet, drawn);
  const long = Math.max(width, height);
  // Blur is drawn in pixels of a 2000 px photo, and scaled up with a larger one.
  const scale = long / 2000;
  // Every condition is drawn, fixed or not: fixing one in the spec then leaves the
  // draws of the others, and so the rest of the shot (pose, distance, light), as
  // the seed would have them. Skipping the draw would shift every later one.
  const tilt = given(spec.tilt, drawn.tilt(rnd));
  const roll = given(spec.roll, drawn.roll(rnd));
  const coverage = given(spec.coverage, drawn.coverage(rnd));
  const curl = given(spec.curl, drawn.curl(rnd));
  const bg = given(spec.bg, drawn.bg(rnd));
  const exposure = given(spec.exposure, drawn.exposure(rnd));
  const defocus = given(spec.defocus, drawn.defocus(rnd, scale));
  const motion = given(spec.motion, drawn.motion(rnd, scale));
  const jpeg = given(spec.jpeg, drawn.jpeg(rnd));
  const finger = given(spec.finger, drawn.finger(rnd, !!sheet));
  const crop = given(spec.crop, drawn.crop(rnd, !!sheet));
  const glare = given(spec.glare, drawn.glare(rnd, !!sheet));
  const shadow = given(spec.shadow, drawn.shadow(rnd));
  // Drawn from streams of its own, so skipping it when fixed moves no other draw.
  const exif: ExifOrientation = spec.exif ?? drawn.exif(rnd);

  const widthMm = sheet?.widthMm ?? 100;
  const heightMm = sheet?.heightMm ?? 100;
  const sag = curl * widthMm;
  const radius = radiusForSag(widthMm, sag);
  const surface: Surface = { widthMm, heightMm, radius, concave: drawn.concave(rnd), sag: Number.isFinite(radius) ? sag : 0 };

  const fov = (given(spec.fov, drawn.fov(rnd)) * Math.PI) / 180;
  const f = long / 2 / Math.tan(fov / 2);
  const focal35 = (f / Math.hypot(width, height)) * FILM_DIAGONAL_MM;
  const axis = rnd.uniform(0, 2 * Math.PI);
  const pose: Pose = {
    f,
    cx: width / 2,
    cy: height / 2,
    r: rotation(Math.cos(axis), Math.sin(axis), (tilt * Math.PI) / 180, (roll * Math.PI) / 180),
    tx: 0,
    ty: 0,
    tz: (f * Math.max(widthMm, heightMm)) / Math.min(width, height),
  };
  // Distance for the wanted coverage (area scales with 1/distance²), then keep the sheet in frame.
  const frame = width * height;
  for (let i = 0; i < 4; i++) pose.tz *= Math.sqrt(polygonArea(outline(pose, surface)) / (coverage * frame));
  const margin = 0.02 * Math.min(width, height);
  for (let i = 0; i < 30 && !crop; i++) {
    const b = bounds(outline(pose, surface));
    if (b.x1 - b.x0 <= width - 2 * margin && b.y1 - b.y0 <= height - 2 * margin) break;
    pose.tz *= 1.04;
  }
  const b = bounds(outline(pose, surface));
  const toMm = pose.tz / f;
  let shiftX: number;
  let shiftY: number;
  if (crop) {
    // Push one side of the sheet out of the frame by 8–25 % of its extent.
    const side = rnd.int(0, 3);
    const cut = rnd.uniform(0.08, 0.25);
    shiftX = rnd.uniform(-0.1, 0.1) * width;
    shiftY = rnd.uniform(-0.1, 0.1) * height;
    if (side === 0) shiftX = -b.x0 - (b.x1 - b.x0) * cut;
    if (side === 1) shiftX = width - b.x1 + (b.x1 - b.x0) * cut;
    if (side === 2) shiftY = -b.y0 - (b.y1 - b.y0) * cut;
    if (side === 3) shiftY = height - b.y1 + (b.y1 - b.y0) * cut;
  } else {
    const slackX = Math.max(0, width - 2 * margin - (b.x1 - b.x0));
    const slackY = Math.max(0, height - 2 * margin - (b.y1 - b.y0));
    shiftX = margin - b.x0 + drawn.placement(rnd) * slackX;
    shiftY = margin - b.y0 + drawn.placement(rnd) * slackY;
  }
  pose.tx += shiftX * toMm;
  pose.ty += shiftY * toMm;

  const lr = rnd.fork('light');
  const centre = project(pose, surfacePoint(surface, widthMm * lr.uniform(0.2, 0.8), heightMm * lr.uniform(0.2, 0.8)));
  const diag = Math.hypot(b.x1 - b.x0, b.y1 - b.y0);
  const glareAngle = lr.uniform(0, Math.PI);
  const shadowAngle = lr.uniform(0, 2 * Math.PI);
  const dropAngle = lr.uniform(0, 2 * Math.PI);
  const dropDistance = lr.uniform(0.3, 2.5) + (surface.concave ? sag * 0.6 : 0);
  const light: Lighting = {
    exposure,
    white: drawn.whiteBalance(lr),
    gradientX: drawn.lightGradient(lr),
    gradientY: drawn.lightGradient(lr),
    vignette: drawn.vignette(lr),
    shadow: {
      strength: shadow,
      nx: Math.cos(shadowAngle),
      ny: Math.sin(shadowAngle),
      offset: lr.uniform(-0.3, 0.3) * long,
      softness: lr.uniform(0.004, 0.04) * long,
      band: lr.chance(0.4) ? lr.uniform(0.1, 0.35) * long : Infinity,
    },
    glare: {
      strength: glare ? lr.uniform(0.6, 1) : 0,
      x: centre[0],
      y: centre[1],
      cos: Math.cos(glareAngle),
      sin: Math.sin(glareAngle),
      a: diag * lr.uniform(0.12, 0.3),
      b: diag * lr.uniform(0.015, 0.05),
    },
    dropX: Math.cos(dropAngle) * dropDistance,
    dropY: Math.sin(dropAngle) * dropDistance,
    dropSoftness: lr.uniform(0.8, 3),
    dropStrength: lr.uniform(0.1, 0.35),
    side: lr.uniform(-1, 1),
  };
  const optics: Optics = {
    seed: deriveSeed('optics', spec.kind, spec.seed),
    defocus,
    motion,
    motionAngle: lr.uniform(0, Math.PI),
    noise: drawn.noise(lr),
    exposure,
    jpeg,
    finger: finger ? fingerFor(lr.fork('finger'), pose, surface, width, height) : null,
    exif,
    focal35: spec.exifFocal ? Math.round(focal35) : null,
  };
  return {
    conditions: { kind: spec.kind, width, height, long, tilt: round(tilt), roll: round(roll), curl: round(curl), bg, exposure: round(exposure), defocus: round(defocus), motion: round(motion), jpeg, finger, crop, glare, shadow: round(shadow), exif },
    targetCoverage: coverage,
    focal35,
    pose,
    surface,
    light,
    optics,
  };
}

function fingerFor(rnd: Random, pose: Pose, surface: Surface, width: number, height: number): NonNullable<Optics['finger']> {
  // A fingertip over one corner of the sheet, coming in from the nearest edge of the frame.
  const inset = (corner: number): [number, number] => {
    const u = corner === 1 || corner === 2 ? surface.widthMm : 0;
    const v = corner >= 2 ? surface.heightMm : 0;
    return project(pose, surfacePoint(surface, u + (u ? -1 : 1) * rnd.uniform(3, 12), v + (v ? -1 : 1) * rnd.uniform(3, 12)));
  };
  // Prefer a corner inside the frame (a cropped photo may have lost some).
  const corners = [0, 1, 2, 3].map(inset);
  const visible = corners.filter(([cx, cy]) => cx > 0 && cy > 0 && cx < width && cy < height);
  const [tipX, tipY] = visible.length > 0 ? rnd.pick(visible) : rnd.pick(corners);
  const x = clamp(tipX, 0, width);
  const y = clamp(tipY, 0, height);
  const distances = [x, width - x, y, height - y];
  const edge = distances.indexOf(Math.min(...distances));
  const baseX = edge === 0 ? -0.05 * width : edge === 1 ? 1.05 * width : x + rnd.uniform(-0.15, 0.15) * width;
  const baseY = edge === 2 ? -0.05 * height : edge === 3 ? 1.05 * height : y + rnd.uniform(-0.15, 0.15) * height;
  return { tipX: x, tipY: y, baseX, baseY, width: Math.min(width, height) * rnd.uniform(0.12, 0.2), tone: rnd.weighted([[0, 3], [1, 3], [2, 2], [3, 1], [4, 1]]) };
}

