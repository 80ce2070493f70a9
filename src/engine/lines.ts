import type { Blob } from './components.ts';
import { median, robustLeastSquares, weightedLeastSquares } from './geometry.ts';

/** A text line found in the photo, in the frame rotated so that text runs along +u. */
export type TextLine = {
  /** Indices into the blob array, sorted by u. */
  blobs: number[];
  /** v = c0 + c1·u + c2·u² : the line's centre curve. */
  curve: [number, number, number];
  uMin: number;
  uMax: number;
  /** Median letter height on this line, in pixels. */
  letterHeight: number;
  /** How its letters grow along it (perspective; withSizesAlongLines): d(log height)/du, and the u where their height is letterHeight. Unset: one height. */
  growth?: { readonly slope: number; readonly anchor: number };
};

/** The line's letter height where it passes u: letterHeight, scaled along the line as its letters grow or shrink. */
export const letterHeightAt = (line: TextLine, u: number): number =>
  line.growth ? line.letterHeight * Math.exp(line.growth.slope * (u - line.growth.anchor)) : line.letterHeight;

export type LineLayout = {
  /** Text direction (radians, image frame); u = x·cos + y·sin, v = −x·sin + y·cos. */
  angle: number;
  /** Sorted top to bottom in the rotated frame. */
  lines: TextLine[];
};

function rotatePoint(angle: number, x: number, y: number): [number, number] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [x * c + y * s, -x * s + y * c];
}

function unrotatePoint(angle: number, u: number, v: number): [number, number] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [u * c - v * s, u * s + v * c];
}

/** Image coordinates of the point at position u on a line's centre curve. */
export function pointOnLine(layout: LineLayout, line: TextLine, u: number): [number, number] {
  return unrotatePoint(layout.angle, u, curveAt(line.curve, u));
}

const blobHeight = (b: Blob) => b.maxY - b.minY + 1;
const blobWidth = (b: Blob) => b.maxX - b.minX + 1;
/** Blobs big enough to be whole letters (not a detached stroke, crown or speck): they shape the lines. */
const isLetterSized = (b: Blob, h: number) => b.area >= 0.12 * h * h;

/** Letter-sized blobs: neither specks of texture nor the scroll's edge or background shapes. */
function letterCandidates(blobs: Blob[], width: number, height: number): { indices: number[]; letterHeight: number } {
  const maxDim = Math.min(width, height) / 6;
  const sized = blobs
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => b.area >= 8 && blobWidth(b) <= maxDim && blobHeight(b) <= maxDim);
  if (sized.length < 20) return { indices: [], letterHeight: 0 };
  const areas = sized.map(({ b }) => b.area);
  const medArea = median(areas);
  const substantial = sized.filter(({ b }) => b.area >= 0.3 * medArea);
  const letterHeight = median(substantial.map(({ b }) => Math.max(blobHeight(b), blobWidth(b) * 0.8)));
  const indices = sized
    .filter(({ b }) => Math.max(blobWidth(b), blobHeight(b)) <= 4 * letterHeight && b.area >= 0.04 * letterHeight * letterHeight)
    .map(({ i }) => i);
  return { indices, letterHeight };
}

/**
 * Directions (mod π) of nearest-neighbour links between whole letters: the
 * dominant one, and a rival when another peak at least 30° away is at least
 * half as strong. Usually letters' nearest neighbours lie along the line, but
 * blur that runs letters of one line together, or lines set close, can make
 * neighbours across lines as common; the reading then decides. Smaller marks
 * are left out: a crown's tip or a dot lies nearer its own letter than the
 * next letter does, and its links run across the lines (a sample phone photo
 * turned 17° was read down its columns).
 */
