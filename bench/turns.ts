// npm run bench:turns [-- --photos 12 --flood 4 --megapixels 12]
//
// What one client's photos without readable text do to another client's wait,
// with the engine's queue as it is (a queue per requester, served in turn,
// src/engine/pool.ts) and as it was (one queue, first come first served), side
// by side in one run, on the engine's own pool (a worker per core, the
// server's queue of 16 photos a worker; no HTTP).
//
// - The flood: one requester keeping `--flood` photos of printed pages
//   (the generator's other_text images, which take every reading the engine
//   has before they are answered invalid) in the engine at all times.
// - The buyer: another requester sending `--photos` phone photos of scrolls,
//   one after the other, each sent when the last is answered.
// Both at `--megapixels` (a phone's default: 12). Prints the buyer's wait
// (median, 90th percentile, longest; refused photos counted apart) alone,
// then beside the flood under each queue, and how many of the flood's
// photos the engine got through meanwhile (the queue takes nothing from a
// requester that another is not waiting for).
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { QUEUED_PHOTOS_PER_WORKER } from '../src/engine/index.ts';
import { WorkerPool } from '../src/engine/pool.ts';
import { EngineBusyError } from '../src/engine/types.ts';
import { deriveSeed, makeNonScroll, makeScribe, makeScroll, photographScroll } from '../tools/synth/index.ts';
import { speedShot } from '../tools/scenes/index.ts';
import { quantile } from './lib/rates.ts';

const { values } = parseArgs({ options: { photos: { type: 'string', default: '12' }, flood: { type: 'string', default: '4' }, megapixels: { type: 'string', default: '12' } } });
const buyerPhotos = Number(values.photos);
const floodDepth = Number(values.flood);
const megapixels = Number(values.megapixels);
if (!(buyerPhotos >= 1) || !(floodDepth >= 1) || !(megapixels > 0 && megapixels <= 50)) throw new Error('--photos and --flood must be at least 1, --megapixels in (0, 50]');

const workers = availableParallelism();
const maxQueue = workers * QUEUED_PHOTOS_PER_WORKER; // as createEngine sizes it
const log = (line: string) => console.log(line);

log(`making ${buyerPhotos} scroll photos and 4 printed pages at ${megapixels} MP (the generator)`);
const scrolls: Uint8Array[] = [];
for (let k = 0; k < buyerPhotos; k++) {
  const scroll = makeScroll(makeScribe(deriveSeed('bench-turns', 'scribe', k % 4)), deriveSeed('bench-turns', 'scroll', k));
  scrolls.push(new Uint8Array((await photographScroll(scroll, speedShot(deriveSeed('bench-turns', 'shot', k), megapixels))).jpeg));
}
const pages: Uint8Array[] = [];
for (let k = 0; k < 4; k++) pages.push(new Uint8Array((await makeNonScroll('other_text', deriveSeed('bench-turns', 'page', k), { megapixels })).jpeg));

type Wait = { ms: number; refused: boolean; read: boolean };

/** The buyer's photos one after the other, with or without the flood beside it, on a fresh pool; `oneQueue`: every photo one requester's, as the queue was. */
async function run(flood: boolean, oneQueue: boolean): Promise<{ waits: Wait[]; floodDone: number; floodRefused: number; seconds: number }> {
  const pool = oneQueue ? new WorkerPool(workers, maxQueue, undefined, maxQueue) : new WorkerPool(workers, maxQueue);
  const buyer = oneQueue ? '' : 'buyer';
  const flooder = oneQueue ? '' : 'flood';
  try {
    // Every photo through every worker first, so all run compiled code.
    for (let w = 0; w < workers; w++) await Promise.all([...scrolls.slice(0, 2), pages[0]].map((p) => pool.run(p, {}, `warm-up ${w}`)));
    let stop = false;
    let floodDone = 0;
    let floodRefused = 0;
    const flooding = flood
      ? Array.from({ length: floodDepth }, async (_, lane) => {
          for (let k = lane; !stop; k += floodDepth) {
            try {
              await pool.run(pages[k % pages.length], {}, flooder);
              floodDone++;
            } catch (error) {
              if (!(error instanceof EngineBusyError)) throw error;
              floodRefused++;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          }
        })
      : [];
    // The flood is in full flow (every worker busy, its photos queued) before the buyer comes.
    if (flood) await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const waits: Wait[] = [];
    for (const photo of scrolls) {
      const t = performance.now();
      try {
        const r = await pool.run(photo, {}, buyer);
        waits.push({ ms: performance.now() - t, refused: false, read: r.kind === 'scroll' });
      } catch (error) {
        if (!(error instanceof EngineBusyError)) throw error;
        waits.push({ ms: performance.now() - t, refused: true, read: false });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    stop = true;
    await Promise.all(flooding);
    return { waits, floodDone, floodRefused, seconds };
  } finally {
    await pool.close();
  }
}

const ms = (x: number) => `${Math.round(x).toLocaleString('en')} ms`;
log(`${workers} engine workers, a queue of ${maxQueue}; the flood keeps ${floodDepth} printed pages in the engine`);
log('');
log('| the buyer\'s photos | answered: median / 90th percentile / longest | refused (busy) | read as a scroll | flood photos answered while the buyer sent its photos |');
log('|---|---|---|---|---|');
for (const [name, flood, oneQueue] of [
  ['alone', false, false],
  ['beside the flood, one queue (first come, first served)', true, true],
  ['beside the flood, a queue per requester in turn', true, false],
] as const) {
  const { waits, floodDone, floodRefused, seconds } = await run(flood, oneQueue);
  const answered = waits.filter((w) => !w.refused).map((w) => w.ms);
  const spread = answered.length > 0 ? `${ms(quantile(answered, 0.5))} / ${ms(quantile(answered, 0.9))} / ${ms(Math.max(...answered))}` : 'none answered';
  const floodCell = flood ? `${floodDone} in ${seconds.toFixed(1)} s (${(floodDone / seconds).toFixed(2)} a second; ${floodRefused} refused)` : '';
  log(`| ${name} | ${spread} | ${waits.filter((w) => w.refused).length} of ${waits.length} | ${waits.filter((w) => w.read).length} of ${waits.length} | ${floodCell} |`);
}
