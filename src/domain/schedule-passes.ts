// Background work every node does in passes (text checks, webhook deliveries):
// a pass now, then one every `intervalMs`, never two at once.

export type PassReport<T> = { readonly ran: (pass: T) => void; readonly failed: (error: unknown) => void };

/**
 * Runs `pass` now, in the background, then every `intervalMs`, one at a time.
 * The returned stop ends the schedule and waits for the pass under way, whose
 * `signal` tells it to finish what it holds and stop.
 */
export function schedulePasses<T>(pass: (signal: AbortSignal) => Promise<T>, intervalMs: number, report: PassReport<T>): () => Promise<void> {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const start = () => {
    if (running !== undefined || stopping.signal.aborted) return;
    running = pass(stopping.signal)
      .then(report.ran, report.failed)
      .finally(() => {
        running = undefined;
      });
  };
  start();
  const timer = setInterval(start, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
