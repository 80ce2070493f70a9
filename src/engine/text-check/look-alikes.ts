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
 * shape it is against its own letter's mean (coarse grid, itself left out).
 */
export type LookAlike = { readonly char: string; readonly ratio: number; readonly own: number; readonly other: number; readonly meanRatio: number };

/**
 * A letter is set against its look-alikes only when the hand has at least
 * MIN_OWN_INSTANCES instances of it read alone (itself among them, as a rule):
 * against a single other (ס and ץ are written twice in the text), a hand's
 * ordinary variation reads as another letter.
 */
const MIN_OWN_INSTANCES = 3;

/** The look-alike a letter read alone is nearest, on the fine grid's hand. */
export function lookAlikeOf(fineHand: HandLetters, char: string, fine: Float32Array): Omit<LookAlike, 'meanRatio'> | null {
  if (fineHand.count(char) < MIN_OWN_INSTANCES) return null;
  const ownNearest = fineHand.nearestInstance(char, fine);
  if (!Number.isFinite(ownNearest)) return null;
  const own = ownNearest / fineHand.typicalNearest(char);
  let lookAlike: Omit<LookAlike, 'meanRatio'> | null = null;
  for (const other of LOOK_ALIKES[char] ?? '') {
    const otherNearest = fineHand.nearestInstance(other, fine);
    const ratio = otherNearest / Math.max(ownNearest, 1e-9);
    if (Number.isFinite(ratio) && (!lookAlike || ratio < lookAlike.ratio)) lookAlike = { char: other, ratio, own, other: otherNearest / fineHand.typicalNearest(other) };
  }
  return lookAlike;
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
