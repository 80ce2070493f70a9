// Counters behind the rate limits. The in-process store serves one node; a
// Redis store (issue 3) implements the same two calls so that every node
// shares one count per bucket.

export type WindowCount = {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** When the current window ends, in epoch milliseconds. */
  readonly resetAtMs: number;
};

export interface RateLimitStore {
  /**
   * Counts one request in `bucket`'s fixed window, which opens with the first
   * request after the previous window ended and lasts `windowMs`. Redis: INCR,
   * then PEXPIRE when the count is 1, in one script.
   */
  hit(bucket: string, windowMs: number, nowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}
