import { median } from '../geometry.ts';
import { CROWNED_LETTERS, DESCENDING_LETTERS } from '../../text/mezuzah-text.ts';
import type { AlignedLetter, ExtraInk } from './align-letters.ts';
import type { LineFrame } from './letter-shapes.ts';
import { facesStroke, spanOf, type Box, type InkGroup, type Piece } from './page-ink.ts';

// A letter with a stroke broken off: the stroke's end stands apart, under the
// letter (a leg, a tail cut across: page-ink.ts notes such ink on the group
// above, `under`), over it (a neck's top: small ink in its columns, `within`)
// or beside it (a roof, a base cut along the line), and is the letter's, which
// then reads in pieces. Ink standing so is also, now and then, a detached
// crown of the next line's letter, a letter's own crown or a speck; the hand
// tells which: a broken letter stops short, and with its stroke's end it
// reaches as far as the hand's other instances of it do; a whole letter does
// not stop short, and a crown takes it further than they go.

/** A letter's extent is taken from the hand when it has at least this many instances read alone (ז, ף and ץ have three or four in the text). */
const MIN_INSTANCES = 3;
/**
 * A letter is short when it ends at least SHORT letter heights above where the
 * hand's instances of it end (their median); with the ink under it, it ends
 * within REACH_TOLERANCE of there. A hand's legs and tails vary by about a
 * tenth of a letter height (a ז's leg broken a little above its end left it
 * 0.11 short, and reaching 0.14 past with its end); a crown of the next line's
 * letter under a whole letter takes it 0.3 to 0.5 lower. The same holds of
 * how far a letter rises above the line (a ל's neck) and its top broken off.
 */
const SHORT = 0.05;
const REACH_TOLERANCE = 0.2;

/** Where a letter's ink ends, in letter heights below the line's base (negative: above it). */
const reachOf = (bottom: number, frame: LineFrame) => (bottom - frame.base) / (frame.base - frame.top);
/** Where a letter's ink begins, in letter heights above the line's top (negative: below it). */
const riseOf = (top: number, frame: LineFrame) => (frame.top - top) / (frame.base - frame.top);

/** How much further below the line a letter's ink (`groups`) reaches than the hand's instances of `char` do, in letter heights (negative: it stops short); NaN when the hand has too few instances of `char` read alone. */
export function reachPast(char: string, groups: readonly InkGroup[], frame: LineFrame, hand: HandExtent): number {
  return reachOf(spanOf(groups)[3], frame) - (hand.reach.get(char) ?? NaN);
}

/** Letter heights: a hand's letters end within about a tenth of a letter height of one another, a ן's tail a half and more below a ו's foot. */
const SAME_REACH = 0.15;

/** Whether a letter's ink (`groups`) ends within SAME_REACH of where the hand's instances of `char` end (false when the hand has too few of them): a letter drawn in its own box is set only against letters it ends as far down as (look-alikes.ts, BoxedLookAlike). */
export function endsAsFarAs(char: string, groups: readonly InkGroup[], frame: LineFrame, hand: HandExtent): boolean {
  return Math.abs(reachPast(char, groups, frame, hand)) <= SAME_REACH;
}

/** Whether a letter's ink (`groups`, read as `char`) is drawn down as far as the hand's instances of `other`, a letter whose stroke descends below the line where `char`'s does not, and past where the hand's instances of its own end (SAME_REACH): a ו as long as a ן. */
export function drawnDownAs(char: string, other: string, groups: readonly InkGroup[], frame: LineFrame, hand: HandExtent): boolean {
  return DESCENDING_LETTERS.has(other) && !DESCENDING_LETTERS.has(char) && endsAsFarAs(other, groups, frame, hand) && reachPast(char, groups, frame, hand) > SAME_REACH;
}

/** How far each letter of the hand reaches below its line's base and above its top (`rise`: a ל's neck, a letter's crowns), and how wide it is, in letter heights: the medians of its instances read alone. */
export type HandExtent = { readonly reach: ReadonlyMap<string, number>; readonly rise: ReadonlyMap<string, number>; readonly width: ReadonlyMap<string, number> };

/** The hand's extent from its letters read alone (`char`, its groups, its line's frame). */
export function handExtent(instances: readonly { char: string; groups: readonly InkGroup[]; frame: LineFrame }[]): HandExtent {
  const of = new Map<string, { reach: number[]; rise: number[]; width: number[] }>();
  for (const { char, groups, frame } of instances) {
    const at = of.get(char) ?? of.set(char, { reach: [], rise: [], width: [] }).get(char)!;
    const [left, top, right, bottom] = spanOf(groups);
    at.reach.push(reachOf(bottom, frame));
    at.rise.push(riseOf(top, frame));
    at.width.push((right - left) / (frame.base - frame.top));
  }
  const enough = [...of].filter(([, e]) => e.reach.length >= MIN_INSTANCES);
  const medians = (key: 'reach' | 'rise' | 'width') => new Map(enough.map(([char, e]) => [char, median(e[key])]));
  return { reach: medians('reach'), rise: medians('rise'), width: medians('width') };
}

