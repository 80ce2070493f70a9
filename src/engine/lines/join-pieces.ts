import type { Blob } from '../components.ts';
import { median } from '../geometry.ts';
import { MAX_JOIN_GAP } from './chains.ts';
import { curveAt, isLetterSized, makeLine, meetingGap, sortTopToBottom, spanOverlap, type TextLine } from './line.ts';

// Pieces of one text line that chaining left apart (a wide word gap, a finger,
// glare) joined into one line.

/** Lines overlapping along u by more than this many letter heights are not pieces of one line. First version, not measured since. */
const PIECE_MAX_OVERLAP = 0.8;
/** The line pitch is the median step between lines' heights of more than PITCH_MIN_STEP letter heights, or PITCH_FALLBACK of them when none is. First version, not measured since. */
const PITCH_MIN_STEP = 0.8;
const PITCH_FALLBACK = 1.7;
/** joinSideBySide looks this many lines down the top-to-bottom order for a piece. */
const SIDE_BY_SIDE_REACH = 4;
/** Side-by-side pieces: the shorter's letters within SIDE_BY_SIDE_RISE pitches of the longer's curve, and the curves meeting within PIECE_MEET pitches. First version, not measured since. */
const SIDE_BY_SIDE_RISE = 0.35;
const PIECE_MEET = 0.5;

/**
 * Joins lines that sit side by side at the same height: pieces of one text line
 * that the chaining left apart (a wide word gap, a finger, glare). Neighbours in
 * v order whose spans do not overlap and whose curves meet within a fraction of
 * the line pitch are one line; then pieces further apart (joinMutualPieces).
 */
export function joinSideBySide(lines: TextLine[], blobs: Blob[], u: Float64Array, v: Float64Array, h: number, angle: number): void {
  if (lines.length < 3) return;
  const mids = lines.map((l) => curveAt(l.curve, (l.uMin + l.uMax) / 2));
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) steps.push(mids[i] - mids[i - 1]);
  const pitch = Math.max(h, median(steps.filter((d) => d > PITCH_MIN_STEP * h)) || PITCH_FALLBACK * h);
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < lines.length && !changed; i++) {
      for (let j = i + 1; j < Math.min(lines.length, i + SIDE_BY_SIDE_REACH) && !changed; j++) {
        const a = lines[i];
        const b = lines[j];
        if (spanOverlap(a, b) > PIECE_MAX_OVERLAP * h) continue;
        // The longer line's curve is the better reference.
        const ref = a.blobs.length >= b.blobs.length ? a : b;
        const other = ref === a ? b : a;
        const otherV = other.blobs.reduce((acc, k) => acc + v[k], 0) / other.blobs.length;
        const otherU = other.blobs.reduce((acc, k) => acc + u[k], 0) / other.blobs.length;
        const dv = Math.abs(curveAt(ref.curve, otherU) - otherV);
        if (dv < SIDE_BY_SIDE_RISE * pitch && meetingGap(a, b) < PIECE_MEET * pitch) {
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
 * and did not read; joined so, it reads (docs/decisions/024-lines-of-text.md).
 */
function joinMutualPieces(lines: TextLine[], blobs: Blob[], u: Float64Array, v: Float64Array, h: number, angle: number, pitch: number): void {
  for (;;) {
    const nearest = lines.map((a, i) => {
      let best = -1;
      let bestGap = PIECE_MEET * pitch;
      for (let j = 0; j < lines.length; j++) {
        const overlap = spanOverlap(a, lines[j]);
        if (j === i || overlap > PIECE_MAX_OVERLAP * h || -overlap > MAX_JOIN_GAP * h) continue;
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
 * pieces further apart than MAX_JOIN_GAP letter heights (as chains are not:
 * chains.ts, mergeChains): with pieces of 4 letters and any gap, a sample photo smeared
 * across its lines by camera shake (`npm run bench:edits`, shaken_across) had
 * pieces 4 letters long and 23 letter heights apart joined, and its one
 * reading that framed the page lost it (37 → 21 word ends agreeing; invalid).
 * Since the text direction is taken from the rows of letters (sharpestRows)
 * that photo's lines are chained apart no longer, and it reads alike with and
 * without the limits; they are kept as the bounds mergeChains keeps.
 */
const MIN_PIECE_LETTERS = 6;
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