function candidateTextAngles(blobs: Blob[], indices: number[], letterHeight: number): number[] {
  const bins = 180;
  const hist = new Float64Array(bins);
  const reach = 3 * letterHeight;
  const sorted = [...indices].sort((a, b) => blobs[a].cx - blobs[b].cx);
  for (let k = 0; k < sorted.length; k++) {
    const a = blobs[sorted[k]];
    let best = Infinity;
    let bestDx = 0;
    let bestDy = 0;
    for (let j = k - 1; j >= 0 && a.cx - blobs[sorted[j]].cx < reach; j--) consider(blobs[sorted[j]]);
    for (let j = k + 1; j < sorted.length && blobs[sorted[j]].cx - a.cx < reach; j++) consider(blobs[sorted[j]]);
    if (best < reach * reach) {
      let t = Math.atan2(bestDy, bestDx);
      if (t < 0) t += Math.PI;
      hist[Math.min(bins - 1, Math.floor((t / Math.PI) * bins))] += 1;
    }
    function consider(b: Blob) {
      const dx = b.cx - a.cx;
      const dy = b.cy - a.cy;
      const d = dx * dx + dy * dy;
      if (d < best) {
        best = d;
        bestDx = dx;
        bestDy = dy;
      }
    }
  }
  const smoothed = new Float64Array(bins);
  for (let i = 0; i < bins; i++) {
    for (let d = -3; d <= 3; d++) smoothed[i] += hist[(i + d + bins) % bins] * (4 - Math.abs(d));
  }
  const peak = (exclude: number | null) => {
    let bestBin = -1;
    for (let i = 0; i < bins; i++) {
      if (exclude !== null) {
        const apart = Math.min(Math.abs(i - exclude), bins - Math.abs(i - exclude));
        if (apart < RIVAL_APART_BINS) continue;
      }
      if (bestBin < 0 || smoothed[i] > smoothed[bestBin]) bestBin = i;
    }
    return bestBin;
  };
  // Refine a peak with the circular mean of the links near it.
  const refine = (bestBin: number) => {
    let sx = 0;
    let sy = 0;
    for (let d = -5; d <= 5; d++) {
      const i = (bestBin + d + bins) % bins;
      const t = ((i + 0.5) / bins) * 2 * Math.PI; // doubled angle makes the mean mod π
      sx += hist[i] * Math.cos(t);
      sy += hist[i] * Math.sin(t);
    }
    return Math.atan2(sy, sx) / 2;
  };
  const first = peak(null);
  const second = peak(first);
  const angles = [refine(first)];
  if (second >= 0 && smoothed[second] >= RIVAL_STRENGTH * smoothed[first]) angles.push(refine(second));
  return angles;
}

/**
 * The direction within 15° of `around` (a direction of the letters'
 * links) along which the letters' centres stack into the sharpest rows: the
 * projection profile of their centres across it, in bins of a quarter letter
 * height, has the largest sum of squared counts. The links say which way the
 * text runs, not exactly: a letter's nearest neighbour is any of the next
 * letter's ink, and with letters of uneven heights (crowns, descenders) their
 * directions spread ±20° with no sharp peak. A near-frontal registration
 * photo of the tune set (0.6° of roll) had its links peak at −7.4° at half
 * size and +5.6° at full size; its rows are sharpest at 0.6°. Lines are then
 * chained along the rows, so a letter's successor is sought where its line
 * goes (docs/engine.md, "Text direction from the rows").
 */
