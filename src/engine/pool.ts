import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import {
  EngineBusyError,
  UnsupportedImageError,
  type AnalyzeOptions,
  type EngineLoad,
  type EngineObserver,
  type PhotoAnalysis,
  type PhotoOutcome,
  type TextCheck,
} from './types.ts';
import { DecodeBudget } from './decode-budget.ts';
import type { WorkerRequest, WorkerResponse, WorkerResult, WorkerStart, WorkerTask } from './worker.ts';

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

type Job = {
  req: WorkerRequest;
  requester: string;
  resolve: (r: WorkerResult) => void;
  reject: (e: Error) => void;
  /** performance.now() when queued, then when started on a worker. */
  at: number;
  /** Whether the observer hears of it: not the warm-up's, which are the node's, not a client's. */
  watched: boolean;
};

const nobodyWatching: EngineObserver = { started: () => undefined, finished: () => undefined };

/**
 * A fixed set of worker threads with a bounded queue: when every worker is busy
 * and the queue is full, new work is refused at once (EngineBusyError) rather
 * than piling up memory and latency. A worker that dies is replaced and its job
 * fails; the others carry on.
 *
 * Photos wait in one queue per requester (an IP address, a store: whoever the
 * caller names), whatever their task (an analysis for identification, a text
 * check), and a freed worker takes the next photo of the requester with the
 * fewest photos running, and among those of the one served longest ago. A photo
 * without readable text takes every reading the engine has (seconds of CPU,
 * docs/engine.md), so one client sending such photos, within its rate limit,
 * would otherwise hold every worker and the whole queue, and every other
 * client would wait behind it or be refused. No requester may hold more than
 * `maxQueuedPerRequester` of the queue's places; a requester alone still gets
 * every worker.
 */
export class WorkerPool {
  readonly #size: number;
  readonly #maxQueue: number;
  readonly #maxQueuedPerRequester: number;
  readonly #script: URL;
  readonly #observer: EngineObserver;
  /** Longest idle first: jobs go round the workers, so every worker's JIT stays as warm as the busiest's. */
  #idle: Worker[] = [];
  #running = new Map<Worker, Job>();
  /** Each requester's waiting jobs, oldest first (no entry for none). */
  #waiting = new Map<string, Job[]>();
  /** Jobs running per requester (no entry for none). */
  #runningBy = new Map<string, number>();
  /** When each requester with a job running or waiting last had one started, counted in jobs started. */
  #servedAt = new Map<string, number>();
  #served = 0;
  #nextId = 1;
  #closed = false;
  /** The node's one budget of HEIF megapixels being decoded, shared by every worker (heic.ts). */
  readonly #workerStart: WorkerStart = { heifDecodeBudget: DecodeBudget.share() };

  /**
   * `script` is the worker's entry; tests give one of their own.
   * `maxQueuedPerRequester` defaults to a quarter of the queue (at least one place).
   * `observer` is told of each photo's wait and outcome.
   */
  constructor(
    size: number,
    maxQueue: number,
    script: URL = new URL('./worker.ts', import.meta.url),
    maxQueuedPerRequester = Math.max(1, Math.floor(maxQueue / 4)),
    observer: EngineObserver = nobodyWatching,
  ) {
    this.#size = size;
    this.#observer = observer;
    this.#maxQueue = maxQueue;
    this.#maxQueuedPerRequester = maxQueuedPerRequester;
    this.#script = script;
    setFlagsFromString(`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`);
    for (let i = 0; i < size; i++) this.#idle.push(this.#spawn());
  }

  get size(): number {
    return this.#size;
  }

  get load(): EngineLoad {
    return { workers: this.#size, running: this.#running.size, queued: this.#queuedCount() };
  }

  /** Tells the observer how the job's turn on a worker ended. */
  #report(job: Job, outcome: PhotoOutcome): void {
    if (job.watched) this.#observer.finished(job.req.task.kind, outcome, performance.now() - job.at);
  }

