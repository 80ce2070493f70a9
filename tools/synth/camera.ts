// A phone camera looking at a sheet on a table: pinhole projection of a plane
// (or a cylinder, when the parchment curls) tilted and turned, lit unevenly,
// then blurred, occluded, noised and JPEG-compressed by ./optics.ts. Every
// output pixel is inverse-mapped to the sheet or the table and bilinearly sampled.

import { BACKGROUNDS, renderBackground } from './backgrounds.ts';
import type { Background, PlaneTexture } from './backgrounds.ts';
import { compositeSvg, finishPhoto } from './optics.ts';
import type { ExifOrientation, Optics } from './optics.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Random } from './random.ts';
import { renderScroll } from './render-scroll.ts';
import type { SheetTexture } from './render-scroll.ts';
import type { Scroll } from './scroll.ts';

export type ShotKind = 'registration' | 'phone';

/** The conditions of one photo, named as in the samples' manifest (`shots`). */
export type ShotConditions = {
  readonly kind: ShotKind;
  readonly width: number;
  readonly height: number;
  /** Long side, pixels. */
  readonly long: number;
  /** Angle between the sheet's normal and the optical axis, degrees. */
  readonly tilt: number;
  /** In-plane rotation of the sheet in the picture, degrees, clockwise. */
  readonly roll: number;
  /** Fraction of the frame the sheet covers (measured on the output). */
  readonly coverage: number;
  /** Sagitta of the parchment's cylindrical curl, as a fraction of its width. */
  readonly curl: number;
  readonly bg: Background;
  /** Brightness factor of the exposure (1 = well exposed). */
  readonly exposure: number;
  /** Gaussian defocus blur, sigma in output pixels. */
  readonly defocus: number;
  /** Length of the motion-blur streak, output pixels. */
  readonly motion: number;
  readonly jpeg: number;
  readonly finger: boolean;
  /** A slice of the sheet lies outside the frame. */
  readonly crop: boolean;
  readonly glare: boolean;
  /** Darkness of a cast shadow crossing the picture (0 = none). */
  readonly shadow: number;
  /** EXIF orientation tag of the file; width, height and corners describe the picture as displayed. */
  readonly exif: ExifOrientation;
};

export type PhotoInfo = ShotConditions & {
  /** The sheet's corners (top-left, top-right, bottom-right, bottom-left, as written) in output pixels. */
  readonly corners: readonly (readonly [number, number])[];
  /** Output pixels per sheet millimetre at the sheet's centre. */
  readonly pxPerMm: number;
  /** The lens's 35 mm equivalent focal length, millimetres (stored in the EXIF when `exifFocal`). */
  readonly focal35: number;
};

/** What to shoot: the kind fixes the distributions, any condition given here overrides its draw. */
export type ShotSpec = {
  readonly kind: ShotKind;
  readonly seed: number;
  readonly megapixels?: number;
  readonly long?: number;
  readonly orientation?: 'portrait' | 'landscape';
  /** Long side over short side (4/3, 16/9, 1 ...). */
  readonly aspect?: number;
  readonly tilt?: number;
  readonly roll?: number;
  readonly coverage?: number;
  readonly curl?: number;
  readonly bg?: Background;
  readonly exposure?: number;
  readonly defocus?: number;
  readonly motion?: number;
  readonly jpeg?: number;
  readonly finger?: boolean;
  readonly crop?: boolean;
  readonly glare?: boolean;
  readonly shadow?: number;
  readonly exif?: ExifOrientation;
  /**
   * The lens's angle of view across the long side, degrees: drawn 62–72 (a
   * phone's main camera, 24–29 mm equivalent); about 105 is an ultra-wide lens
   * (13 mm), which a phone may switch to at close range.
   */
  readonly fov?: number;
  /** Store the lens's 35 mm equivalent focal length in the EXIF (FocalLengthIn35mmFilm), as phones do; the bench sets' photos carry none, as a messaging app's copy. */
  readonly exifFocal?: boolean;
};

export type Photo = { readonly jpeg: Buffer; readonly info: PhotoInfo };

export type SheetSize = { readonly widthMm: number; readonly heightMm: number };

/** Anything flat that can lie on the table: a scroll, a blank skin, a printed page. */
export type Sheet = SheetSize & { render(pxPerMm: number): Promise<SheetTexture> };