function sharpestRows(blobs: readonly Blob[], letters: readonly number[], letterHeight: number, around: number): number {
  if (letters.length === 0) return around;
  const bin = 0.25 * letterHeight;
  const cx = Float64Array.from(letters, (i) => blobs[i].cx);
  const cy = Float64Array.from(letters, (i) => blobs[i].cy);
  const rows = new Int32Array(letters.length);
  let counts = new Uint32Array(0);
  let best = around;
  let bestSharpness = -1;
  for (let step = -PROFILE_STEPS; step <= PROFILE_STEPS; step++) {
    const angle = around + (step * PROFILE_STEP_DEGREES * Math.PI) / 180;
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    let lowest = Infinity;
    let highest = -Infinity;
    for (let k = 0; k < rows.length; k++) {
      const row = Math.round((cy[k] * c - cx[k] * s) / bin);
      rows[k] = row;
      if (row < lowest) lowest = row;
      if (row > highest) highest = row;
    }
    const span = highest - lowest + 1;
    if (counts.length < span) counts = new Uint32Array(2 * span);
    else counts.fill(0, 0, span);
    for (let k = 0; k < rows.length; k++) counts[rows[k] - lowest]++;
    let sharpness = 0;
    for (let r = 0; r < span; r++) sharpness += counts[r] * counts[r];
    if (sharpness > bestSharpness) {
      bestSharpness = sharpness;
      best = angle;
    }
  }
  return best;
}

/** sharpestRows looks PROFILE_STEPS × PROFILE_STEP_DEGREES = 15° either side of the links' direction. */
const PROFILE_STEP_DEGREES = 0.5;
const PROFILE_STEPS = 30;

/** A rival text direction must stand this far (bins of 1°) from the dominant one, and be this strong relative to it. */
const RIVAL_APART_BINS = 30;
const RIVAL_STRENGTH = 0.5;

/**
 * Robust polynomial fit v(u) of degree 1 or 2: least squares, then two rounds of
 * Tukey reweighting so that a stray blob from the neighbouring line (an ascender,
 * a descender) cannot tilt the line.
 */
function fitCurve(us: ArrayLike<number>, vs: ArrayLike<number>, degree: 1 | 2, scale: number): [number, number, number] {
  const n = us.length;
  if (n === 0) return [0, 0, 0];
  if (n < 2) return [vs[0], 0, 0];
  const k = degree === 2 && n >= 6 ? 3 : 2;
  let u0 = 0;
  for (let i = 0; i < n; i++) u0 += us[i];
  u0 /= n;
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) {
    const d = us[i] - u0;
    rows.push(k === 3 ? [1, d, d * d] : [1, d]);
  }
  const sol = robustLeastSquares(rows, vs, k, 0.5 * scale);
  if (!sol) return [median(vs), 0, 0];
  const a = sol[0];
  const b = sol[1];
  const c2 = k === 3 ? sol[2] : 0;
  // Re-express around u = 0.
  return [a - b * u0 + c2 * u0 * u0, b - 2 * c2 * u0, c2];
}

type Chain = { members: number[]; curve: [number, number, number]; uMin: number; uMax: number };

/**
 * Joins chains that lie on one text line. Under perspective the lines fan out, so a
 * short chain's own slope is unreliable: its slope is taken from the slope field of
 * the long chains (slope varies linearly with v for a plane seen in perspective),
 * and two chains join when their curves agree over the span between them.
 */
