// Worker thread of the demo's render pool: renders the synthetic photos of one job at a time.
import { parentPort } from 'node:worker_threads';
import { runJob, type DatasetJob } from '../synth/index.ts';

parentPort?.on('message', async (message: { readonly id: number; readonly job: DatasetJob }) => {
  try {
    const outputs = await runJob(message.job);
    parentPort?.postMessage({ id: message.id, photos: outputs.map((output) => ({ path: output.path, jpeg: output.jpeg })) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
