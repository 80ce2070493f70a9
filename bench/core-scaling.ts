// npm run bench:cores [-- --rounds N]
//
// How work scales from one core to two on this machine, side by side in one
// run: what sets the ceiling of "two concurrent clients get 1.7x the
// throughput of one" (docs/benchmarks.md). Three probes, each run on one
// worker thread alone and then on two at once:
//   - arithmetic: a loop that touches no memory;
//   - memory: random reads and writes over a 64 MB array, touched beforehand;
//   - engine: the identification engine's photo analysis (decode and
//     extraction) of 12 MP phone photos from the generator, through the
//     engine's own worker pool (a worker per core, as the server runs it; no
//     HTTP), a photo at a time and two at a time. sharp keeps libvips to one
//     thread per photo on glibc Linux (its default there), so the pool's
//     workers are the only parallelism.
// Prints throughput (work per second) and the two-vs-one ratio of each.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { WorkerPool } from '../src/engine/pool.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll } from '../src/synth/index.ts';

type Probe = 'arithmetic' | 'memory';

function probe(kind: Probe): number {
  let sink = 0;
  if (kind === 'arithmetic') {
    for (let i = 0; i < 2e8; i++) sink = (sink * 1.0000001 + i) % 1e9;
  } else {
    const a = new Uint8Array(64 << 20).fill(1);
    const mask = a.length - 1;
    for (let r = 0; r < 40; r++) for (let i = 0; i < a.length; i += 64) sink += a[(i * 7919) & mask] ^= r;
  }
  return sink;
}

if (!isMainThread) {
  const started = performance.now();
  probe(workerData as Probe);
  parentPort!.postMessage(performance.now() - started);
} else {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
  const rounds = Number(values.rounds);
  if (!(rounds >= 1)) throw new Error('--rounds must be at least 1');
  const runProbe = (kind: Probe) =>
    new Promise<number>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: kind });
      worker.once('message', (ms: number) => resolve(ms));
      worker.once('error', reject);
    });
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
    await runProbe(kind); // warm-up: the module and the JIT
    for (let r = 0; r < rounds; r++) {
      const one = 1000 / (await timed(() => runProbe(kind)));
      const two = 2000 / (await timed(() => Promise.all([runProbe(kind), runProbe(kind)])));
      row(kind, one, two);
    }
  }

  const photos: Uint8Array[] = [];
  for (let k = 0; k < 6; k++) {
    const scroll = makeScroll(makeScribe(deriveSeed('bench-cores', 'scribe', k % 3)), deriveSeed('bench-cores', 'scroll', k));
    const shot = { kind: 'phone', seed: deriveSeed('bench-cores', 'shot', k), megapixels: 12, tilt: 15, motion: 0, finger: false, crop: false } as const;
    photos.push(new Uint8Array((await photographScroll(scroll, shot)).jpeg));
  }
  // The engine as the server runs it: a pool of a worker per core, serving one
  // client (a photo at a time), then two (two at a time).
  const pool = new WorkerPool(availableParallelism(), 64);
  try {
    // Every photo through both workers first, so both run compiled code.
    await Promise.all(photos.flatMap((p) => [pool.run(p, {}), pool.run(p, {})]));
    for (let r = 0; r < rounds; r++) {
      const one = (photos.length * 1000) / (await timed(async () => { for (const p of photos) await pool.run(p, {}); }));
      const two = (2 * photos.length * 1000) / (await timed(() => Promise.all([0, 3].map(async (shift) => { for (let k = 0; k < photos.length; k++) await pool.run(photos[(k + shift) % photos.length], {}); }))));
      row('engine, 12 MP photos', one, two);
    }
  } finally {
    await pool.close();
  }
}
