// The engine's own worker, with a count of the full (mark-compact) collections
// its heap has had so far added to each answer (as `majors`), for the pool's
// heap test.
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import type { WorkerResponse } from '../../src/engine/worker.ts';

let majors = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
}).observe({ entryTypes: ['gc'] });

const port = parentPort!;
const post = port.postMessage.bind(port);
port.postMessage = (res: WorkerResponse) => post(res.ok ? { ...res, result: { ...res.result, majors } } : res);
await import('../../src/engine/worker.ts');
