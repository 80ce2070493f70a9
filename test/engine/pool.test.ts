import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { WorkerPool } from '../../src/engine/pool.ts';
import type { WorkerTask } from '../../src/engine/worker.ts';
import { EngineBusyError, type PhotoAnalysis, type TextCheck } from '../../src/engine/types.ts';

type Seen = { thread: number; shared: boolean; bytes: number[]; task: WorkerTask };
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

  it('hands the worker each task as asked: an analysis with its options, a text check', async () => {
    assert.deepEqual(seen(await pool.run(Uint8Array.of(1), { preview: true })).task, { kind: 'analyze', options: { preview: true } });
    const check: TextCheck = await pool.checkText(Uint8Array.of(2));
    assert.equal(check.kind, 'invalid');
    const got: Seen = JSON.parse(check.kind === 'invalid' ? check.reason : '{}');
    assert.deepEqual(got.task, { kind: 'text' });
    assert.deepEqual(got.bytes, [2]);
    assert.equal(got.shared, true);
  });
});

describe('WorkerPool turns', () => {
  const sleeper = new URL('./pool-sleep-worker.ts', import.meta.url);
  type Slept = { label: number; start: number; end: number };
  const slept = (analysis: PhotoAnalysis): Slept => {
    assert.equal(analysis.kind, 'scroll');
    return JSON.parse(new TextDecoder().decode(analysis.fingerprint));
  };
  /**
   * Sends each job (requester, label) in order, without waiting, each holding
   * its worker 40 ms, and gives the labels in the order they finished; with
   * one worker, the order they ran in.
   */
  async function finishingOrder(pool: WorkerPool, jobs: [string, number][]): Promise<string[]> {
    const done: string[] = [];
    await Promise.all(
      jobs.map(([requester, label]) =>
        pool.run(Uint8Array.of(40, label), {}, requester).then((r) => done.push(`${requester}${slept(r).label}`)),
      ),
    );
    return done;
  }

  it('gives a freed worker to a requester waiting behind another one\'s queue, not to the queue\'s next photo', async () => {
    const pool = new WorkerPool(1, 16, sleeper);
    try {
      // A's four photos came first; B's one photo runs second, not fifth.
      assert.deepEqual(await finishingOrder(pool, [['a', 1], ['a', 2], ['a', 3], ['a', 4], ['b', 1]]), ['a1', 'b1', 'a2', 'a3', 'a4']);
    } finally {
      await pool.close();
    }
  });

  it('has requesters with photos waiting take turns, each photo of one requester in the order sent', async () => {
    const pool = new WorkerPool(1, 16, sleeper);
    try {
      const order = await finishingOrder(pool, [['a', 1], ['a', 2], ['a', 3], ['b', 1], ['b', 2], ['c', 1]]);
      assert.deepEqual(order, ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    } finally {
      await pool.close();
    }
  });

  it('serves first the requester with fewer photos running', async () => {
    const pool = new WorkerPool(2, 16, sleeper);
    try {
      // A's first photo takes one worker for 200 ms, then B's first the other
      // for 10 ms; A's second and B's second wait. When B's first ends, A has
      // a photo running and B none, so B's second goes next although A was
      // served longer ago and sent its second first; A's second waits for it
      // to end (at 50 ms). Served by turn alone, A's second would start at
      // 10 ms and B's at 50. (The starts compared are 40 ms apart, on the same
      // worker: no race between two threads' clocks.)
      // Both workers started first: a thread that comes up late on a loaded machine would leave A's first photo alone in the pool.
      await Promise.all([pool.run(Uint8Array.of(0, 9), {}, 'w1'), pool.run(Uint8Array.of(0, 9), {}, 'w2')]);
      const jobs: [string, number, number][] = [['a', 200, 1], ['b', 10, 0], ['a', 40, 2], ['b', 40, 1]];
      const [, , a2, b1] = (await Promise.all(jobs.map(([who, ms, label]) => pool.run(Uint8Array.of(ms, label), {}, who)))).map(slept);
      assert.ok(b1.start < a2.start, JSON.stringify({ a2, b1 }));
    } finally {
      await pool.close();
    }
  });

  it("refuses a requester's photo past its share of the queue, and still queues another requester's", async () => {
    const pool = new WorkerPool(1, 8, sleeper, 2);
    try {
      const running = pool.run(Uint8Array.of(40, 1), {}, 'a');
      const queued = [pool.run(Uint8Array.of(0, 2), {}, 'a'), pool.run(Uint8Array.of(0, 3), {}, 'a')];
      await assert.rejects(pool.run(Uint8Array.of(0, 4), {}, 'a'), EngineBusyError);
      const other = pool.run(Uint8Array.of(0, 1), {}, 'b');
      const results = await Promise.all([running, ...queued, other]);
      assert.deepEqual(results.map((r) => slept(r).label), [1, 2, 3, 1]);
      // Its queue drained, the requester is served again.
      assert.equal((await pool.run(Uint8Array.of(0, 5), {}, 'a')).kind, 'scroll');
    } finally {
      await pool.close();
    }
  });

  it("counts a requester's text checks and analyses against one share of the queue", async () => {
    const pool = new WorkerPool(1, 8, sleeper, 2);
    try {
      const running = pool.checkText(Uint8Array.of(40, 1), 'a');
      const queued = [pool.run(Uint8Array.of(0, 2), {}, 'a'), pool.checkText(Uint8Array.of(0, 3), 'a')];
      await assert.rejects(pool.checkText(Uint8Array.of(0, 4), 'a'), EngineBusyError);
      await assert.rejects(pool.run(Uint8Array.of(0, 4), {}, 'a'), EngineBusyError);
      const other = pool.checkText(Uint8Array.of(0, 1), 'b');
      await Promise.all([running, ...queued, other]);
    } finally {
      await pool.close();
    }
  });

  it("gives a requester's text check its turn among another's analyses", async () => {
    const pool = new WorkerPool(1, 16, sleeper);
    try {
      const done: string[] = [];
      const analyses = [1, 2, 3].map((label) => pool.run(Uint8Array.of(40, label), {}, 'a').then(() => done.push(`a${label}`)));
      const check = pool.checkText(Uint8Array.of(40, 1), 'text-checks').then(() => done.push('check'));
      await Promise.all([...analyses, check]);
      assert.deepEqual(done, ['a1', 'check', 'a2', 'a3']);
    } finally {
      await pool.close();
    }
  });

  it('refuses any photo once the whole queue is full, whoever sent it', async () => {
    const pool = new WorkerPool(1, 2, sleeper, 2);
    try {
      const accepted = [pool.run(Uint8Array.of(40, 1), {}, 'a'), pool.run(Uint8Array.of(0, 2), {}, 'b'), pool.run(Uint8Array.of(0, 3), {}, 'c')];
      await assert.rejects(pool.run(Uint8Array.of(0, 4), {}, 'd'), EngineBusyError);
      assert.equal((await Promise.all(accepted)).length, 3);
    } finally {
      await pool.close();
    }
  });

  it('lets a requester alone use every worker', async () => {
    const pool = new WorkerPool(2, 16, sleeper);
    try {
      // Its two photos, sent at once, run at the same time: each starts before the other ends.
      const [one, two] = (await Promise.all([pool.run(Uint8Array.of(200, 1), {}, 'a'), pool.run(Uint8Array.of(200, 2), {}, 'a')])).map(slept);
      assert.ok(one.start < two.end && two.start < one.end, JSON.stringify([one, two]));
    } finally {
      await pool.close();
    }
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

describe('WorkerPool, watched', () => {
  const sleeper = new URL('./pool-sleep-worker.ts', import.meta.url);

  it("tells its observer each photo's wait and outcome, and its load at any moment", async () => {
    const waits: number[] = [];
    const ends: { task: string; outcome: string; ranMs: number }[] = [];
    const pool = new WorkerPool(1, 1, sleeper, 1, {
      started: (waitedMs) => waits.push(waitedMs),
      finished: (task, outcome, ranMs) => ends.push({ task, outcome, ranMs }),
    });
    try {
      assert.deepEqual(pool.load, { workers: 1, running: 0, queued: 0 });
      // The node's own warm-up is no client's photo: not reported.
      await pool.warmUp(Uint8Array.of(0, 9), 1);
      assert.deepEqual([waits, ends], [[], []]);
      const first = pool.run(Uint8Array.of(60, 1), {}, 'a');
      const second = pool.run(Uint8Array.of(10, 2), {}, 'b');
      assert.deepEqual(pool.load, { workers: 1, running: 1, queued: 1 });
      // The queue's one place is taken: refused at once, and told as busy.
      await assert.rejects(pool.checkText(Uint8Array.of(0, 3), 'c'), EngineBusyError);
      await Promise.all([first, second]);
      assert.deepEqual(pool.load, { workers: 1, running: 0, queued: 0 });
      assert.equal(waits.length, 2);
      assert.ok(waits[0] < 30, `the first photo found its worker free (waited ${waits[0]} ms)`);
      assert.ok(waits[1] >= 40, `the second waited for the first's 60 ms (waited ${waits[1]} ms)`);
      assert.deepEqual(ends.map(({ task, outcome }) => `${task} ${outcome}`), ['text busy', 'analyze scroll', 'analyze scroll']);
      assert.equal(ends[0].ranMs, 0);
      assert.ok(ends[1].ranMs >= 50, `the first ran its 60 ms (${ends[1].ranMs} ms)`);
    } finally {
      await pool.close();
    }
  });
});
