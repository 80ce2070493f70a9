import type { AlignedLetter, ExtraInk } from './align-letters.ts';
import type { LineFrame } from './letter-shapes.ts';
import { spanOf, type Box, type InkGroup, type Piece } from './page-ink.ts';

// The parts of a letter that its reading leaves out: small ink in its columns
// that is a leg or a roof's end of it (partsWithin), and a piece of a letter
// read missing standing in its place (fragmentsOf).

/**
 * The small ink in the columns of a letter's groups within its body's rows
 * (page-ink.ts, `within`): a ה's or a ק's short leg apart from its roof is left out of the
 * letter's reading, but a letter is judged against its look-alikes with it
 * (a ה without its leg is a ד to the eye, with it bridged by the blur a ח)
 * and its pieces are counted with it (a ה whose roof is cut off its right
 * leg is in three). Under the roof (UNDER_ROOF), any such part; at the
 * body's top, a part that starts no higher than ROOF_SLACK above it and stands
 * inside the columns of the letter's ink (of all its groups: a ק's roof's
 * end stands over its leg's group and past it): a
 * roof's end cut off (a ב's, a כ's, a ק's). Crowns' tips stand above the
 * body, and a crown's stem reaching down beside a letter stands past its
 * edge; crowns of the next line's letters below it and dots of ink inside it
 * are left out.
 */
export function partsWithin(letter: readonly InkGroup[], frame: LineFrame): Piece[] {
  const h = frame.base - frame.top;
  const [left, , right] = spanOf(letter);
  const underRoof = (p: Piece) => p.box[1] >= frame.top + UNDER_ROOF * h;
  const roofEnd = (p: Piece) => p.box[1] >= frame.top - ROOF_SLACK * h && p.box[0] >= left && p.box[2] <= right;
  return letter.flatMap((g) => g.within ?? []).filter((p) => isPart(p, frame) && (underRoof(p) || roofEnd(p)));
}

/**
 * A letter read missing alone, its neighbours read, with a part of it
 * standing in its place: small ink (under page-ink.ts's SPECK_SHARE of the
 * line's blobs) that no letter took and that is no stroke's end of the letter
 * before (`beside`), after that letter, as tall as a part of a letter
 * (PART_HEIGHT) and standing in the body of the letters about it (`frames`,
 * each group's). A י whose stroke is broken in two leaves a piece too small
 * and too narrow to be read as the letter: it is written, but not whole
 * (broken), not left out. A speck is shorter; in a run of letters missing,
 * what stands where is not told.
 */
export function fragmentsOf(read: { readonly letters: readonly AlignedLetter[]; readonly extra: readonly ExtraInk[] }, beside: ReadonlyMap<ExtraInk, number>, frames: readonly (LineFrame | null)[]): Map<number, ExtraInk> {
  const out = new Map<number, ExtraInk>();
  const readThere = (k: number) => read.letters[k] === undefined || read.letters[k].op !== 'missing';
  read.letters.forEach((a, i) => {
    if (a.op !== 'missing' || !readThere(i - 1) || !readThere(i + 1)) return;
    const piece = read.extra.find((e) => {
      const frame = frames[e.group.index];
      return e.group.small && !e.inWord && !beside.has(e) && e.after === i - 1 && frame !== null && isPart(e.group, frame) && (e.group.box[1] + e.group.box[3]) / 2 > frame.top;
    });
    if (piece) out.set(i, piece);
  });
  return out;
}

/** A part within a letter starts this far down its body at least (letter heights): under a roof's stroke, where a crown's tip or a stem of it does not reach. */
const UNDER_ROOF = 0.2;
/**
 * A roof's end cut off starts no higher than this above the body's top
 * (letter heights): the frame's top is a pixel or two off a letter's own
 * (1.5 px at 3 MP). A crown's tip starts a crown's height above it.
 */
const ROOF_SLACK = 0.05;
/** A part of a letter is at least this tall (letter heights): a leg, not a dot of ink or a speck (a ה's short leg and a י are half a letter high). */
const PART_HEIGHT = 0.3;
/** Whether ink may be a part of a letter on `frame`: as tall as a leg (PART_HEIGHT) in its own rows (page-ink.ts, `rows`: a break between its pieces left out), its middle above the letters' base (not a crown of the next line's letter). */
function isPart({ box, rows }: { readonly box: Box; readonly rows?: number }, frame: LineFrame): boolean {
  return (rows ?? box[3] - box[1]) >= PART_HEIGHT * (frame.base - frame.top) && (box[1] + box[3]) / 2 < frame.base;
}
