import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { EngineBusyError, UnsupportedImageError, type AnalyzeOptions, type PhotoAnalysis } from './types.ts';
import type { WorkerRequest, WorkerResponse } from './worker.ts';

/**
 * The old generation a worker's heap starts with, in MB. At V8's own sizing (to
 * the ~8 MB a worker keeps between photos) nearly every photo's analysis ended
 * in a full mark-compact: 37 in 84 photos of 12 MP, against one at 64 MB, and a
 * worker's CPU per photo 151-159 -> 137 ms for ~25 MB more RSS (docs/engine.md,
 * "A worker's heap"). Worker resourceLimits cannot set it; V8 reads the flag as
 * each isolate is created, so it is set before the workers are, and holds for
 * any isolate the process creates afterwards.
 */
const WORKER_INITIAL_OLD_SPACE_MB = 64;

type Job = { req: WorkerRequest; resolve: (r: PhotoAnalysis) => void; reject: (e: Error) => void };

/**
 * A fixed set of worker threads with a bounded queue: when every worker is busy
 * and the queue is full, new work is refused at once (EngineBusyError) rather
 * than piling up memory and latency. A worker that dies is replaced and its job
 * fails; the others carry on.
 */
export class WorkerPool {
  readonly #size: number;
  readonly #maxQueue: number;
  readonly #script: URL;
  /** Longest idle first: jobs go round the workers, so every worker's JIT stays as warm as the busiest's. */
  #idle: Worker[] = [];
  #running = new Map<Worker, Job>();
  #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  /** `script` is the worker's entry; tests give one of their own. */
  constructor(size: number, maxQueue: number, script: URL = new URL('./worker.ts', import.meta.url)) {
    this.#size = size;
    this.#maxQueue = maxQueue;
    this.#script = script;
    setFlagsFromString(`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`);
    for (let i = 0; i < size; i++) this.#idle.push(this.#spawn());
  }

  get size(): number {
    return this.#size;
  }

  #spawn(): Worker {
    const worker = new Worker(this.#script);
    worker.on('message', (res: WorkerResponse) => {
      const job = this.#running.get(worker);
      this.#running.delete(worker);
      if (job) {
        if (res.ok) job.resolve(res.result);
        else job.reject(res.unsupported ? new UnsupportedImageError(res.message) : new Error(res.message));
      }
      this.#release(worker);
    });
    worker.on('error', (err) => {
      const job = this.#running.get(worker);
      this.#running.delete(worker);
      job?.reject(err);
      if (!this.#closed) this.#release(this.#spawn());
    });
    return worker;
  }

  #release(worker: Worker): void {
    const next = this.#queue.shift();
    if (next) this.#start(worker, next);
    else this.#idle.push(worker);
  }

  #start(worker: Worker, job: Job): void {
    this.#running.set(worker, job);
    worker.postMessage({ ...job.req, bytes: shared(job.req.bytes) });
  }

  run(bytes: Uint8Array, options: AnalyzeOptions): Promise<PhotoAnalysis> {
    if (this.#closed) return Promise.reject(new Error('the engine is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = { req: { id: this.#nextId++, bytes, options }, resolve, reject };
      const worker = this.#idle.shift();
      if (worker) this.#start(worker, job);
      else if (this.#queue.length >= this.#maxQueue) reject(new EngineBusyError('the identification engine is at capacity'));
      else this.#queue.push(job);
    });
  }

  /**
   * Runs the photo `rounds` times on every idle worker, each its own copy, so
   * that the JIT has compiled the pipeline before the first request pays for
   * it; resolves with each worker's last result. Meant for start-up, before
   * requests arrive: a worker busy with a request is not waited for.
   */
  async warmUp(bytes: Uint8Array, rounds: number): Promise<PhotoAnalysis[]> {
    let results: PhotoAnalysis[] = [];
    for (let r = 0; r < rounds; r++) {
      const workers = this.#idle.splice(0);
      results = await Promise.all(
        workers.map((worker) => new Promise<PhotoAnalysis>((resolve, reject) => this.#start(worker, { req: { id: this.#nextId++, bytes, options: {} }, resolve, reject }))),
      );
    }
    return results;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue) job.reject(new Error('the engine is closed'));
    this.#queue = [];
    const all = [...this.#idle, ...this.#running.keys()];
    this.#idle = [];
    await Promise.all(all.map((w) => w.terminate()));
  }
}

/**
 * The photo in memory the worker reads in place. Posted as it is, a Uint8Array
 * is serialised and then copied again into the worker's heap: 3 ms of the event
 * loop for a 4 MB JPEG (profiled), against under 1 ms for this one copy.
 * An upload is read straight into one (http/multipart.ts) and posted as it is.
 */
function shared(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}
