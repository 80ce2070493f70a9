// A stand-in for the engine's worker in the pool's turn-taking tests: holds
// each job for as many milliseconds as its photo's first byte says, blocking
// the thread as a photo's analysis does, then answers with its label (the
// photo's second byte) and when it started and ended (ms since the epoch), as
// the fingerprint's bytes (JSON).
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from '../../src/engine/worker.ts';

const clock = new Int32Array(new SharedArrayBuffer(4));
parentPort!.on('message', (req: WorkerRequest) => {
  const now = () => performance.timeOrigin + performance.now();
  const start = now();
  Atomics.wait(clock, 0, 0, req.bytes[0]);
  const seen = { label: req.bytes[1], start, end: now() };
  const res: WorkerResponse = { id: req.id, ok: true, result: { kind: 'scroll', fingerprint: new TextEncoder().encode(JSON.stringify(seen)) } };
  parentPort!.postMessage(res);
});
