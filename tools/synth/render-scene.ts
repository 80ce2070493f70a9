// Renders a planned shot's scene: a ray per output pixel onto the sheet (a
// plane, or a curled cylinder) or the table around it, bilinearly sampled, then
// lit (gradient, vignetting, cast shadow, glare). Blur, noise and the JPEG come
// after, in optics.ts.

import type { PlaneTexture } from './backgrounds.ts';
import type { Lighting, Plan } from './plan-shot.ts';
import { cameraInLocal, outline } from './pose.ts';
import type { Mat3, Pose, Ray, Surface } from './pose.ts';
import type { SheetTexture } from './render-scroll.ts';

export type Scene = { readonly image: Uint8ClampedArray; readonly coverage: number };

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
export function renderScene(plan: Plan, sheet: SheetTexture | null, table: PlaneTexture): Scene {
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