type Mat3 = [number, number, number, number, number, number, number, number, number];

type Pose = {
  readonly f: number;
  readonly cx: number;
  readonly cy: number;
  /** Local (sheet) to camera rotation, row-major. */
  readonly r: Mat3;
  tx: number;
  ty: number;
  tz: number;
};

type Surface = {
  readonly widthMm: number;
  readonly heightMm: number;
  /** Cylinder radius, mm (Infinity when flat). */
  readonly radius: number;
  /** Edges lift towards the camera (concave) or the middle bulges (convex). */
  readonly concave: boolean;
  readonly sag: number;
};

/** The diagonal of a 35 mm film frame (36 × 24 mm), which 35 mm equivalent focal lengths are defined over. */
const FILM_DIAGONAL_MM = 43.27;

const PHONE_LONG_SIDES = [1200, 1280, 1600, 1920, 2048, 2250, 2560, 2592, 3000, 3264, 4000, 4032];
const PHONE_ASPECTS: readonly (readonly [number, number])[] = [
  [4 / 3, 6],
  [16 / 9, 2],
  [1, 1],
  [3 / 2, 1],
];

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

function round(value: number, digits = 3): number {
  const k = 10 ** digits;
  return Math.round(value * k) / k;
}

function rotation(axisX: number, axisY: number, angle: number, roll: number): Mat3 {
  // Rodrigues about the in-plane axis (axisX, axisY, 0), then a turn about the optical axis.
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  const x = axisX;
  const y = axisY;
  const a: Mat3 = [t * x * x + c, t * x * y, s * y, t * x * y, t * y * y + c, -s * x, -s * y, s * x, c];
  const cr = Math.cos(roll);
  const sr = Math.sin(roll);
  return [
    cr * a[0] - sr * a[3],
    cr * a[1] - sr * a[4],
    cr * a[2] - sr * a[5],
    sr * a[0] + cr * a[3],
    sr * a[1] + cr * a[4],
    sr * a[2] + cr * a[5],
    a[6],
    a[7],
    a[8],
  ];
}

/** Point of the (possibly curled) sheet at (u, v) mm, in sheet-centred local coordinates. */
function surfacePoint(s: Surface, u: number, v: number): [number, number, number] {
  const x = u - s.widthMm / 2;
  const y = v - s.heightMm / 2;
  if (!Number.isFinite(s.radius)) return [x, y, 0];
  const theta = x / s.radius;
  const lift = s.radius * (1 - Math.cos(theta));
  return [s.radius * Math.sin(theta), y, s.concave ? -lift : -s.sag + lift];
}

function project(p: Pose, point: readonly [number, number, number]): [number, number] {
  const r = p.r;
  const x = r[0] * point[0] + r[1] * point[1] + r[2] * point[2] + p.tx;
  const y = r[3] * point[0] + r[4] * point[1] + r[5] * point[2] + p.ty;
  const z = r[6] * point[0] + r[7] * point[1] + r[8] * point[2] + p.tz;
  return [p.f * (x / z) + p.cx, p.f * (y / z) + p.cy];
}

function outline(p: Pose, s: Surface, steps = 8): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i < steps; i++) points.push(project(p, surfacePoint(s, (s.widthMm * i) / steps, 0)));
  for (let i = 0; i < steps; i++) points.push(project(p, surfacePoint(s, s.widthMm, (s.heightMm * i) / steps)));
  for (let i = 0; i < steps; i++) points.push(project(p, surfacePoint(s, s.widthMm * (1 - i / steps), s.heightMm)));
  for (let i = 0; i < steps; i++) points.push(project(p, surfacePoint(s, 0, s.heightMm * (1 - i / steps))));
  return points;
}

function polygonArea(points: readonly (readonly [number, number])[]): number {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % points.length];
    area += x0 * y1 - x1 * y0;
  }
  return Math.abs(area) / 2;
}

