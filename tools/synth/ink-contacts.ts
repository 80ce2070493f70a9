// Where a scroll's letters touch on the sheet as rendered: the ground truth a
// text set needs beyond the errors it was asked to write. A hand that writes
// letters close (a tight line, a letter turned into its neighbour, a blot
// between two) can make their ink meet by itself, and a scroll with such a
// join is not clean whatever was asked for. The sheet's ink is laid at a fixed
// fine resolution with each pixel's owner (ink.ts), the owners are spread
// through the ink that the nib, the bleed and the blots add, and two letters
// touch where ink owned by one meets ink owned by the other.

import { inkMask } from './render-scroll.ts';
import type { Scroll } from './scroll.ts';

/** Sheet pixels per mm the ink is laid at: a 3 mm letter gets 72 px and its strokes 6 px or more, so a hairline bridge shows. */
const CONTACT_PX_PER_MM = 24;
/** A pixel is a letter's ink from half the letter's darkness: the edge of its stroke, as the eye and a threshold both put it. */
const EDGE = 0.5;

/** Two letters whose ink meets: their positions in `scroll.letters` (a < b), and where, in sheet mm. */
export type InkContact = { readonly a: number; readonly b: number; readonly x: number; readonly y: number };

/**
 * Every pair of letters of `scroll` whose ink meets on the sheet, in the order
 * of `a`, then `b`; with `clearanceMm`, every pair whose ink comes closer than that.
 */
export async function inkContacts(scroll: Scroll, clearanceMm = 0): Promise<InkContact[]> {
  const px = CONTACT_PX_PER_MM;
  const { mask, width, height, owners } = await inkMask(scroll, px, true);
  const edge = scroll.letters.map((l) => EDGE * l.ink);
  // Seeds: pixels whose owner's own ink is there at its edge strength or more.
  const label = new Int32Array(width * height);
  const queue = new Int32Array(width * height);
  let tail = 0;
  for (let i = 0; i < owners!.length; i++) {
    const o = owners![i];
    if (o > 0 && mask[i] >= edge[o - 1]) {
      label[i] = o;
      queue[tail++] = i;
    }
  }
  // Each letter through the ink beside it (the nib's and the bleed's spread, a blot), nearest first.
  tail = spread(label, queue, tail, width, height, Infinity, (j, o) => mask[j] >= edge[o - 1]);
  // A clearance: each letter reaches half of it beyond its ink, so two closer than it meet.
  spread(label, queue, tail, width, height, Math.round((clearanceMm / 2) * px), () => true);
  // Where ink of two letters meets (8-neighbours), each pair once with the mean of its meeting points.
  const meets = new Map<number, { a: number; b: number; x: number; y: number; n: number }>();
  const n = scroll.letters.length + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = label[y * width + x];
      if (a === 0) continue;
      for (const [dx, dy] of [[1, 0], [-1, 1], [0, 1], [1, 1]] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || nx >= width || ny >= height) continue;
        const b = label[ny * width + nx];
        if (b === 0 || b === a) continue;
        const lo = Math.min(a, b) - 1;
        const hi = Math.max(a, b) - 1;
        const key = lo * n + hi;
        const m = meets.get(key) ?? { a: lo, b: hi, x: 0, y: 0, n: 0 };
        m.x += x + 0.5;
        m.y += y + 0.5;
        m.n++;
        meets.set(key, m);
      }
    }
  }
  return [...meets.values()]
    .sort((p, q) => p.a - q.a || p.b - q.b)
    .map((m) => ({ a: m.a, b: m.b, x: m.x / m.n / px, y: m.y / m.n / px }));
}

/**
 * Spreads the labels of the queued pixels (`queue[0..tail)`) ring by ring, at
 * most `rings`, into the unlabelled 8-neighbours `takes` accepts for the label;
 * returns the queue's new end.
 */
function spread(label: Int32Array, queue: Int32Array, tail: number, width: number, height: number, rings: number, takes: (j: number, owner: number) => boolean): number {
  for (let ring = 0, from = 0; ring < rings && from < tail; ring++) {
    const to = tail;
    for (let head = from; head < to; head++) {
      const i = queue[head];
      const o = label[i];
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const j = ny * width + nx;
          if (nx < 0 || nx >= width || label[j] !== 0 || !takes(j, o)) continue;
          label[j] = o;
          queue[tail++] = j;
        }
      }
    }
    from = to;
  }
  return tail;
}
