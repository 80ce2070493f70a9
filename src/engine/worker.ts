// Worker-thread entry: runs the per-photo pipeline off the event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzePhoto } from './analyze-photo.ts';
import { shareHeifDecodeBudget } from './heic.ts';
import { UnsupportedImageError, type AnalyzeOptions, type PhotoAnalysis } from './types.ts';

export type WorkerRequest = { id: number; bytes: Uint8Array; options: AnalyzeOptions };
export type WorkerResponse =
  | { id: number; ok: true; result: PhotoAnalysis }
  | { id: number; ok: false; unsupported: boolean; message: string };

/** What the pool hands every worker it starts. */
export type WorkerStart = { readonly heifDecodeBudget: SharedArrayBuffer };

shareHeifDecodeBudget((workerData as WorkerStart).heifDecodeBudget);

parentPort!.on('message', async (req: WorkerRequest) => {
  let res: WorkerResponse;
  try {
    res = { id: req.id, ok: true, result: await analyzePhoto(req.bytes, req.options) };
  } catch (err) {
    res = { id: req.id, ok: false, unsupported: err instanceof UnsupportedImageError, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(res);
});
