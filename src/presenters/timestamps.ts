/** The spec shows calendar dates as timestamps whose time part is 00:00:00. */
export function dateAsTimestamp(date: string): string {
  return `${date} 00:00:00`;
}