function bounds(points: readonly (readonly [number, number])[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

/** Radius of a cylinder whose arc of length `width` sags by `sag`. */
function radiusForSag(width: number, sag: number): number {
  if (sag < 0.02) return Infinity;
  let lo = width / Math.PI;
  let hi = 1e7;
  for (let i = 0; i < 60; i++) {
    const mid = Math.sqrt(lo * hi);
    const s = mid * (1 - Math.cos(width / 2 / mid));
    if (s > sag) lo = mid;
    else hi = mid;
  }
  return Math.sqrt(lo * hi);
}

type Plan = {
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

function pickSize(rnd: Random, spec: ShotSpec, sheet: SheetSize | null): { width: number; height: number } {
  const aspect = spec.aspect ?? (spec.kind === 'registration' ? rnd.pick([4 / 3, 3 / 2]) : rnd.weighted(PHONE_ASPECTS));
  let long: number;
  if (spec.long) long = spec.long;
  else if (spec.megapixels) long = Math.sqrt(spec.megapixels * 1e6 * aspect);
  else if (spec.kind === 'registration') long = Math.sqrt(rnd.uniform(2, 8) * 1e6 * aspect);
  else {
    // Phone sensors: common long sides, kept within 1–12 megapixels whatever the aspect.
    long = rnd.pick(PHONE_LONG_SIDES);
    long = Math.min(Math.max(long, Math.sqrt(1.0e6 * aspect)), Math.sqrt(12.2e6 * aspect));
  }
  long = Math.round(long);
  const short = Math.round(long / aspect);
  const tall = sheet ? sheet.heightMm >= sheet.widthMm * 0.9 : true;
  const portrait = spec.orientation ? spec.orientation === 'portrait' : rnd.chance(spec.kind === 'registration' ? (tall ? 0.8 : 0.3) : 0.75);
  return portrait ? { width: short, height: long } : { width: long, height: short };
}

/** The spec's value for a condition if it fixes one, else the draw (made either way, see planShot). */
function given<T>(fixed: T | undefined, drawn: T): T {
  return fixed ?? drawn;
}

function planShot(spec: ShotSpec, sheet: SheetSize | null): Plan {
  const rnd = createRandom(deriveSeed('shot', spec.kind, spec.seed));
  const phone = spec.kind === 'phone';
  const { width, height } = pickSize(rnd.fork('size'), spec, sheet);
  const long = Math.max(width, height);
  const scale = long / 2000;
  // Every condition is drawn, fixed or not: fixing one in the spec then leaves the
  // draws of the others, and so the rest of the shot (pose, distance, light), as
  // the seed would have them. Skipping the draw would shift every later one.
  const tilt = given(spec.tilt, phone ? 35 * Math.sqrt(rnd.uniform(0.01, 1)) : rnd.uniform(0, 8));
  const roll = given(spec.roll, phone ? (rnd.chance(0.35) ? rnd.uniform(-180, 180) : rnd.clampedNormal(0, 10)) : rnd.clampedNormal(0, 1.5, 2.5));
  const coverage = given(spec.coverage, phone ? rnd.uniform(0.25, 0.92) : rnd.uniform(0.38, 0.68));
  const curl = given(spec.curl, phone ? (rnd.chance(0.25) ? 0 : rnd.uniform(0, 0.06)) : rnd.uniform(0, 0.006));
  const bg = given(spec.bg, phone ? rnd.pick(BACKGROUNDS) : rnd.pick<Background>(['plain', 'paper']));
  const exposure = given(spec.exposure, phone ? clamp(rnd.normal(0.93, 0.13), 0.6, 1.25) : clamp(rnd.normal(1.01, 0.02), 0.96, 1.06));
  const defocus = given(spec.defocus, phone ? rnd.uniform(0, 1.8) * Math.max(1, scale) : rnd.uniform(0.05, 0.4));
  const motion = given(spec.motion, phone && rnd.chance(0.22) ? rnd.uniform(1.5, 9) * Math.max(1, scale) : 0);
  const jpeg = given(spec.jpeg, phone ? rnd.int(55, 95) : rnd.int(88, 95));
  const finger = given(spec.finger, phone && !!sheet && rnd.chance(0.12));
  const crop = given(spec.crop, phone && !!sheet && rnd.chance(0.15));
  const glare = given(spec.glare, phone && !!sheet && rnd.chance(0.15));
  const shadow = given(spec.shadow, phone && rnd.chance(0.35) ? rnd.uniform(0.2, 0.6) : 0);
  // Phones often store the sensor's landscape pixels and tag how to turn them.
  const exif: ExifOrientation = spec.exif ?? (phone && rnd.fork('exif').chance(0.15) ? rnd.fork('exif-turn').weighted<ExifOrientation>([[6, 6], [3, 1], [8, 1]]) : 1);

  const widthMm = sheet?.widthMm ?? 100;
  const heightMm = sheet?.heightMm ?? 100;
  const sag = curl * widthMm;
  const radius = radiusForSag(widthMm, sag);
  const surface: Surface = { widthMm, heightMm, radius, concave: rnd.chance(0.7), sag: Number.isFinite(radius) ? sag : 0 };

  const fov = (given(spec.fov, rnd.uniform(62, 72)) * Math.PI) / 180;
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
    shiftX = margin - b.x0 + rnd.uniform(phone ? 0 : 0.35, phone ? 1 : 0.65) * slackX;
    shiftY = margin - b.y0 + rnd.uniform(phone ? 0 : 0.35, phone ? 1 : 0.65) * slackY;
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
    white: phone ? [lr.normal(1, 0.04), 1, lr.normal(1, 0.06)] : [lr.normal(1, 0.015), 1, lr.normal(1, 0.02)],
    gradientX: lr.normal(0, phone ? 0.18 : 0.05),
    gradientY: lr.normal(0, phone ? 0.18 : 0.05),
    vignette: lr.uniform(0.05, phone ? 0.35 : 0.15),
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
    noise: phone ? lr.uniform(1.5, 5) : lr.uniform(0.8, 2),
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

/** Largest image-pixels-per-millimetre of the sheet anywhere on it: the resolution to render it at. */
function maxSheetScale(pose: Pose, s: Surface): number {
  let best = 0;
  const h = 0.5;
  for (let i = 0; i <= 4; i++) {
    for (let j = 0; j <= 4; j++) {
      const u = (s.widthMm * i) / 4;
      const v = (s.heightMm * j) / 4;
      const p = project(pose, surfacePoint(s, u, v));
      const pu = project(pose, surfacePoint(s, u + (i === 4 ? -h : h), v));
      const pv = project(pose, surfacePoint(s, u, v + (j === 4 ? -h : h)));
      best = Math.max(best, Math.hypot(pu[0] - p[0], pu[1] - p[1]) / h, Math.hypot(pv[0] - p[0], pv[1] - p[1]) / h);
    }
  }
  return best;
}

type Ray = { ox: number; oy: number; oz: number; rt: Mat3 };

function cameraInLocal(pose: Pose): Ray {
  const r = pose.r;
  const rt: Mat3 = [r[0], r[3], r[6], r[1], r[4], r[7], r[2], r[5], r[8]];
  return {
    ox: -(rt[0] * pose.tx + rt[1] * pose.ty + rt[2] * pose.tz),
    oy: -(rt[3] * pose.tx + rt[4] * pose.ty + rt[5] * pose.tz),
    oz: -(rt[6] * pose.tx + rt[7] * pose.ty + rt[8] * pose.tz),
    rt,
  };
}

/** The visible part of the table plane, in local mm, from the rays through the frame's border. */
function visibleTable(pose: Pose, width: number, height: number, limit: number): { x0: number; y0: number; x1: number; y1: number } {
  const ray = cameraInLocal(pose);
  const points: [number, number][] = [];
  for (let i = 0; i <= 4; i++) {
    for (const [x, y] of [
      [(width * i) / 4, 0],
      [(width * i) / 4, height],
      [0, (height * i) / 4],
      [width, (height * i) / 4],
    ]) {
      const cx = (x - pose.cx) / pose.f;
      const cy = (y - pose.cy) / pose.f;
      const dx = ray.rt[0] * cx + ray.rt[1] * cy + ray.rt[2];
      const dy = ray.rt[3] * cx + ray.rt[4] * cy + ray.rt[5];
      const dz = ray.rt[6] * cx + ray.rt[7] * cy + ray.rt[8];
      const t = dz > 1e-6 ? -ray.oz / dz : 1e9;
      points.push([clamp(ray.ox + t * dx, -limit, limit), clamp(ray.oy + t * dy, -limit, limit)]);
    }
  }
  const b = bounds(points);
  return { x0: b.x0 - 5, y0: b.y0 - 5, x1: b.x1 + 5, y1: b.y1 + 5 };
}

type Scene = { readonly image: Uint8ClampedArray; readonly coverage: number };

/** Everything one row of the scene needs, as plain numbers and arrays (kept local in the hot loop). */
type SceneRow = {
  readonly image: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  readonly pose: Pose;
  readonly ray: Ray;
  readonly surface: Surface;
  readonly light: Lighting;
  readonly sheet: SheetTexture | null;
  /** The sheet's RGBA pixels as 32-bit words (little-endian), one load per texel. */
  readonly sheet32: Uint32Array | null;
  readonly table: PlaneTexture;
  /** The table as seen at every other pixel (RGB, `tableColumns` wide), with the sheet's shadow on it. */
  readonly tableView: Float32Array;
  readonly tableColumns: number;
  /** One full-width row of the table view, interpolated. */
  readonly tableRow: Float32Array;
  /** Scratch: the two grid rows around the current row, blended. */
  readonly tableBlend: Float32Array;
  /** Per column: the horizontal light gradient and the vignette's share. */
  readonly lightX: Float32Array;
  readonly vignetteX: Float32Array;
  /** Per row: the columns the sheet can cover (from its projected outline, with a margin); empty when first > last. */
  readonly spanFirst: Int32Array;
  readonly spanLast: Int32Array;
  covered: number;
};

/**
 * The table seen through the camera at half resolution. It is smooth (rendered
 * coarser than the frame and out of the sheet's way), so a quarter of the rays
 * and an interpolation per pixel cost far less than a texture lookup per pixel.
 */
function viewTable(ctx: SceneRow): void {
  const { pose, table, light, tableView, tableColumns } = ctx;
  const { ox, oy, oz, rt } = ctx.ray;
  const rows = tableView.length / (tableColumns * 3);
  const halfW = ctx.surface.widthMm / 2;
  const halfH = ctx.surface.heightMm / 2;
  const withSheet = ctx.sheet !== null;
  for (let j = 0; j < rows; j++) viewTableRow(tableView, tableColumns, j, pose, ox, oy, oz, rt, table, light, halfW, halfH, withSheet);
}

function viewTableRow(
  out: Float32Array,
  columns: number,
  j: number,
  pose: Pose,
  ox: number,
  oy: number,
  oz: number,
  rt: Mat3,
  table: PlaneTexture,
  light: Lighting,
  halfW: number,
  halfH: number,
  withSheet: boolean,
): void {
  const invF = 1 / pose.f;
  const cy = (2 * j + 0.5 - pose.cy) * invF;
  const data = table.data;
  const tw = table.width;
  const th = table.height;
  const scale = table.pxPerMm;
  const { dropX, dropY, dropSoftness, dropStrength } = light;
  const reach = 8 * dropSoftness;
  for (let i = 0; i < columns; i++) {
    const cx = (2 * i + 0.5 - pose.cx) * invF;
    const dx = rt[0] * cx + rt[1] * cy + rt[2];
    const dy = rt[3] * cx + rt[4] * cy + rt[5];
    const dz = rt[6] * cx + rt[7] * cy + rt[8];
    const t = dz > 1e-6 ? -oz / dz : 1e9;
    const X = ox + t * dx;
    const Y = oy + t * dy;
    let fx = (X - table.x0) * scale - 0.5;
    let fy = (Y - table.y0) * scale - 0.5;
    if (fx < 0) fx = 0;
    if (fy < 0) fy = 0;
    if (fx > tw - 1.001) fx = tw - 1.001;
    if (fy > th - 1.001) fy = th - 1.001;
    const ix = fx | 0;
    const iy = fy | 0;
    const ax = fx - ix;
    const ay = fy - iy;
    const k00 = (iy * tw + ix) * 3;
    const k01 = k00 + tw * 3;
    const w00 = (1 - ax) * (1 - ay);
    const w10 = ax * (1 - ay);
    const w01 = (1 - ax) * ay;
    const w11 = ax * ay;
    let k = 1;
    if (withSheet) {
      // The sheet's own shadow on the table.
      let ex = Math.abs(X - dropX) - halfW;
      let ey = Math.abs(Y - dropY) - halfH;
      if (ex < 0) ex = 0;
      if (ey < 0) ey = 0;
      if (ex < reach && ey < reach) k = 1 - dropStrength * Math.exp(-Math.sqrt(ex * ex + ey * ey) / dropSoftness);
    }
    const o = (j * columns + i) * 3;
    out[o] = (data[k00] * w00 + data[k00 + 3] * w10 + data[k01] * w01 + data[k01 + 3] * w11) * k;
    out[o + 1] = (data[k00 + 1] * w00 + data[k00 + 4] * w10 + data[k01 + 1] * w01 + data[k01 + 4] * w11) * k;
    out[o + 2] = (data[k00 + 2] * w00 + data[k00 + 5] * w10 + data[k01 + 2] * w01 + data[k01 + 5] * w11) * k;
  }
}

/** Fills ctx.tableRow with row y of the table view, interpolated from the half-resolution grid. */
function interpolateTableRow(ctx: SceneRow, y: number): void {
  const { tableView, tableColumns, tableRow, width } = ctx;
  const gy = y / 2;
  const j = gy | 0;
  const fy = gy - j;
  const a = j * tableColumns * 3;
  const b = a + tableColumns * 3;
  // Blend the two grid rows once, then fill even pixels from grid points and odd ones halfway between.
  const blended = ctx.tableBlend;
  for (let n = 0; n < tableColumns * 3; n++) blended[n] = tableView[a + n] + (tableView[b + n] - tableView[a + n]) * fy;
  for (let x = 0; x < width; x++) {
    const p = (x >> 1) * 3;
    const o = x * 3;
    if ((x & 1) === 0) {
      tableRow[o] = blended[p];
      tableRow[o + 1] = blended[p + 1];
      tableRow[o + 2] = blended[p + 2];
    } else {
      tableRow[o] = (blended[p] + blended[p + 3]) * 0.5;
      tableRow[o + 1] = (blended[p + 1] + blended[p + 4]) * 0.5;
      tableRow[o + 2] = (blended[p + 2] + blended[p + 5]) * 0.5;
    }
  }
}

function sceneRow(ctx: SceneRow, y: number): void {
  const { image, width, height, pose, sheet, light, tableRow } = ctx;
  const s = ctx.surface;
  const { ox, oy, oz, rt } = ctx.ray;
  const halfW = s.widthMm / 2;
  const halfH = s.heightMm / 2;
  const flat = !Number.isFinite(s.radius);
  const R = s.radius;
  const concave = s.concave;
  const centreZ = concave ? -R : R - s.sag;
  const invF = 1 / pose.f;
  const stepX = rt[0] * invF;
  const stepY = rt[3] * invF;
  const stepZ = rt[6] * invF;
  const cy = (y + 0.5 - pose.cy) * invF;
  const cx0 = (0.5 - pose.cx) * invF;
  let dx = rt[0] * cx0 + rt[1] * cy + rt[2] - stepX;
  let dy = rt[3] * cx0 + rt[4] * cy + rt[5] - stepY;
  let dz = rt[6] * cx0 + rt[7] * cy + rt[8] - stepZ;
  const sheetData = sheet ? sheet.data : null;
  const sheet32 = ctx.sheet32;
  const sheetW = sheet ? sheet.width : 0;
  const sheetH = sheet ? sheet.height : 0;
  const sheetScale = sheet ? sheet.pxPerMm : 0;
  const side = light.side;
  const [whiteR, whiteG, whiteB] = light.white;
  const g = light.glare;
  const sh = light.shadow;
  const band = Number.isFinite(sh.band);
  const diagonal2 = (width * width + height * height) / 4;
  const ny = (y + 0.5) / height - 0.5;
  const vy = (y + 0.5 - height / 2) ** 2;
  const rowLight = light.exposure * (1 + light.gradientY * ny);
  const vignette = light.vignette / diagonal2;
  const shadowRow = (y - height / 2) * sh.ny - sh.offset;
  const glareY = y - g.y;
  const { lightX, vignetteX } = ctx;
  const rowVignette = 1 - vignette * vy;
  interpolateTableRow(ctx, y);
  const first = ctx.spanFirst[y];
  const last = ctx.spanLast[y];
  let covered = 0;
  for (let x = 0; x < width; x++) {
    dx += stepX;
    dy += stepY;
    dz += stepZ;
    let alpha = 0;
    let shade = 1;
    let r = 0;
    let gg = 0;
    let bb = 0;
    if (sheetData !== null && x >= first && x <= last) {
      let u = -2;
      let v = -2;
      if (flat) {
        const t = -oz / dz;
        u = ox + t * dx + halfW;
        v = oy + t * dy + halfH;
      } else {
        const ozc = oz - centreZ;
        const a = dx * dx + dz * dz;
        const b = 2 * (ox * dx + ozc * dz);
        const c = ox * ox + ozc * ozc - R * R;
        const disc = b * b - 4 * a * c;
        if (disc >= 0) {
          const root = Math.sqrt(disc);
          const t = concave ? (-b + root) / (2 * a) : (-b - root) / (2 * a);
          const X = ox + t * dx;
          const Z = oz + t * dz;
          const depth = concave ? Z - centreZ : centreZ - Z;
          // atan(X / depth) by its series where the sheet can be (|turn| ≤ 4 × curl ≤ 0.35 rad; error below 4e-5 rad up to the cut-off).
          const z = X / depth;
          const z2 = z * z;
          const turn = z2 < 0.25 ? z * (1 - z2 * (1 / 3 - z2 * (1 / 5 - z2 * (1 / 7 - z2 / 9)))) : Math.atan2(X, depth);
          u = R * turn + halfW;
          v = oy + t * dy + halfH;
          // Light falls on the turned surface more or less squarely (sin and cos of the turn are X/R and depth/R).
          shade = 1 + (0.35 * X * side - 0.25 * (R - depth)) / R;
        }
      }
      let fx = u * sheetScale - 0.5;
      let fy = v * sheetScale - 0.5;
      if (fx > -1 && fy > -1 && fx < sheetW && fy < sheetH) {
        if (fx < 0) fx = 0;
        if (fy < 0) fy = 0;
        if (fx > sheetW - 1.001) fx = sheetW - 1.001;
        if (fy > sheetH - 1.001) fy = sheetH - 1.001;
        const i = fx | 0;
        const j = fy | 0;
        const ax = fx - i;
        const ay = fy - j;
        const k00 = j * sheetW + i;
        const k01 = k00 + sheetW;
        // One 32-bit load per texel (RGBA, little-endian), unpacked by shifts.
        const p00 = sheet32![k00];
        const p10 = sheet32![k00 + 1];
        const p01 = sheet32![k01];
        const p11 = sheet32![k01 + 1];
        const w00 = (1 - ax) * (1 - ay);
        const w10 = ax * (1 - ay);
        const w01 = (1 - ax) * ay;
        const w11 = ax * ay;
        alpha = ((p00 >>> 24) * w00 + (p10 >>> 24) * w10 + (p01 >>> 24) * w01 + (p11 >>> 24) * w11) / 255;
        if (alpha > 0) {
          // The texture's colour is not premultiplied; its alpha only antialiases the outline.
          const k = shade * alpha;
          r = ((p00 & 255) * w00 + (p10 & 255) * w10 + (p01 & 255) * w01 + (p11 & 255) * w11) * k;
          gg = (((p00 >>> 8) & 255) * w00 + ((p10 >>> 8) & 255) * w10 + ((p01 >>> 8) & 255) * w01 + ((p11 >>> 8) & 255) * w11) * k;
          bb = (((p00 >>> 16) & 255) * w00 + ((p10 >>> 16) & 255) * w10 + ((p01 >>> 16) & 255) * w01 + ((p11 >>> 16) & 255) * w11) * k;
          if (alpha > 0.5) covered++;
        }
      }
    }
    if (alpha < 0.999) {
      const k = 1 - alpha;
      r += tableRow[x * 3] * k;
      gg += tableRow[x * 3 + 1] * k;
      bb += tableRow[x * 3 + 2] * k;
    }
    // Light across the frame: gradient, vignetting, a cast shadow.
    let lum = (rowLight + lightX[x]) * (rowVignette - vignetteX[x]);
    if (sh.strength > 0) {
      const d = (x - width / 2) * sh.nx + shadowRow;
      let m = smooth(d / sh.softness);
      if (band) m *= 1 - smooth((d - sh.band) / sh.softness);
      lum *= 1 - sh.strength * m;
    }
    r *= lum * whiteR;
    gg *= lum * whiteG;
    bb *= lum * whiteB;
    if (g.strength > 0) {
      const gx = x - g.x;
      const along = (gx * g.cos + glareY * g.sin) / g.a;
      const across = (-gx * g.sin + glareY * g.cos) / g.b;
      const e = along * along + across * across;
      if (e < 12) {
        const k = g.strength * Math.exp(-e) * (alpha > 0.5 ? 1 : 0.5);
        r += (262 - r) * k;
        gg += (262 - gg) * k;
        bb += (262 - bb) * k;
      }
    }
    const o = (y * width + x) * 3;
    image[o] = r;
    image[o + 1] = gg;
    image[o + 2] = bb;
  }
  ctx.covered += covered;
}

/** For each row, the range of columns inside the sheet's projected outline (polygon scan, 3 px margin). */
function sheetSpans(ctx: SceneRow, polygon: readonly (readonly [number, number])[]): void {
  const { spanFirst, spanLast, width, height } = ctx;
  spanFirst.fill(width);
  spanLast.fill(-1);
  const margin = 3;
  for (let e = 0; e < polygon.length; e++) {
    const [x0, y0] = polygon[e];
    const [x1, y1] = polygon[(e + 1) % polygon.length];
    const top = Math.max(0, Math.floor(Math.min(y0, y1) - margin));
    const bottom = Math.min(height - 1, Math.ceil(Math.max(y0, y1) + margin));
    const at = (y: number): number => (y1 === y0 ? x0 : x0 + (x1 - x0) * Math.min(1, Math.max(0, (y - y0) / (y1 - y0))));
    for (let y = top; y <= bottom; y++) {
      // The edge's extent over rows y ± margin, widened by the margin.
      const xa = y1 === y0 ? Math.min(x0, x1) : at(y - margin);
      const xb = y1 === y0 ? Math.max(x0, x1) : at(y + margin);
      const lo = Math.max(0, Math.floor(Math.min(xa, xb) - margin));
      const hi = Math.min(width - 1, Math.ceil(Math.max(xa, xb) + margin));
      if (lo < spanFirst[y]) spanFirst[y] = lo;
      if (hi > spanLast[y]) spanLast[y] = hi;
    }
  }
}

/** Casts a ray per output pixel onto the sheet or the table, and lights the result. */
function renderScene(plan: Plan, sheet: SheetTexture | null, table: PlaneTexture): Scene {
  const { width, height } = plan.conditions;
  const tableColumns = (width >> 1) + 2;
  const tableRows = (height >> 1) + 2;
  const ctx: SceneRow = {
    image: new Uint8ClampedArray(width * height * 3),
    width,
    height,
    pose: plan.pose,
    ray: cameraInLocal(plan.pose),
    surface: plan.surface,
    light: plan.light,
    sheet,
    sheet32: sheet ? new Uint32Array(sheet.data.buffer, sheet.data.byteOffset, sheet.data.length >> 2) : null,
    table,
    tableView: new Float32Array(tableColumns * tableRows * 3),
    tableColumns,
    tableRow: new Float32Array(width * 3),
    tableBlend: new Float32Array(tableColumns * 3),
    lightX: new Float32Array(width),
    vignetteX: new Float32Array(width),
    spanFirst: new Int32Array(height),
    spanLast: new Int32Array(height),
    covered: 0,
  };
  sheetSpans(ctx, sheet ? outline(plan.pose, plan.surface, 16) : []);
  const light = plan.light;
  const diagonal2 = (width * width + height * height) / 4;
  for (let x = 0; x < width; x++) {
    const vx = x + 0.5 - width / 2;
    ctx.lightX[x] = light.exposure * light.gradientX * ((x + 0.5) / width - 0.5);
    ctx.vignetteX[x] = (light.vignette * vx * vx) / diagonal2;
  }
  viewTable(ctx);
  for (let y = 0; y < height; y++) sceneRow(ctx, y);
  return { image: ctx.image, coverage: ctx.covered / (width * height) };
}

function smooth(t: number): number {
  if (t <= -1) return 0;
  if (t >= 1) return 1;
  const x = (t + 1) / 2;
  return x * x * (3 - 2 * x);
}

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
