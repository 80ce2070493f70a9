// The Hebrew calendar date a certificate prints beside the civil one, by
// @hebcal/core: the day of a civil date, in Hebrew letters ("י״א אדר א׳ תשפ״ד").
import { HDate } from '@hebcal/core';

/**
 * The Hebrew date of the civil day `isoDate` (`YYYY-MM-DD`, the date part of a
 * longer timestamp is used), or null for text that is not such a date. A civil
 * day is matched to the Hebrew day that covers its daylight hours; the Hebrew
 * day's start at the previous nightfall is not modelled (no time of day is known).
 */
export function hebrewDateOf(isoDate: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const civil = new Date(year, month - 1, day);
  if (civil.getFullYear() !== year || civil.getMonth() !== month - 1 || civil.getDate() !== day) return null;
  // Without niqqud: the certificates' fonts set plain letters best, and so do people.
  return new HDate(civil).renderGematriya(true);
}

/** A civil date and its Hebrew date, as a certificate prints them: "2024-02-20 · י״א אדר א׳ תשפ״ד". */
export function withHebrewDate(civil: string): string {
  const hebrew = hebrewDateOf(civil);
  return hebrew === null ? civil : `${civil} · ${hebrew}`;
}