/**
 * A leg's end broken off under a letter whose other stroke reaches the base
 * is at least this many times as tall as it is wide: a dot of ink under a
 * ל's tail, as wide as the tail, is round.
 */
const LEG_END = 1.5;

/**
 * The ink under a letter's strokes that is the rest of them, broken off: under
 * a letter that stops short of the hand's reach (by SHORT), bringing it to
 * that reach within REACH_TOLERANCE. Or under a leg that stops short of the
 * line's base in the ink's columns, though the letter does not (a ת's left leg
 * cut, its right leg reaching the base), bringing it to the base; the ink then
 * a leg's end (LEG_END). A letter's leg and body end at the base; only a tail
 * reaches past it, and a tail is the letter's lowest ink.
 */
export function brokenEnds(char: string, groups: readonly InkGroup[], frame: LineFrame | null, hand: HandExtent, labels: Int32Array, width: number): Piece[] {
  const typical = hand.reach.get(char);
  const under = groups.flatMap((g) => g.under ?? []);
  if (typical === undefined || !frame || under.length === 0) return [];
  const span = spanOf(groups);
  // Whether ink ending at `bottom`, with the piece boxed `box`, ends within REACH_TOLERANCE of `reach`.
  const reachesTo = (bottom: number, box: Box, reach: number) => Math.abs(reachOf(Math.max(box[3], bottom), frame) - reach) <= REACH_TOLERANCE;
  if (reachOf(span[3], frame) <= typical - SHORT) return under.filter(({ box }) => reachesTo(span[3], box, typical));
  const mine = new Set(groups.flatMap((g) => g.blobs));
  return under.filter(({ box }) => {
    const leg = rowsOf(inkIn(labels, width, mine, box[0], span[1], box[2], span[3]));
    return leg !== null && box[3] - box[1] >= LEG_END * (box[2] - box[0]) && reachOf(leg.to, frame) <= -SHORT && reachesTo(leg.to, box, 0);
  });
}

/** Letter heights: a cut leaves a gap of a tenth of a letter height or so, which the ink's blur narrows; a neighbour's ink stands further off. */
const END_GAP = 0.25;
/** The band a letter's and a piece's facing ink is measured over, in letter heights: columns beside a roof's end, rows over a stroke's top. */
const FACING_BAND = 0.08;

/** A stroke's top broken off (a ל's neck's wedge) may be this many times as wide as the stroke's pointed end under the break: 2.2 for a ל at 3 MP. */
const HEAD_RATIO = 3;

/**
 * A crowned letter's piece above it that reaches this far into the letter's
 * body (letter heights) is a stroke's: a crown stands on the letter's head,
 * above the body.
 */
const INTO_BODY = 0.2;

/**
 * The small ink over a letter (page-ink.ts, `within`) that is the top of one
 * of its strokes broken off (a ל's neck, a ע's arm): above the letter's ink,
 * facing the top of one of its strokes across no more than END_GAP, where the
 * letter stops short of the hand's rise and with it rises as far (SHORT,
 * REACH_TOLERANCE, as a letter's reach below). The crowns of a crowned letter
 * may stand apart from it (their stems are hairlines): of those letters only a
 * piece reaching into the body (INTO_BODY) is taken. Ink noted as another
 * letter's stroke end (`taken`: blobs) is that letter's.
 */
export function brokenTops(char: string, groups: readonly InkGroup[], frame: LineFrame | null, hand: HandExtent, labels: Int32Array, width: number, taken: ReadonlySet<number>): Piece[] {
  const typical = hand.rise.get(char);
  const over = groups.flatMap((g) => g.within ?? []);
  if (typical === undefined || !frame || over.length === 0) return [];
  const [, top, , bottom] = spanOf(groups);
  if (riseOf(top, frame) > typical - SHORT) return [];
  const lh = frame.base - frame.top;
  const band = Math.max(2, Math.round(FACING_BAND * lh));
  const mine = new Set(groups.flatMap((g) => g.blobs));
  return over.filter(({ box, blobs }) => {
    if (box[1] >= top || Math.abs(riseOf(box[1], frame) - typical) > REACH_TOLERANCE || blobs.some((b) => taken.has(b))) return false;
    if (CROWNED_LETTERS.has(char) && box[3] <= frame.top + INTO_BODY * lh) return false;
    // The stroke under it: the letter's ink in its columns, its top no further than END_GAP below the piece, as wide there as the piece's foot.
    const stroke = rowsOf(inkIn(labels, width, mine, box[0], top, box[2], bottom));
    if (!stroke || stroke.from - box[3] > END_GAP * lh) return false;
    const head = columnsOf(inkIn(labels, width, mine, box[0] - band, stroke.from, box[2] + band, stroke.from + band));
    const foot = columnsOf(inkIn(labels, width, new Set(blobs), box[0], box[3] - band, box[2], box[3]));
    return head !== null && foot !== null && facesStroke(head, foot, HEAD_RATIO);
  });
}

