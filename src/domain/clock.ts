// All times the service writes come from one clock (tests control it) and are
// stored and shown as the spec's `YYYY-MM-DD HH:MM:SS`, always UTC.

export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function formatTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant, in ms, of a timestamp formatTimestamp wrote. */
export function parseTimestamp(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A real calendar date in `YYYY-MM-DD` form, or null. */
export function parseCalendarDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatDate(date) === text ? date : null;
}
