// Worker thread for the data set CLIs: renders the jobs it is sent, one at a time.

import { parentPort } from 'node:worker_threads';
import { runAnyJob } from './run-jobs.ts';
import type { AnyJob } from './run-jobs.ts';

parentPort?.on('message', async (message: { id: number; job: AnyJob }) => {
  try {
    const outputs = await runAnyJob(message.job);
    parentPort?.postMessage({ id: message.id, outputs });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.stack : String(error) });
  }
});