  #spawn(): Worker {
    const worker = new Worker(this.#script, { workerData: this.#workerStart });
    worker.on('message', (res: WorkerResponse) => {
      const job = this.#finished(worker);
      if (job) {
        this.#report(job, res.ok ? res.result.kind : res.unsupported ? 'unsupported' : 'failed');
        if (res.ok) job.resolve(res.result);
        else job.reject(res.unsupported ? new UnsupportedImageError(res.message) : new Error(res.message));
      }
      this.#release(worker);
    });
    worker.on('error', (err) => {
      const job = this.#finished(worker);
      if (job) this.#report(job, 'failed');
      job?.reject(err);
      if (!this.#closed) this.#release(this.#spawn());
    });
    return worker;
  }

  /** Jobs waiting, every requester's (a few dozen at most: the queue is bounded). */
  #queuedCount(): number {
    let count = 0;
    for (const jobs of this.#waiting.values()) count += jobs.length;
    return count;
  }

  /** The job `worker` was running, no longer counted as running. */
  #finished(worker: Worker): Job | undefined {
    const job = this.#running.get(worker);
    if (!job) return undefined;
    this.#running.delete(worker);
    const { requester } = job;
    const left = this.#runningBy.get(requester)! - 1;
    if (left > 0) this.#runningBy.set(requester, left);
    else {
      this.#runningBy.delete(requester);
      // Nothing running and nothing waiting: the requester has no turn to keep.
      if (!this.#waiting.has(requester)) this.#servedAt.delete(requester);
    }
    return job;
  }

  #release(worker: Worker): void {
    const next = this.#nextWaiting();
    if (next) this.#start(worker, next);
    else this.#idle.push(worker);
  }

  /**
   * The oldest job of the waiting requester with the fewest jobs running, and
   * among those the one served longest ago (or never), taken off the queue.
   */
  #nextWaiting(): Job | undefined {
    let chosen: string | undefined;
    let fewest = Infinity;
    let longestAgo = Infinity;
    for (const requester of this.#waiting.keys()) {
      const running = this.#runningBy.get(requester) ?? 0;
      const served = this.#servedAt.get(requester) ?? -1;
      if (running < fewest || (running === fewest && served < longestAgo)) {
        fewest = running;
        longestAgo = served;
        chosen = requester;
      }
    }
    if (chosen === undefined) return undefined;
    const jobs = this.#waiting.get(chosen)!;
    const job = jobs.shift()!;
    if (jobs.length === 0) this.#waiting.delete(chosen);
    return job;
  }

  #start(worker: Worker, job: Job): void {
    const now = performance.now();
    if (job.watched) this.#observer.started(now - job.at);
    job.at = now;
    this.#running.set(worker, job);
    this.#runningBy.set(job.requester, (this.#runningBy.get(job.requester) ?? 0) + 1);
    this.#servedAt.set(job.requester, this.#served++);
    worker.postMessage({ ...job.req, bytes: shared(job.req.bytes) });
  }

  /** Analyses a photo in a worker; `requester` names whose photo it is (see the class), one requester unless given. */
  run(bytes: Uint8Array, options: AnalyzeOptions, requester = ''): Promise<PhotoAnalysis> {
    return this.#submit(bytes, { kind: 'analyze', options }, requester);
  }

  /** Checks a photo's text in a worker, queued as `run` queues an analysis. */
  checkText(bytes: Uint8Array, requester = ''): Promise<TextCheck> {
    return this.#submit(bytes, { kind: 'text' }, requester);
  }

  #submit<T extends WorkerTask>(bytes: Uint8Array, task: T, requester: string): Promise<WorkerResult<T>> {
    if (this.#closed) return Promise.reject(new Error('the engine is closed'));
    return new Promise<WorkerResult<T>>((resolve, reject) => {
      // The worker answers what the task asks for (worker.ts).
      const job: Job = { req: { id: this.#nextId++, bytes, task }, requester, resolve: resolve as (r: WorkerResult) => void, reject, at: performance.now(), watched: true };
      const worker = this.#idle.shift();
      if (worker) return this.#start(worker, job);
      const waiting = this.#waiting.get(requester);
      if (this.#queuedCount() >= this.#maxQueue || (waiting?.length ?? 0) >= this.#maxQueuedPerRequester) {
        this.#observer.finished(task.kind, 'busy', 0);
        return reject(new EngineBusyError('the identification engine is at capacity'));
      }
      if (waiting) waiting.push(job);
      else this.#waiting.set(requester, [job]);
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
        workers.map((worker) => new Promise<PhotoAnalysis>((resolve, reject) => this.#start(worker, { req: { id: this.#nextId++, bytes, task: { kind: 'analyze', options: {} } }, requester: '', resolve: resolve as (r: WorkerResult) => void, reject, at: performance.now(), watched: false }))),
      );
    }
    return results;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const jobs of this.#waiting.values()) for (const job of jobs) job.reject(new Error('the engine is closed'));
    this.#waiting.clear();
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
