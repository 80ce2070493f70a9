import type { Blob } from '../components.ts';

// Which way the text runs: the directions of the letters' nearest-neighbour
// links, each refined to where the letters' centres stack into the sharpest
// rows.

/** Link directions are counted in bins of 1° (mod 180°), smoothed with triangular weights over SMOOTH_BINS either side, and a peak refined by the circular mean of REFINE_BINS either side. First version, not measured since. */
const DIRECTION_BINS = 180;
const SMOOTH_BINS = 3;
const REFINE_BINS = 5;
/** A letter's nearest neighbour is sought within this many letter heights. First version, not measured since. */
const LINK_REACH = 3;
/** sharpestRows looks PROFILE_STEPS × PROFILE_STEP_DEGREES = 15° either side of the links' direction. */
const PROFILE_STEP_DEGREES = 0.5;
const PROFILE_STEPS = 30;

/** A rival text direction must stand this far (bins of 1°) from the dominant one, and be this strong relative to it. */
const RIVAL_APART_BINS = 30;
const RIVAL_STRENGTH = 0.5;
/** sharpestRows counts the letters' centres in rows a quarter of a letter height high. */
const PROFILE_ROW_SHARE = 0.25;

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
export function candidateTextAngles(blobs: Blob[], indices: number[], letterHeight: number): number[] {
  const bins = DIRECTION_BINS;
  const hist = new Float64Array(bins);
  const reach = LINK_REACH * letterHeight;
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
    for (let d = -SMOOTH_BINS; d <= SMOOTH_BINS; d++) smoothed[i] += hist[(i + d + bins) % bins] * (SMOOTH_BINS + 1 - Math.abs(d));
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
    for (let d = -REFINE_BINS; d <= REFINE_BINS; d++) {
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
 * goes (docs/decisions/024-lines-of-text.md).
 */
export function sharpestRows(blobs: readonly Blob[], letters: readonly number[], letterHeight: number, around: number): number {
  if (letters.length === 0) return around;
  const bin = PROFILE_ROW_SHARE * letterHeight;
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

