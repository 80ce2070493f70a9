// Runs a data set's jobs (one scroll's photos, or one image without a scroll)
// in this thread or on worker threads (dataset-worker.ts), handing each job's
// outputs on as it finishes. The outputs do not depend on the thread count.

import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { runJob } from './dataset.ts';
import type { DatasetJob, JobOutput } from './dataset.ts';
import { runTextJob } from './text-set.ts';
import type { TextJob, TextJobOutput } from './text-set.ts';

export type AnyJob = DatasetJob | TextJob;
type OutputOf<J extends AnyJob> = J extends TextJob ? TextJobOutput : JobOutput;

/** One job's images, whichever set it belongs to. */
export function runAnyJob<J extends AnyJob>(job: J): Promise<OutputOf<J>[]> {
  return (job.type === 'text' ? runTextJob(job) : runJob(job)) as Promise<OutputOf<J>[]>;
}

/** Runs jobs on `threads` workers (or in this thread when 1), calling `done` as each finishes. */
export async function runAll<J extends AnyJob>(jobs: readonly J[], threads: number, done: (outputs: OutputOf<J>[]) => Promise<void>): Promise<void> {
  if (threads <= 1) {
    for (const job of jobs) await done(await runAnyJob(job));
    return;
  }
  const workers = Array.from({ length: Math.min(threads, jobs.length) }, () => new Worker(new URL('./dataset-worker.ts', import.meta.url)));
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = (): void => {
              if (next >= jobs.length) return resolve();
              const id = next++;
              worker.postMessage({ id, job: jobs[id] });
            };
            worker.on('message', (message: { outputs?: OutputOf<J>[]; error?: string }) => {
              if (message.error) return reject(new Error(message.error));
              done(message.outputs!).then(feed, reject);
            });
            worker.on('error', reject);
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * Runs jobs as runAll does, writing each image under `out` at its path as it
 * comes and counting them on stderr (`total` of them, in `unit`s); returns
 * every output with its image bytes dropped, for the manifest.
 */
export async function writeAll<J extends AnyJob>(jobs: readonly J[], threads: number, out: string, total: number, unit: string): Promise<OutputOf<J>[]> {
  const outputs: OutputOf<J>[] = [];
  await runAll(jobs, threads, async (done) => {
    for (const output of done) {
      await fs.writeFile(path.join(out, output.path), output.jpeg);
      outputs.push({ ...output, jpeg: new Uint8Array(0) });
    }
    process.stderr.write(`\r${outputs.length}/${total} ${unit}`);
  });
  return outputs;
}
