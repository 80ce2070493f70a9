// Renders synthetic photos on worker threads, first come first served, so the
// demo's first scrolls are ready first while the rest render behind them.
import { Worker } from 'node:worker_threads';
import type { DatasetJob } from '../synth/index.ts';

export type RenderedPhoto = { readonly path: string; readonly jpeg: Uint8Array };

type Pending = { readonly id: number; readonly job: DatasetJob; resolve(photos: RenderedPhoto[]): void; reject(error: Error): void };

export type RenderPool = {
  render(job: DatasetJob): Promise<RenderedPhoto[]>;
  close(): Promise<void>;
};

export function createRenderPool(threads: number): RenderPool {
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const running = new Map<Worker, Pending>();
  let nextId = 0;
  let closed = false;

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const task = queue.shift()!;
      running.set(worker, task);
      worker.postMessage({ id: task.id, job: task.job });
    }
  };

  const workers = Array.from({ length: Math.max(1, threads) }, () => {
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url));
    worker.on('message', (message: { photos?: RenderedPhoto[]; error?: string }) => {
      const task = running.get(worker);
      running.delete(worker);
      idle.push(worker);
      if (task !== undefined) {
        if (message.error !== undefined) task.reject(new Error(`rendering a synthetic photo failed: ${message.error}`));
        else task.resolve(message.photos!.map((photo) => ({ path: photo.path, jpeg: new Uint8Array(photo.jpeg) })));
      }
      dispatch();
    });
    // A worker that dies takes the pool with it: nothing queued could be trusted to finish.
    worker.on('error', (error) => {
      closed = true;
      running.get(worker)?.reject(error);
      running.delete(worker);
      for (const task of queue.splice(0)) task.reject(error);
    });
    idle.push(worker);
    return worker;
  });

  return {
    render(job) {
      if (closed) return Promise.reject(new Error('the render pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the render pool was closed'));
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
