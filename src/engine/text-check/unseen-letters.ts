import { LETTER_GAP, letterWidth } from '../template.ts';
import type { AlignedLetter } from './align-letters.ts';
import type { LineFrame } from './letter-shapes.ts';
import { maxFilter, type Gray } from '../raster.ts';
import { inkMask } from '../ink.ts';
import { inkWindowOf, PLAIN_INK, type Ink } from '../reader/inks.ts';
import { LETTER_INK, type Box, type InkGroup } from './page-ink.ts';

// Letters the photo does not show: a run of letters the alignment read
// missing whose place holds ink a beam of light or glare washed out is
// written, not left out, and is left out of what was read (decision 029).

/** A run of letters read missing is not seen when its place holds this share of washed-out ink (washedOutShare): the places of letters and words left out on the text tune set held at most 0.08 of faint ink, blurred edges and all (decision 029). */
const UNSEEN_INK_SHARE = 0.1;
/** Nor unless its place is this share of the run's width as the text writes it at least: a scribe who left letters out wrote on, leaving a gap, not their room. */
const UNSEEN_ROOM = 0.5;
/** Washed-out ink within this share of a letter height of the letters' ink is their blurred edge: registration photos' edges are at most 0.095 letter heights wide, phone photos' up to 0.2, a margin over half of the first. */
const NEAR_INK = 0.06;

/**
 * The runs of letters read missing (`from` to `to`, indices in the line) that
 * the photo does not show: their place (`box`: from the ink read before the
 * run to the ink read after it, which stands to its left, on that ink's frame)
 * has room for them (UNSEEN_ROOM) and holds washed-out ink (UNSEEN_INK_SHARE,
 * `washedOut` of a box, further than `near` pixels from the letters' ink). A
 * run at a line's end has no place to measure.
 */
export function unseenRuns(letters: readonly AlignedLetter[], chars: readonly string[], frames: readonly (LineFrame | null)[], washedOut: (box: Box, near: number) => number): { from: number; to: number; box: Box }[] {
  const out: { from: number; to: number; box: Box }[] = [];
  for (let i = 0; i < letters.length; i++) {
    if (letters[i].op !== 'missing') continue;
    let to = i;
    while (to + 1 < letters.length && letters[to + 1].op === 'missing') to++;
    // The ink nearest the run in reading order (a swapped pair's groups stand in the other order to its letters).
    const before = letters.slice(0, i).flatMap((a) => a.groups).reduce<InkGroup | null>((g, h) => (g && g.index > h.index ? g : h), null);
    const after = letters.slice(to + 1).flatMap((a) => a.groups).reduce<InkGroup | null>((g, h) => (g && g.index < h.index ? g : h), null);
    const frame = before ? frames[before.index] : null;
    if (before && after && frame) {
      // The text runs right to left: the ink before the run stands to its right.
      const box: Box = [after.box[2], frame.top, before.box[0], frame.base];
      const height = frame.base - frame.top;
      const room = chars.slice(i, to + 1).reduce((sum, c) => sum + (letterWidth(c) + LETTER_GAP) * height, 0);
      if (box[2] - box[0] >= UNSEEN_ROOM * room && washedOut(box, NEAR_INK * height) >= UNSEEN_INK_SHARE) out.push({ from: i, to, box });
    }
    i = to;
  }
  return out;
}

/** What of a line the photo does not show: the letters of `runs` (unseenRuns) and the ink in their places, but for a run holding a letter a part of which stands in its place (`partial`: seen, if broken). */
export function notSeen(runs: readonly { from: number; to: number; box: Box }[], partial: (i: number) => boolean): { letter: (i: number) => boolean; ink: (g: InkGroup) => boolean } {
  const kept = runs.filter((u) => !Array.from({ length: u.to - u.from + 1 }, (_, k) => u.from + k).some(partial));
  return {
    letter: (i) => kept.some((u) => i >= u.from && i <= u.to),
    ink: (g) => kept.some((u) => g.box[0] >= u.box[0] && g.box[2] <= u.box[2]),
  };
}

/**
 * Ink a veil of glare or a beam of light washed out: a third of the letters'
 * contrast asked, the veil taken off (ink.ts), where the letters' ink finds
 * nothing of a letter but its blurred edge.
 */
const WASHED_OUT_INK: Ink = { ...PLAIN_INK, contrast: LETTER_INK.contrast / 3, unveil: true };

/**
 * The share of `box` (page pixels, [left, top, right, bottom]) that is washed-out
 * ink (WASHED_OUT_INK) further than `near` pixels from the page's ink
 * (`labels`, pageInk's): not a letter's blurred edge, a speck's halo or a
 * letter at full contrast. Measured on the box and two ink windows about it.
 */
export function washedOutShare(page: Gray, labels: Int32Array, box: Box, near: number): number {
  const pad = Math.max(2 * inkWindowOf(page), Math.ceil(near));
  const [left, top] = [Math.max(0, box[0] - pad), Math.max(0, box[1] - pad)];
  const [right, bottom] = [Math.min(page.width, box[2] + pad), Math.min(page.height, box[3] + pad)];
  const [w, h] = [right - left, bottom - top];
  if (w <= 0 || h <= 0) return 0;
  const crop = { width: w, height: h, data: new Uint8Array(w * h) };
  const inked = { width: w, height: h, data: new Uint8Array(w * h) };
  for (let y = 0; y < h; y++) {
    crop.data.set(page.data.subarray((top + y) * page.width + left, (top + y) * page.width + right), y * w);
    for (let x = 0; x < w; x++) if (labels[(top + y) * page.width + left + x] !== 0) inked.data[y * w + x] = 255;
  }
  const washed = inkMask(crop, inkWindowOf(page), WASHED_OUT_INK.contrast, WASHED_OUT_INK.unveil, WASHED_OUT_INK.clipped);
  const nearInk = maxFilter(inked, Math.max(1, Math.round(near))).data;
  let count = 0;
  const [x0, y0, x1, y1] = [Math.max(box[0], 0), Math.max(box[1], 0), Math.min(box[2], page.width), Math.min(box[3], page.height)];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const at = (y - top) * w + x - left;
      if (washed[at] && !nearInk[at]) count++;
    }
  }
  return count / Math.max(1, (x1 - x0) * (y1 - y0));
}
