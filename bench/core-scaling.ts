// npm run bench:cores [-- --rounds N]
//
// How work scales from one core to two on this machine, side by side in one
// run: what sets the ceiling of "two concurrent clients get 1.7x the
// throughput of one" (docs/benchmarks.md). Three probes, each run on one
// worker thread alone and then on two at once (the probes in their own
// threads, bench/lib/core-probe.ts):
//   - arithmetic: a loop that touches no memory;
//   - memory: random reads and writes over a 64 MB array, touched during
//     set-up (set-up is not timed);
//   - engine: the identification engine's photo analysis (decode and
//     extraction) of 12 MP phone photos from the generator, through the
//     engine's own worker pool (a worker per core, as the server runs it; no
//     HTTP), a photo at a time and two at a time. sharp keeps libvips to one
//     thread per photo on glibc Linux (its default there), so the pool's
//     workers are the only parallelism.
// Prints throughput (work per second) and the two-vs-one ratio of each.
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { WorkerPool } from '../src/engine/pool.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll } from '../tools/synth/index.ts';
import { speedShot } from '../tools/scenes/index.ts';
import type { Probe } from './lib/core-probe.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
if (!(rounds >= 1)) throw new Error('--rounds must be at least 1');

/** Milliseconds the slowest of `threads` copies of a probe took, all started together once every one is set up. */
async function runProbes(kind: Probe, threads: number): Promise<number> {
  const workers = Array.from({ length: threads }, () => new Worker(new URL('./lib/core-probe.ts', import.meta.url), { workerData: kind }));
  try {
    await Promise.all(workers.map((w) => once(w, 'message')));
    const times = workers.map((w) => once(w, 'message').then(([ms]) => ms as number));
    for (const w of workers) w.postMessage('go');
    return Math.max(...(await Promise.all(times)));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const row = (name: string, one: number, two: number) =>
  console.log(`| ${name} | ${one.toFixed(2)} | ${two.toFixed(2)} | ${(two / one).toFixed(2)}× |`);

console.log(`${availableParallelism()} cores, Node ${process.version}, ${rounds} round(s) of each, one thread (client) alone then two at once`);
console.log('| probe | one at a time (work/s) | two at once (work/s) | two vs one |');
console.log('|---|---|---|---|');
for (const kind of ['arithmetic', 'memory'] as const) {
  for (let r = 0; r < rounds; r++) {
    const one = 1000 / (await runProbes(kind, 1));
    const two = 2000 / (await runProbes(kind, 2));
    row(kind, one, two);
  }
}

const photos: Uint8Array[] = [];
for (let k = 0; k < 6; k++) {
  const scroll = makeScroll(makeScribe(deriveSeed('bench-cores', 'scribe', k % 3)), deriveSeed('bench-cores', 'scroll', k));
  photos.push(new Uint8Array((await photographScroll(scroll, speedShot(deriveSeed('bench-cores', 'shot', k)))).jpeg));
}
// The engine as the server runs it: a pool of a worker per core, serving one
// client (a photo at a time), then two (two at a time).
const pool = new WorkerPool(availableParallelism(), 64);
try {
  // Every photo through both workers first, so both run compiled code.
  await Promise.all(photos.flatMap((p) => [pool.run(p, {}), pool.run(p, {})]));
  // A client sends every photo, one after the other, from its own first one.
  const client = async (first: number) => {
    for (let k = 0; k < photos.length; k++) await pool.run(photos[(first + k) % photos.length], {});
  };
  for (let r = 0; r < rounds; r++) {
    const one = (photos.length * 1000) / (await timed(() => client(0)));
    const two = (2 * photos.length * 1000) / (await timed(() => Promise.all([client(0), client(photos.length / 2)])));
    row('engine, 12 MP photos', one, two);
  }
} finally {
  await pool.close();
}
