import type { RateLimitStore, WindowCount } from './rate-limit-store.ts';

/** How often expired windows are swept, so idle buckets do not accumulate. */
const SWEEP_INTERVAL_MS = 60_000;

export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAtMs: number }>();
  let lastSweepMs = 0;

  function sweep(nowMs: number): void {
    if (nowMs - lastSweepMs < SWEEP_INTERVAL_MS) return;
    lastSweepMs = nowMs;
    for (const [bucket, window] of windows) if (window.resetAtMs <= nowMs) windows.delete(bucket);
  }

  return {
    mode: 'local',
    async hit(bucket, windowMs, nowMs): Promise<WindowCount> {
      sweep(nowMs);
      let window = windows.get(bucket);
      if (window === undefined || window.resetAtMs <= nowMs) {
        window = { count: 0, resetAtMs: nowMs + windowMs };
        windows.set(bucket, window);
      }
      window.count += 1;
      return { count: window.count, resetAtMs: window.resetAtMs };
    },
    async peek(bucket, nowMs): Promise<WindowCount | null> {
      const window = windows.get(bucket);
      return window === undefined || window.resetAtMs <= nowMs ? null : { count: window.count, resetAtMs: window.resetAtMs };
    },
    async close() {
      windows.clear();
    },
  };
}