function mergeChains(chains: Chain[], u: Float64Array, v: Float64Array, h: number, makeChain: (m: number[]) => Chain): Chain[] {
  const long = chains.filter((c) => c.members.length >= 10);
  let s0 = 0;
  let s1 = 0;
  if (long.length >= 3) {
    const rows = long.map((c) => [1, curveAt(c.curve, (c.uMin + c.uMax) / 2)]);
    const slopes = long.map((c) => c.curve[1] + c.curve[2] * (c.uMin + c.uMax));
    const w = long.map((c) => c.members.length);
    const sol = weightedLeastSquares(rows, slopes, w, 2);
    if (sol) [s0, s1] = sol;
  } else if (long.length > 0) {
    s0 = median(long.map((c) => c.curve[1]));
  }
  // Every chain as a straight line through its own centre with the field's slope, unless long.
  const model = chains.map((c) => {
    if (c.members.length >= 10) return c.curve;
    const um = c.members.reduce((a, i) => a + u[i], 0) / c.members.length;
    const vm = c.members.reduce((a, i) => a + v[i], 0) / c.members.length;
    const slope = s0 + s1 * vm;
    return [vm - slope * um, slope, 0] as [number, number, number];
  });
  const parent = chains.map((_, i) => i);
  const find = (a: number): number => (parent[a] === a ? a : (parent[a] = find(parent[a])));
  const order = chains.map((_, i) => i).sort((a, b) => chains[b].members.length - chains[a].members.length);
  for (let x = 0; x < order.length; x++) {
    for (let y = x + 1; y < order.length; y++) {
      const a = order[x];
      const b = order[y];
      const A = chains[a];
      const B = chains[b];
      const overlap = spanOverlap(A, B);
      if (overlap > 1.0 * h) continue;
      const gap = Math.max(0, -overlap);
      if (gap > 12 * h) continue;
      // Compare the long one's curve with the short one's members directly.
      let err = 0;
      for (const i of B.members) err += Math.abs(v[i] - curveAt(model[a], u[i]));
      err /= B.members.length;
      const at = overlap > 0 ? (Math.max(A.uMin, B.uMin) + Math.min(A.uMax, B.uMax)) / 2 : A.uMax < B.uMin ? (A.uMax + B.uMin) / 2 : (B.uMax + A.uMin) / 2;
      const dv = Math.abs(curveAt(model[a], at) - curveAt(model[b], at));
      if (err < 0.3 * h + 0.01 * gap && dv < 0.35 * h + 0.02 * gap) {
        const ra = find(a);
        const rb = find(b);
        if (ra !== rb) parent[rb] = ra;
      }
    }
  }
  const groups = new Map<number, number[]>();
  chains.forEach((c, i) => {
    const r = find(i);
    const g = groups.get(r) ?? [];
    g.push(...c.members);
    groups.set(r, g);
  });
  return [...groups.values()].map((m) => makeChain(m.sort((p, q) => u[p] - u[q])));
}

/**
 * Joins lines that sit side by side at the same height: pieces of one text line
 * that the chaining left apart (a wide word gap, a finger, glare). Neighbours in
 * v order whose spans do not overlap and whose curves meet within a fraction of
 * the line pitch are one line; then pieces further apart (joinMutualPieces).
 */
function joinSideBySide(lines: TextLine[], blobs: Blob[], u: Float64Array, v: Float64Array, h: number, angle: number): void {
  if (lines.length < 3) return;
  const mids = lines.map((l) => curveAt(l.curve, (l.uMin + l.uMax) / 2));
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) steps.push(mids[i] - mids[i - 1]);
  const pitch = Math.max(h, median(steps.filter((d) => d > 0.8 * h)) || 1.7 * h);
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < lines.length && !changed; i++) {
      for (let j = i + 1; j < Math.min(lines.length, i + 4) && !changed; j++) {
        const a = lines[i];
        const b = lines[j];
        if (spanOverlap(a, b) > 0.8 * h) continue;
        // The longer line's curve is the better reference.
        const ref = a.blobs.length >= b.blobs.length ? a : b;
        const other = ref === a ? b : a;
        const otherV = other.blobs.reduce((acc, k) => acc + v[k], 0) / other.blobs.length;
        const otherU = other.blobs.reduce((acc, k) => acc + u[k], 0) / other.blobs.length;
        const dv = Math.abs(curveAt(ref.curve, otherU) - otherV);
        if (dv < 0.35 * pitch && meetingGap(a, b) < 0.5 * pitch) {
          lines[i] = makeLine([...a.blobs, ...b.blobs], blobs, u, v, h, angle);
          lines.splice(j, 1);
          changed = true;
        }
      }
    }
  }
  joinMutualPieces(lines, blobs, u, v, h, angle, pitch);
  sortTopToBottom(lines);
}

