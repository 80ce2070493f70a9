// A stand-in for the engine's worker in the pool's tests: answers each job at
// once with what it saw, as the fingerprint's bytes (JSON): which thread ran
// it, whether the photo arrived in shared memory, and the photo's bytes.
import { parentPort, threadId } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from '../../src/engine/worker.ts';

parentPort!.on('message', (req: WorkerRequest) => {
  const seen = { thread: threadId, shared: req.bytes.buffer instanceof SharedArrayBuffer, bytes: [...req.bytes] };
  const res: WorkerResponse = { id: req.id, ok: true, result: { kind: 'scroll', fingerprint: new TextEncoder().encode(JSON.stringify(seen)) } };
  parentPort!.postMessage(res);
});
