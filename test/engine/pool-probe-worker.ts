// A stand-in for the engine's worker in the pool's tests: answers each job at
// once with what it saw: which thread ran it, whether the photo arrived in
// shared memory, the photo's bytes and the task. An analysis carries it as
// the fingerprint's bytes (JSON), a text check as its reason (JSON).
import { parentPort, threadId } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from '../../src/engine/worker.ts';

parentPort!.on('message', (req: WorkerRequest) => {
  const seen = JSON.stringify({ thread: threadId, shared: req.bytes.buffer instanceof SharedArrayBuffer, bytes: [...req.bytes], task: req.task });
  const res: WorkerResponse = {
    id: req.id,
    ok: true,
    result: req.task.kind === 'text' ? { kind: 'invalid', reason: seen } : { kind: 'scroll', fingerprint: new TextEncoder().encode(seen) },
  };
  parentPort!.postMessage(res);
});