/**
 * Pieces of one text line that lie further apart in the top-to-bottom order
 * than joinSideBySide looks, or whose own curves, extrapolated across a wide
 * gap, miss each other's letters: under a steep tilt the lines fan, so the
 * piece beyond a band of glare or a finger sorts among the neighbouring lines'
 * pieces, three or four places away. Two lines whose spans do not overlap are
 * one when each is the other's nearest where they would meet (within half the
 * line pitch) and one curve fits the letters of both (asOneLine); the
 * nearest of the neighbouring line's pieces meets it a pitch away, and a curve
 * through both misses most letters of one. A tune-set photo with glare along
 * its lines and their starts cut off (tilt 25°) had 35 lines found for its 22
 * and did not read; joined so, it reads (docs/engine.md, "Pieces of a line").
 */
function joinMutualPieces(lines: TextLine[], blobs: Blob[], u: Float64Array, v: Float64Array, h: number, angle: number, pitch: number): void {
  for (;;) {
    const nearest = lines.map((a, i) => {
      let best = -1;
      let bestGap = 0.5 * pitch;
      for (let j = 0; j < lines.length; j++) {
        const overlap = spanOverlap(a, lines[j]);
        if (j === i || overlap > 0.8 * h || -overlap > MAX_PIECE_GAP * h) continue;
        const gap = meetingGap(a, lines[j]);
        if (gap < bestGap) {
          bestGap = gap;
          best = j;
        }
      }
      return best;
    });
    let joined: { i: number; j: number; line: TextLine } | null = null;
    for (let i = 0; i < lines.length && !joined; i++) {
      const j = nearest[i];
      const line = j > i && nearest[j] === i ? asOneLine(lines[i], lines[j], blobs, u, v, h, angle) : null;
      if (line) joined = { i, j, line };
    }
    if (!joined) return;
    lines[joined.i] = joined.line;
    lines.splice(joined.j, 1);
  }
}

/**
 * Pieces with fewer whole letters than this are not joined by their fit, nor
 * pieces further apart than MAX_PIECE_GAP letter heights (as chains are not:
 * mergeChains): with pieces of 4 letters and any gap, a sample photo smeared
 * across its lines by camera shake (`npm run bench:edits`, shaken_across) had
 * pieces 4 letters long and 23 letter heights apart joined, and its one
 * reading that framed the page lost it (37 → 21 word ends agreeing; invalid).
 * Since the text direction is taken from the rows of letters (sharpestRows)
 * that photo's lines are chained apart no longer, and it reads alike with and
 * without the limits; they are kept as the bounds mergeChains keeps.
 */
const MIN_PIECE_LETTERS = 6;
const MAX_PIECE_GAP = 12;
/** A letter lies on a curve within this share of the letter height (its own line's curve holds nearly all so). */
const PIECE_FIT_TOLERANCE = 0.25;
/** The share of each piece's whole letters that the curve through both must hold. */
const PIECE_FIT_SHARE = 0.8;

/**
 * The two lines as one (makeLine), when its curve holds most of each one's
 * whole letters (PIECE_FIT_SHARE within PIECE_FIT_TOLERANCE); null otherwise.
 */
function asOneLine(a: TextLine, b: TextLine, blobs: Blob[], u: Float64Array, v: Float64Array, h: number, angle: number): TextLine | null {
  const letters = (l: TextLine) => l.blobs.filter((i) => isLetterSized(blobs[i], h));
  const la = letters(a);
  const lb = letters(b);
  if (la.length < MIN_PIECE_LETTERS || lb.length < MIN_PIECE_LETTERS) return null;
  const line = makeLine([...a.blobs, ...b.blobs], blobs, u, v, h, angle);
  const holds = (m: number[]) => m.filter((i) => Math.abs(v[i] - curveAt(line.curve, u[i])) < PIECE_FIT_TOLERANCE * h).length >= PIECE_FIT_SHARE * m.length;
  return holds(la) && holds(lb) ? line : null;
}

/** How far two spans along the lines overlap (negative: the gap between them). */
const spanOverlap = (a: { uMin: number; uMax: number }, b: { uMin: number; uMax: number }) => Math.min(a.uMax, b.uMax) - Math.max(a.uMin, b.uMin);