/**
 * A stroke cut along the line (a roof's end, a base's) leaves its end beside
 * the letter: ink no letter took, no further than END_GAP letter heights
 * from it, in the rows the letter's ink faces it in and about as tall there
 * (page-ink.ts, facesStroke). It is the letter's when the letter is
 * narrower than the hand's instances of it (by SHORT) and with it not wider
 * than REACH_TOLERANCE past them: a speck or a stray mark beside a whole
 * letter is no piece of it. Of a line's ink no letter took (`read`, aligned
 * to the letters `chars`), what is so beside the letter before or after it:
 * the letter's index, by the ink.
 */
export function sideEnds(read: { readonly letters: readonly AlignedLetter[]; readonly extra: readonly ExtraInk[] }, chars: readonly string[], frame: LineFrame | null, hand: HandExtent, labels: Int32Array, width: number): Map<ExtraInk, number> {
  const out = new Map<ExtraInk, number>();
  for (const e of read.extra) {
    if (e.inWord) continue;
    const by = [e.after, e.after + 1].find((k) => (read.letters[k]?.op === 'match' || read.letters[k]?.op === 'merge') && isSideEnd(e.group, chars[k], read.letters[k].groups, frame, hand, labels, width));
    if (by !== undefined) out.set(e, by);
  }
  return out;
}

/** Whether `piece` (ink no letter took) is the end of one of the letter's strokes, broken off beside it. */
function isSideEnd(piece: InkGroup, char: string, groups: readonly InkGroup[], frame: LineFrame | null, hand: HandExtent, labels: Int32Array, width: number): boolean {
  const typical = hand.width.get(char);
  if (typical === undefined || !frame || groups.length === 0) return false;
  const lh = frame.base - frame.top;
  const [left, top0, right, bottom0] = spanOf(groups);
  const own = (right - left) / lh;
  const withIt = (Math.max(right, piece.box[2]) - Math.min(left, piece.box[0])) / lh;
  if (own > typical - SHORT || withIt - typical > REACH_TOLERANCE) return false;
  const onLeft = piece.box[2] <= left;
  const gap = onLeft ? left - piece.box[2] : piece.box[0] - right;
  if (gap < 0 || gap > END_GAP * lh) return false;
  const band = Math.max(2, Math.round(FACING_BAND * lh));
  const mine = new Set(groups.flatMap((g) => g.blobs));
  const top = Math.min(piece.box[1], top0);
  const bottom = Math.max(piece.box[3], bottom0);
  const facing = rowsOf(onLeft ? inkIn(labels, width, mine, left, top, left + band, bottom) : inkIn(labels, width, mine, right - band, top, right, bottom));
  const rest = rowsOf(onLeft ? inkIn(labels, width, new Set(piece.blobs), piece.box[2] - band, top, piece.box[2], bottom) : inkIn(labels, width, new Set(piece.blobs), piece.box[0], top, piece.box[0] + band, bottom));
  return facing !== null && rest !== null && facesStroke(facing, rest);
}

/** The box (left, top, right, bottom: exclusive) of the ink of `blobs` within columns `left` to `right` and rows `top` to `bottom`; null when it has none there. */
function inkIn(labels: Int32Array, width: number, blobs: ReadonlySet<number>, left: number, top: number, right: number, bottom: number): Box | null {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let v = Math.max(0, top); v < Math.min(labels.length / width, bottom); v++) {
    for (let u = Math.max(0, left); u < Math.min(width, right); u++) {
      if (!blobs.has(labels[v * width + u])) continue;
      [x0, y0, x1, y1] = [Math.min(x0, u), Math.min(y0, v), Math.max(x1, u + 1), v + 1];
    }
  }
  return x0 < x1 ? [x0, y0, x1, y1] : null;
}
/** The rows (from, to: exclusive) and the columns of the ink of `blobs` in a window (inkIn). */
const rowsOf = (box: Box | null) => (box ? { from: box[1], to: box[3] } : null);
const columnsOf = (box: Box | null) => (box ? { from: box[0], to: box[2] } : null);
