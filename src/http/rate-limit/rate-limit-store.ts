// Counters behind the rate limits. The in-process store serves one node; the
// Redis store implements the same calls so that every node shares one count
// per bucket.

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
  /** `bucket`'s current window without counting a request in it; null when none is open. */
  peek(bucket: string, nowMs: number): Promise<WindowCount | null>;
  /**
   * `local`: this node's counters by configuration; `shared`: one count for
   * all nodes; `degraded`: shared counting is unavailable and this node counts
   * alone until it returns. Readiness reports it.
   */
  readonly mode: 'local' | 'shared' | 'degraded';
  close(): Promise<void>;
}