/** How far apart two lines' curves are midway between the end of the one on the left and the start of the other. */
function meetingGap(a: TextLine, b: TextLine): number {
  const [left, right] = a.uMax <= b.uMax ? [a, b] : [b, a];
  const meet = (left.uMax + right.uMin) / 2;
  return Math.abs(curveAt(left.curve, meet) - curveAt(right.curve, meet));
}

function sortTopToBottom(lines: TextLine[]): void {
  const mid = (l: TextLine) => curveAt(l.curve, (l.uMin + l.uMax) / 2);
  lines.sort((a, b) => mid(a) - mid(b));
}

/**
 * A line from its member blobs: the centre curve fitted on its whole letters
 * (quadratic once there are enough of them to show curl), its extent along u from
 * the blobs' bounding boxes, and its median letter height.
 */
function makeLine(members: number[], blobs: Blob[], u: Float64Array, v: Float64Array, h: number, angle: number): TextLine {
  const m = members.sort((p, q) => u[p] - u[q]);
  const big = m.filter((i) => isLetterSized(blobs[i], h));
  const fitOn = big.length >= 4 ? big : m;
  const curve = fitCurve(
    fitOn.map((i) => u[i]),
    fitOn.map((i) => v[i]),
    fitOn.length >= 20 ? 2 : 1,
    h,
  );
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  let uMin = Infinity;
  let uMax = -Infinity;
  for (const i of m) {
    const b = blobs[i];
    for (const x of [b.minX, b.maxX + 1]) {
      for (const y of [b.minY, b.maxY + 1]) {
        const pu = x * c + y * s;
        if (pu < uMin) uMin = pu;
        if (pu > uMax) uMax = pu;
      }
    }
  }
  return { blobs: m, curve, uMin, uMax, letterHeight: median(big.map((i) => blobHeight(blobs[i]))) || h };
}

/**
 * The layout with each line's letter height made to follow its letters along
 * it (letterHeightAt). Under a steep tilt the page's far side is written
 * smaller: the tune set's r0020 at 34° has letters half as high at one end of
 * its lines as at the other, so gaps and word widths measured in one height per
 * line mix word gaps with letter gaps. The growth is a plane fitted to the log of
 * the letters' linear size (√area, which turning does not change) over u and v,
 * all lines at once (a line's 30 letters of uneven shapes are too few: fitted
 * per line, near-frontal photos read worse), with Tukey reweighting so that
 * letters of unusual size (two run together, a tail) do not tilt it; each line
 * takes the plane's slope along its own curve, at most SIZE_MAX_RATIO over its
 * length. Used by one opinion only (extract-points.ts, `letter-sizes`): as the
 * rule for every reading it lost as much as it gained (docs/engine.md, "Letter
 * sizes along the lines").
 */
export function withSizesAlongLines(layout: LineLayout, blobs: readonly Blob[]): LineLayout {
  const { lines, angle } = layout;
  const h = median(lines.map((line) => line.letterHeight));
  const big = lines.flatMap((line) => line.blobs.filter((i) => isLetterSized(blobs[i], h)));
  if (big.length < SIZE_MIN_LETTERS) return layout;
  const at = big.map((i) => rotatePoint(angle, blobs[i].cx, blobs[i].cy));
  let u0 = 0;
  let v0 = 0;
  for (const [a, b] of at) {
    u0 += a;
    v0 += b;
  }
  u0 /= big.length;
  v0 /= big.length;
  const rows = at.map(([a, b]) => [1, (a - u0) / h, (b - v0) / h]);
  const sizes = big.map((i) => 0.5 * Math.log(blobs[i].area));
  const plane = robustLeastSquares(rows, sizes, 3, SIZE_TUKEY);
  if (!plane) return layout;
  const [, alongU, alongV] = plane;
  // Each letter's u, by blob index, for the lines' anchors.
  const u = new Map(big.map((i, k) => [i, at[k][0]]));
  const sized = lines.map((line) => {
    const letters = line.blobs.flatMap((i) => u.get(i) ?? []);
    if (letters.length === 0) return line;
    const anchor = median(letters);
    const slope = (alongU + alongV * (line.curve[1] + 2 * line.curve[2] * anchor)) / h;
    const limit = Math.log(SIZE_MAX_RATIO) / Math.max(h, line.uMax - line.uMin);
    return { ...line, growth: { slope: Math.max(-limit, Math.min(limit, slope)), anchor } };
  });
  return { angle, lines: sized };
}

