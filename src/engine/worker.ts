// Worker-thread entry: runs the per-photo work off the event loop, one task a request.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzePhoto } from './analyze-photo.ts';
import { shareHeifDecodeBudget } from './heic.ts';
import { checkPhotoText } from './text-check/check-text.ts';
import { UnsupportedImageError, type AnalyzeOptions, type PhotoAnalysis, type TextCheck } from './types.ts';

/** What a worker does with a photo: read it for identification, or check its text letter by letter. */
export type WorkerTask = { readonly kind: 'analyze'; readonly options: AnalyzeOptions } | { readonly kind: 'text' };
/** What each task answers. */
export type WorkerResult<T extends WorkerTask = WorkerTask> = T extends { readonly kind: 'analyze' } ? PhotoAnalysis : TextCheck;

export type WorkerRequest = { id: number; bytes: Uint8Array; task: WorkerTask };
export type WorkerResponse =
  | { id: number; ok: true; result: WorkerResult }
  | { id: number; ok: false; unsupported: boolean; message: string };

/** What the pool hands every worker it starts. */
export type WorkerStart = { readonly heifDecodeBudget: SharedArrayBuffer };

shareHeifDecodeBudget((workerData as WorkerStart).heifDecodeBudget);

function perform(bytes: Uint8Array, task: WorkerTask): Promise<WorkerResult> {
  switch (task.kind) {
    case 'analyze':
      return analyzePhoto(bytes, task.options);
    case 'text':
      return checkPhotoText(bytes);
  }
}

parentPort!.on('message', async (req: WorkerRequest) => {
  let res: WorkerResponse;
  try {
    res = { id: req.id, ok: true, result: await perform(req.bytes, req.task) };
  } catch (err) {
    res = { id: req.id, ok: false, unsupported: err instanceof UnsupportedImageError, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(res);
});
