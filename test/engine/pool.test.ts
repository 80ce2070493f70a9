import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WorkerPool } from '../../src/engine/pool.ts';
import type { PhotoAnalysis } from '../../src/engine/types.ts';

type Seen = { thread: number; shared: boolean; bytes: number[] };
const seen = (analysis: PhotoAnalysis): Seen => {
  assert.equal(analysis.kind, 'scroll');
  return JSON.parse(new TextDecoder().decode(analysis.fingerprint));
};

describe('WorkerPool', () => {
  let pool: WorkerPool;
  before(() => {
    pool = new WorkerPool(3, 4, new URL('./pool-probe-worker.ts', import.meta.url));
  });
  after(() => pool.close());

  it('sends jobs that come one at a time round the workers, so none is left cold', async () => {
    const threads: number[] = [];
    for (let k = 0; k < 6; k++) threads.push(seen(await pool.run(Uint8Array.of(k), {})).thread);
    assert.deepEqual(threads.slice(3), threads.slice(0, 3));
    assert.equal(new Set(threads).size, 3);
  });

  it("hands the worker the photo's bytes in shared memory, the view's bytes only, and leaves the caller's intact", async () => {
    const backing = Uint8Array.of(9, 1, 2, 3, 9);
    const photo = backing.subarray(1, 4);
    const got = seen(await pool.run(photo, {}));
    assert.equal(got.shared, true);
    assert.deepEqual(got.bytes, [1, 2, 3]);
    assert.deepEqual([...backing], [9, 1, 2, 3, 9]);
  });
});