/**
 * Where the text's lines meet, when they fan: under a steep tilt the lines
 * converge towards the page's far side, and one text direction with a curve
 * per line (findLines) fits them poorly, a line it traces cutting across two or
 * three of the text's. The letters of the layout's upper and lower thirds
 * (across the lines) each give a direction, set where their own rows are
 * sharpest (sharpestRows), and a centre; the two lines so drawn meet at the
 * vanishing point. Null when the two directions differ by less than
 * MIN_FAN_DEGREES (the lines near parallel: nothing to take away) or the
 * layout has too few letters for thirds of SIZE_MIN_LETTERS.
 */
export function vanishingPointOfLines(layout: LineLayout, blobs: readonly Blob[]): { vanishing: [number, number]; centre: [number, number] } | null {
  const h = median(layout.lines.map((line) => line.letterHeight));
  const letters = layout.lines.flatMap((line) => line.blobs.filter((i) => isLetterSized(blobs[i], h)));
  const third = Math.floor(letters.length / 3);
  if (third < SIZE_MIN_LETTERS) return null;
  const across = new Map(letters.map((i) => [i, rotatePoint(layout.angle, blobs[i].cx, blobs[i].cy)[1]]));
  letters.sort((a, b) => across.get(a)! - across.get(b)!);
  const [upper, lower] = [letters.slice(0, third), letters.slice(letters.length - third)].map((part) => ({
    angle: sharpestRows(blobs, part, h, layout.angle),
    at: centreOf(blobs, part),
  }));
  if (Math.abs(upper.angle - lower.angle) < (MIN_FAN_DEGREES * Math.PI) / 180) return null;
  // upper.at + t·(cos, sin)(upper.angle) = lower.at + s·(cos, sin)(lower.angle), solved for t.
  const [c1, s1, c2, s2] = [Math.cos(upper.angle), Math.sin(upper.angle), Math.cos(lower.angle), Math.sin(lower.angle)];
  const t = ((lower.at[0] - upper.at[0]) * -s2 + (lower.at[1] - upper.at[1]) * c2) / (s1 * c2 - c1 * s2);
  return { vanishing: [upper.at[0] + t * c1, upper.at[1] + t * s1], centre: centreOf(blobs, letters) };
}

/** The mean of these blobs' centres. */
function centreOf(blobs: readonly Blob[], indices: readonly number[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const i of indices) {
    x += blobs[i].cx;
    y += blobs[i].cy;
  }
  return [x / indices.length, y / indices.length];
}

/** The least fan, degrees between the upper and lower thirds' text directions, that vanishingPointOfLines reports. */
const MIN_FAN_DEGREES = 3;

/** withSizesAlongLines: letters enough for the plane, the residual (log size) beyond which a letter counts for nothing, and the most a line's letters may grow along it. */
const SIZE_MIN_LETTERS = 30;
const SIZE_TUKEY = 0.6;
const SIZE_MAX_RATIO = 2.5;

export const curveAt = (curve: readonly [number, number, number], u: number) => curve[0] + curve[1] * u + curve[2] * u * u;

/**
 * Groups letter blobs into text lines: mutual nearest successors along the text
 * direction form chains, chains that continue each other merge, and every
 * remaining letter-sized blob joins the line whose curve passes closest.
 */
