// The registration photo's text check, run after the registration has
// answered by whichever node claims it (src/domain/run-text-checks.ts): each
// check run once, kept, retried when the engine was busy or its node died,
// given up when it cannot be made.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  runPendingTextChecks,
  scheduleTextChecks,
  TEXT_CHECK_LEASE_MS,
  TEXT_CHECK_MAX_ATTEMPTS,
} from '../../src/domain/run-text-checks.ts';
import { makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { textPhoto } from '../support/photos.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { requestersDuring, WHOLE_TEXT_READ } from '../support/test-engine.ts';

const textCheckOf = async (t: TestApp, key: string, uuid: string) => (await storeGet(t.app, key, `/api/v1/store/mezuzah-text-check/${uuid}`)).json();

/** A promise `release` resolves: the test double holds its text checks on it. */
function hold(): { readonly promise: Promise<void>; readonly release: () => void } {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

async function eventually(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe('one node', () => {
  let t: TestApp;
  let store: TestStore;
  before(async () => {
    t = await createTestApp();
    store = await makeStore(t.deps, { agent: true });
  });
  after(() => t.close());

  test("a pass runs the registration's check under a requester of its own, and keeps the engine's answer", async () => {
    const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto([[3, 1]]) });
    let pass;
    assert.deepEqual(await requestersDuring(t.engine, async () => (pass = await runPendingTextChecks(t.deps))), ['background:text-check']);
    assert.deepEqual(pass, { done: 1, failed: 0, busy: false });
    const check = await textCheckOf(t, store.key, scroll.uuid);
    assert.equal(check.state, 'done');
    assert.deepEqual(check.findings.map((f: { kind: string; line: number; word: number }) => [f.kind, f.line, f.word]), [['extra_letter', 4, 2]]);
    assert.deepEqual(check.read, WHOLE_TEXT_READ);
    assert.deepEqual(await runPendingTextChecks(t.deps), { done: 0, failed: 0, busy: false }, 'a check is run once');
  });

  test('a busy engine: the pass stops, and the check is done by a later one, the refusals not counted as attempts', async () => {
    const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    t.engine.busy = true;
    try {
      for (let i = 0; i <= TEXT_CHECK_MAX_ATTEMPTS; i++) assert.deepEqual(await runPendingTextChecks(t.deps), { done: 0, failed: 0, busy: true });
    } finally {
      t.engine.busy = false;
    }
    assert.equal((await textCheckOf(t, store.key, scroll.uuid)).state, 'pending');
    assert.deepEqual(await runPendingTextChecks(t.deps), { done: 1, failed: 0, busy: false });
    assert.equal((await textCheckOf(t, store.key, scroll.uuid)).verdict, 'no_errors_found');
  });

  test('a photo missing from storage: failed, saying so', async () => {
    const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    await t.deps.files.remove(`private/photos/${scroll.uuid}`);
    assert.deepEqual(await runPendingTextChecks(t.deps), { done: 0, failed: 1, busy: false });
    const check = await textCheckOf(t, store.key, scroll.uuid);
    assert.deepEqual([check.state, check.failure], ['failed', 'the registration photo is missing.']);
  });

  test('an engine that fails on a photo: its claim lapses and it is tried again, and after the last attempt it is given up', async () => {
    const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    const failing = { ...t.deps, engine: { ...t.engine, checkText: () => Promise.reject(new Error('the worker died')) } };
    for (let attempt = 1; attempt <= TEXT_CHECK_MAX_ATTEMPTS; attempt++) {
      await assert.rejects(runPendingTextChecks(failing), /the worker died/);
      // Its claim holds for the whole lease: no pass takes it meanwhile.
      t.clock.advance(TEXT_CHECK_LEASE_MS);
      assert.deepEqual(await runPendingTextChecks(failing), { done: 0, failed: 0, busy: false }, `attempt ${attempt}`);
      t.clock.advance(1000);
    }
    assert.deepEqual(await runPendingTextChecks(t.deps), { done: 0, failed: 1, busy: false });
    const check = await textCheckOf(t, store.key, scroll.uuid);
    assert.deepEqual([check.state, check.failure], ['failed', `the check did not finish in ${TEXT_CHECK_MAX_ATTEMPTS} attempts.`]);
  });

  test('the newest registration is checked first, so a backlog never holds up a fresh one', async () => {
    const older = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    const newer = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
    const checked: Uint8Array[] = [];
    const recording = { ...t.deps, engine: { ...t.engine, checkText: (photo: Uint8Array, requester?: string) => (checked.push(photo), t.engine.checkText(photo, requester)) } };
    assert.deepEqual(await runPendingTextChecks(recording), { done: 2, failed: 0, busy: false });
    assert.deepEqual(checked.map((photo) => Buffer.from(photo).equals(newer.photo)), [true, false]);
    assert.ok(Buffer.from(checked[1]).equals(older.photo));
  });

  test('scheduled: passes run in the background; stopping waits for the check under way, which is kept', async () => {
    const checking = hold();
    t.engine.textCheckHold = checking.promise;
    const begun = t.engine.textChecksBegun;
    const stop = scheduleTextChecks(t.deps, 10, { ran: () => {}, failed: (error) => assert.fail(String(error)) });
    try {
      const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
      await eventually(() => t.engine.textChecksBegun > begun, 'the scheduled pass to begin the check');
      const stopped = stop();
      checking.release();
      await stopped;
      assert.equal((await textCheckOf(t, store.key, scroll.uuid)).state, 'done');
      const after = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
      await sleep(50);
      assert.equal((await textCheckOf(t, store.key, after.uuid)).state, 'pending', 'nothing runs once stopped');
    } finally {
      t.engine.textCheckHold = undefined;
      checking.release();
      await stop();
    }
  });
});

test('a node stopped in the middle of a check: after the restart the check is claimed again once its lease has lapsed, and done', async () => {
  const first = await createTestApp();
  const store = await makeStore(first.deps, { agent: true });
  const scroll = await makeScroll(first.deps, store.account, { photo: await textPhoto([[0, 0]]) });
  const checking = hold();
  first.engine.textCheckHold = checking.promise;
  const interrupted = runPendingTextChecks(first.deps);
  await eventually(() => first.engine.textChecksBegun === 1, 'the check to begin');
  await first.stop();
  // The engine answers after the node's database has gone: nothing is kept.
  checking.release();
  await assert.rejects(interrupted);

  const second = await createTestApp({ reopen: first });
  try {
    second.clock.set(first.clock.now().toISOString());
    assert.deepEqual(await runPendingTextChecks(second.deps), { done: 0, failed: 0, busy: false }, 'the claim holds until its lease lapses');
    assert.equal((await textCheckOf(second, store.key, scroll.uuid)).state, 'pending');
    second.clock.advance(TEXT_CHECK_LEASE_MS);
    assert.deepEqual(await runPendingTextChecks(second.deps), { done: 0, failed: 0, busy: false }, 'a claim holds for its whole lease');
    second.clock.advance(1000);
    assert.deepEqual(await runPendingTextChecks(second.deps), { done: 1, failed: 0, busy: false });
    const check = await textCheckOf(second, store.key, scroll.uuid);
    assert.deepEqual([check.state, check.verdict, check.findings.length], ['done', 'errors_found', 1]);
  } finally {
    await second.close();
  }
});

test('two nodes on one database run each check once', async () => {
  const one = await createTestApp();
  const two = await createTestApp({ reopen: one });
  try {
    const store = await makeStore(one.deps, { agent: true });
    const scrolls = [];
    for (let i = 0; i < 16; i++) scrolls.push(await makeScroll(one.deps, store.account, { photo: await textPhoto([[i, i]]) }));
    const [a, b] = await Promise.all([runPendingTextChecks(one.deps), runPendingTextChecks(two.deps)]);
    assert.equal(a.done + b.done, scrolls.length);
    assert.equal(one.engine.textChecksBegun + two.engine.textChecksBegun, scrolls.length, 'no check ran twice');
    assert.ok(one.engine.textChecksBegun > 0 && two.engine.textChecksBegun > 0, `both nodes ran checks: ${one.engine.textChecksBegun}, ${two.engine.textChecksBegun}`);
    for (const [i, scroll] of scrolls.entries()) {
      const check = await textCheckOf(one, store.key, scroll.uuid);
      assert.deepEqual([check.state, check.findings[0].line, check.findings[0].word], ['done', i + 1, i + 1]);
    }
  } finally {
    await one.stop();
    await two.close();
  }
});

test("a node that answers after its claim lapsed and was taken over keeps nothing: the check is the other node's", async () => {
  const slow = await createTestApp();
  const other = await createTestApp({ reopen: slow });
  try {
    const store = await makeStore(slow.deps, { agent: true });
    const scroll = await makeScroll(slow.deps, store.account, { photo: await textPhoto([[5, 5]]) });
    const slowCheck = hold();
    slow.engine.textCheckHold = slowCheck.promise;
    const stalled = runPendingTextChecks(slow.deps);
    await eventually(() => slow.engine.textChecksBegun === 1, 'the slow node to begin the check');

    other.clock.set(slow.clock.now().toISOString());
    other.clock.advance(TEXT_CHECK_LEASE_MS + 1000);
    // The other node reads a photo without errors, so that its answer is told from the slow node's.
    await other.deps.files.put(`private/photos/${scroll.uuid}`, await textPhoto());
    const otherCheck = hold();
    other.engine.textCheckHold = otherCheck.promise;
    const takeover = runPendingTextChecks(other.deps);
    await eventually(() => other.engine.textChecksBegun === 1, 'the other node to take the check over');

    // The slow node answers first, holding a claim no longer its own.
    slowCheck.release();
    assert.deepEqual(await stalled, { done: 0, failed: 0, busy: false });
    assert.equal((await textCheckOf(other, store.key, scroll.uuid)).state, 'pending');
    otherCheck.release();
    assert.deepEqual(await takeover, { done: 1, failed: 0, busy: false });
    const check = await textCheckOf(other, store.key, scroll.uuid);
    assert.deepEqual([check.state, check.verdict], ['done', 'no_errors_found']);
  } finally {
    await slow.stop();
    await other.close();
  }
});
