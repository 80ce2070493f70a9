import type { HandLetters } from './hand-letters.ts';

// A letter set against the letters it could be taken for: its look-alikes
// (the pairs examiners name) and its neighbours in its word (two letters
// written in each other's places), by how near the hand's instances of each
// it is against the nearest of its own (the fine grid's hand: read-letters.ts).

/**
 * The look-alike a letter read alone is nearest: `ratio`, how near the
 * look-alike's nearest instance in this hand is against the nearest of the
 * letter's own (fine grid); `own` and `other`, how far the nearest of its
 * own letter's instances and of the look-alike's are, each in how far that
 * letter's instances lie from their nearest (typicalNearest, the median: over
 * 1, further than half of them are); `meanRatio`, how unlike the look-alike's mean
 * shape it is against its own letter's mean (coarse grid, itself left out);
 * `longer`, whether it ends as far below the line as the hand's instances of
 * a look-alike whose stroke descends below it (DESCENDING_LETTERS), and past
 * where the hand's instances of its own letter end (stroke-ends.ts,
 * drawnDownAs): a ו drawn down as a ן (absent: not).
 */
export type LookAlike = { readonly char: string; readonly ratio: number; readonly own: number; readonly other: number; readonly meanRatio: number; readonly longer?: boolean };

/**
 * A letter is set against its look-alikes only when the hand has at least
 * MIN_OWN_INSTANCES instances of it read alone (itself among them, as a rule):
 * against a single other (ס and ץ are written twice in the text), a hand's
 * ordinary variation reads as another letter.
 */
const MIN_OWN_INSTANCES = 3;

/** A letter is unlike every instance of its own when its nearest own instance is further than this many times the hand's instances of it are from their nearest (the median; LookAlike's `own`): at 3 (with findings.ts's LIKE_OTHER 1.2), 2 own letters more taken for look-alikes on the text tune set at 3 MP and 2 at 12 MP. */
export const UNLIKE_OWN = 4;

/** How far a letter's ink (`fine`, read as `char`) is from the nearest of the hand's instances of its letter, in how far those lie from their nearest (LookAlike's `own`); null when the hand has too few (MIN_OWN_INSTANCES). */
export function unlikeItsOwn(fineHand: HandLetters, char: string, fine: Float32Array): number | null {
  if (fineHand.count(char) < MIN_OWN_INSTANCES) return null;
  const own = fineHand.nearestInstance(char, fine) / fineHand.typicalNearest(char);
  return Number.isFinite(own) ? own : null;
}

/** The look-alike a letter read alone is nearest, on the fine grid's hand. */
export function lookAlikeOf(fineHand: HandLetters, char: string, fine: Float32Array): Omit<LookAlike, 'meanRatio'> | null {
  const own = unlikeItsOwn(fineHand, char, fine);
  if (own === null) return null;
  const ownNearest = fineHand.nearestInstance(char, fine);
  let lookAlike: Omit<LookAlike, 'meanRatio'> | null = null;
  for (const other of LOOK_ALIKES[char] ?? '') {
    const otherNearest = fineHand.nearestInstance(other, fine);
    const ratio = otherNearest / Math.max(ownNearest, 1e-9);
    if (Number.isFinite(ratio) && (!lookAlike || ratio < lookAlike.ratio)) lookAlike = { char: other, ratio, own, other: otherNearest / fineHand.typicalNearest(other) };
  }
  return lookAlike;
}

/**
 * The look-alike a letter's ink drawn in its own box (letter-shapes.ts,
 * darknessInBox) is nearest: `ratio`, how near the hand's instances of it so
 * drawn are against the nearest of the letter's own; `framed`, the same on
 * the fine grid's hand (as LookAlike's ratio). A box says nothing of where a
 * letter stands: a ו, a י and a ן differ by how far down they reach, and a ו
 * whose foot the contrast left out is a י in its box. So only look-alikes
 * the letter reaches as far below the line as the hand writes them are
 * weighed (`reachesAs`), only when it reaches as far as the hand writes its
 * own letter, and only those it is nearer on the frame too (BOXED_FRAMED).
 */
export type BoxedLookAlike = { readonly char: string; readonly ratio: number; readonly framed: number; readonly own: number };

/**
 * Nearer the look-alike's instances on the frame than this share of its own:
 * the two measures agree that far. Without it, on seed 5303 (360 scrolls by
 * 40 scribes at 3 MP), a פ whose tongue the blur filled in was a כ in its box
 * (2 own letters taken); and most letters, far from every look-alike on the
 * frame, are not drawn against the hand in their box at all (the check's time).
 */
const BOXED_FRAMED = 0.7;

/** The boxed look-alike of a letter read alone (`boxed`: its ink drawn in its box; `fine`: on the fine grid), on the hands so drawn; `reachesAs(c)`: whether it reaches as far below the line as the hand's instances of c. */
export function boxedLookAlikeOf(boxedHand: HandLetters, fineHand: HandLetters, char: string, boxed: Float32Array, fine: Float32Array, reachesAs: (c: string) => boolean): BoxedLookAlike | null {
  if (boxedHand.count(char) < MIN_OWN_INSTANCES || !reachesAs(char)) return null;
  let best: BoxedLookAlike | null = null;
  for (const other of LOOK_ALIKES[char] ?? '') {
    const framed = neighbourRatio(fineHand, char, other, fine);
    if (framed === null || framed >= BOXED_FRAMED || !reachesAs(other)) continue;
    const ownNearest = boxedHand.nearestInstance(char, boxed);
    const ratio = boxedHand.nearestInstance(other, boxed) / Math.max(ownNearest, 1e-9);
    if (Number.isFinite(ratio) && (!best || ratio < best.ratio)) best = { char: other, ratio, framed, own: ownNearest / boxedHand.typicalNearest(char) };
  }
  return best;
}

/** How near the hand's instances of `other` a letter's ink (`fine`, read as `char`) is against the nearest of its own letter's (fine grid); null when the hand has too few instances of either (MIN_OWN_INSTANCES). */
export function neighbourRatio(fineHand: HandLetters, char: string, other: string, fine: Float32Array): number | null {
  if (fineHand.count(char) < MIN_OWN_INSTANCES || fineHand.count(other) < MIN_OWN_INSTANCES) return null;
  const ratio = fineHand.nearestInstance(other, fine) / Math.max(fineHand.nearestInstance(char, fine), 1e-9);
  return Number.isFinite(ratio) ? ratio : null;
}

/**
 * The letters each letter is most often written to look like: the pairs
 * examiners name (ו/י/ז/ן, ד/ר/ך, ב/כ, ה/ח/ת, ס/ם, ג/נ, ע/צ, ט/מ) and those
 * of the same strokes (ה/ק, כ/פ, ך/ן/ף, ם/ט).
 */
export const LOOK_ALIKES: Readonly<Record<string, string>> = {
  ו: 'יזן',
  י: 'וז',
  ז: 'ון',
  ן: 'וזך',
  ד: 'רך',
  ר: 'דך',
  ך: 'דרןף',
  ב: 'כ',
  כ: 'בפ',
  פ: 'כ',
  ף: 'ך',
  ה: 'חתק',
  ח: 'הת',
  ת: 'חה',
  ק: 'ה',
  ס: 'ם',
  ם: 'סט',
  ג: 'נ',
  נ: 'ג',
  ע: 'צ',
  צ: 'ע',
  ט: 'מם',
  מ: 'ט',
};