export function findLines(blobs: Blob[], width: number, height: number): LineLayout | null {
  const { indices, letterHeight: h } = letterCandidates(blobs, width, height);
  if (indices.length < 30 || !(h > 3)) return null;
  let best: LineLayout | null = null;
  let bestScore = 0;
  const letters = indices.filter((i) => isLetterSized(blobs[i], h));
  for (const link of candidateTextAngles(blobs, letters, h)) {
    const layout = linesAlong(sharpestRows(blobs, letters, h, link), blobs, indices, h);
    // Text read along its true direction gathers its letters into few long lines.
    const score = layout ? layout.lines.reduce((sum, line) => sum + line.blobs.length ** 2, 0) : 0;
    if (layout && score > bestScore) {
      best = layout;
      bestScore = score;
    }
  }
  return best;
}

function linesAlong(angle: number, blobs: Blob[], indices: number[], h: number): LineLayout | null {
  const n = blobs.length;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  for (const i of indices) {
    const [a, b] = rotatePoint(angle, blobs[i].cx, blobs[i].cy);
    u[i] = a;
    v[i] = b;
  }
  // Chain only blobs of letter size; small marks are attached at the end.
  const core = indices.filter((i) => isLetterSized(blobs[i], h));
  core.sort((a, b) => u[a] - u[b]);
  const next = new Map<number, number>();
  const prevBest = new Map<number, { from: number; cost: number }>();
  for (let k = 0; k < core.length; k++) {
    const a = core[k];
    let best = -1;
    let bestCost = Infinity;
    for (let j = k + 1; j < core.length; j++) {
      const b = core[j];
      const du = u[b] - u[a];
      if (du > 2.5 * h) break;
      if (du <= 0.05 * h) continue;
      const dv = Math.abs(v[b] - v[a]);
      if (dv > 0.3 * h + 0.1 * du) continue;
      const cost = du + 3 * dv;
      if (cost < bestCost) {
        bestCost = cost;
        best = b;
      }
    }
    if (best >= 0) {
      next.set(a, best);
      const p = prevBest.get(best);
      if (!p || bestCost < p.cost) prevBest.set(best, { from: a, cost: bestCost });
    }
  }
  const hasPrev = new Set<number>();
  const link = new Map<number, number>();
  for (const [a, b] of next) {
    if (prevBest.get(b)?.from === a) {
      link.set(a, b);
      hasPrev.add(b);
    }
  }
  let chains: Chain[] = [];
  for (const a of core) {
    if (hasPrev.has(a)) continue;
    const members = [a];
    let c = a;
    while (link.has(c)) {
      c = link.get(c)!;
      members.push(c);
    }
    if (members.length >= 3) chains.push(makeChain(members));
  }
  function makeChain(members: number[]): Chain {
    const us = members.map((i) => u[i]);
    const vs = members.map((i) => v[i]);
    return { members, curve: fitCurve(us, vs, members.length >= 20 ? 2 : 1, h), uMin: Math.min(...us), uMax: Math.max(...us) };
  }
  chains = mergeChains(chains, u, v, h, makeChain);
  chains = chains.filter((c) => c.members.length >= 4);
  if (chains.length === 0) return null;
  // Every letter-sized blob joins the closest line within reach.
  const members: number[][] = chains.map(() => []);
  for (const i of indices) {
    let best = -1;
    let bestD = 0.55 * h;
    for (let c = 0; c < chains.length; c++) {
      const ch = chains[c];
      if (u[i] < ch.uMin - 1.5 * h || u[i] > ch.uMax + 1.5 * h) continue;
      const d = Math.abs(v[i] - curveAt(ch.curve, u[i]));
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    if (best >= 0) members[best].push(i);
  }
  const lines: TextLine[] = [];
  for (let c = 0; c < chains.length; c++) {
    if (members[c].length >= 4) lines.push(makeLine(members[c], blobs, u, v, h, angle));
  }
  sortTopToBottom(lines);
  joinSideBySide(lines, blobs, u, v, h, angle);
  return { angle, lines };
}
