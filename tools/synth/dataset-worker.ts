// Worker thread for the dataset CLI: renders the jobs it is sent, one at a time.

import { parentPort } from 'node:worker_threads';
import { runJob } from './dataset.ts';
import type { DatasetJob } from './dataset.ts';

parentPort?.on('message', async (message: { id: number; job: DatasetJob }) => {
  try {
    const outputs = await runJob(message.job);
    parentPort?.postMessage({ id: message.id, outputs });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.stack : String(error) });
  }
});
