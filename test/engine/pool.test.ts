import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
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

describe('WorkerPool heaps', () => {
  it("does not collect a worker's whole heap for every photo it reads", async () => {
    // The engine's bundled 2 MP photo, read 8 times by one real engine worker.
    // Measured: 9-10 full collections when the worker's old generation starts
    // at V8's size, 2 when it starts at 64 MB.
    const photo = new Uint8Array(await readFile(new URL('../../src/engine/warm-up.jpg', import.meta.url)));
    const pool = new WorkerPool(1, 1, new URL('./gc-counting-worker.ts', import.meta.url));
    try {
      let majors = 0;
      for (let k = 0; k < 8; k++) majors = ((await pool.run(photo, {})) as PhotoAnalysis & { majors: number }).majors;
      assert.ok(majors <= 4, `${majors} full collections in 8 photos`);
    } finally {
      await pool.close();
    }
  });
});

