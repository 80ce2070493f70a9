// The pinhole camera's geometry: where the camera stands (Pose), the sheet as a
// plane or a curled cylinder (Surface), projecting sheet millimetres to pixels,
// and casting rays from pixels back to the table.

export type Mat3 = [number, number, number, number, number, number, number, number, number];

export type Pose = {
  readonly f: number;
  readonly cx: number;
  readonly cy: number;
  /** Local (sheet) to camera rotation, row-major. */
  readonly r: Mat3;
  tx: number;
  ty: number;
  tz: number;
};

export type Surface = {
  readonly widthMm: number;
  readonly heightMm: number;
  /** Cylinder radius, mm (Infinity when flat). */
  readonly radius: number;
  /** Edges lift towards the camera (concave) or the middle bulges (convex). */
  readonly concave: boolean;
  readonly sag: number;
};

/** `value` within [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** The sheet-to-camera rotation: tilted by `angle` about an axis in the sheet's plane, then turned by `roll` about the optical axis. */
export function rotation(axisX: number, axisY: number, angle: number, roll: number): Mat3 {
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
export function surfacePoint(s: Surface, u: number, v: number): [number, number, number] {
  const x = u - s.widthMm / 2;
  const y = v - s.heightMm / 2;
  if (!Number.isFinite(s.radius)) return [x, y, 0];
  const theta = x / s.radius;
  const lift = s.radius * (1 - Math.cos(theta));
  return [s.radius * Math.sin(theta), y, s.concave ? -lift : -s.sag + lift];
}

/** The pixel at which a point in the sheet's local frame (mm) appears. */
export function project(p: Pose, point: readonly [number, number, number]): [number, number] {
  const r = p.r;
  const x = r[0] * point[0] + r[1] * point[1] + r[2] * point[2] + p.tx;
  const y = r[3] * point[0] + r[4] * point[1] + r[5] * point[2] + p.ty;
  const z = r[6] * point[0] + r[7] * point[1] + r[8] * point[2] + p.tz;
  return [p.f * (x / z) + p.cx, p.f * (y / z) + p.cy];
}

/** The sheet's edge in pixels, `steps` points a side (a curled sheet's edges are not straight). */
export function outline(p: Pose, s: Surface, steps = 8): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i < steps; i++) points.push(project(p, surfacePoint(s, (s.widthMm * i) / steps, 0)));
  for (let i = 0; i < steps; i++) points.push(project(p, surfacePoint(s, s.widthMm, (s.heightMm * i) / steps)));
  for (let i = 0; i < steps; i++) points.push(project(p, surfacePoint(s, s.widthMm * (1 - i / steps), s.heightMm)));
  for (let i = 0; i < steps; i++) points.push(project(p, surfacePoint(s, 0, s.heightMm * (1 - i / steps))));
  return points;
}

/** Area of a simple polygon (shoelace formula). */
export function polygonArea(points: readonly (readonly [number, number])[]): number {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % points.length];
    area += x0 * y1 - x1 * y0;
  }
  return Math.abs(area) / 2;
}

/** Axis-aligned bounding box of points. */
export function bounds(points: readonly (readonly [number, number])[]): { x0: number; y0: number; x1: number; y1: number } {
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
export function radiusForSag(width: number, sag: number): number {
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

/** Largest image-pixels-per-millimetre of the sheet anywhere on it: the resolution to render it at. */
export function maxSheetScale(pose: Pose, s: Surface): number {
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

/** The camera's centre in the sheet's frame and the rotation back into it: where every pixel's ray starts. */
export type Ray = { ox: number; oy: number; oz: number; rt: Mat3 };

export function cameraInLocal(pose: Pose): Ray {
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
export function visibleTable(pose: Pose, width: number, height: number, limit: number): { x0: number; y0: number; x1: number; y1: number } {
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
