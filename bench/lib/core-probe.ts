// A probe of bench/core-scaling.ts, in its own worker thread: it sets up,
// says it is ready, runs on 'go' (every probe of a round starts together),
// and reports how long the run took, set-up excluded.
import { parentPort, workerData } from 'node:worker_threads';

export type Probe = 'arithmetic' | 'memory';

/** Work that touches no memory: a chain of floating-point operations. */
function arithmetic(): number {
  let sink = 0;
  for (let i = 0; i < 2e8; i++) sink = (sink * 1.0000001 + i) % 1e9;
  return sink;
}

/** Random reads and writes over a 64 MB array, allocated and touched during set-up. */
function memory(): () => number {
  const a = new Uint8Array(64 << 20).fill(1);
  const mask = a.length - 1;
  return () => {
    let sink = 0;
    for (let r = 0; r < 40; r++) for (let i = 0; i < a.length; i += 64) sink += a[(i * 7919) & mask] ^= r;
    return sink;
  };
}

const run = (workerData as Probe) === 'memory' ? memory() : arithmetic;
parentPort!.once('message', () => {
  const started = performance.now();
  run();
  parentPort!.postMessage(performance.now() - started);
});
parentPort!.postMessage('ready');
