// The orphan sweep removes stored files no row names once they are older than
// the grace period, and nothing else: not a referenced file however old, not
// a young file whose row may be about to commit (on this node or another).
import assert from 'node:assert/strict';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, beforeEach, test } from 'node:test';
import { createAccount } from '../../src/domain/create-account.ts';
import { ORPHAN_GRACE_MS, scheduleOrphanSweeps, sweepOrphanFiles, type OrphanSweep } from '../../src/domain/sweep-orphan-files.ts';
import { makeScroll, makeStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
  // The sweep compares the files' real modification times with the clock.
  t.clock.set(new Date().toISOString());
});
after(() => t.close());

const filesDir = () => path.join(t.dataDir, 'files');

/** Every file under the storage folder, as relative paths. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(filesDir(), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(filesDir(), path.join(e.parentPath, e.name))).sort();
}

/** Writes a file straight into the folder, as a process killed before its commit would have left it. */
async function plant(relative: string, ageMs: number): Promise<void> {
  const file = path.join(filesDir(), relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'left behind');
  await age(relative, ageMs);
}

async function age(relative: string, ageMs: number): Promise<void> {
  const when = new Date(t.clock.now().getTime() - ageMs);
  await utimes(path.join(filesDir(), relative), when, when);
}

async function ageEverything(ageMs: number): Promise<void> {
  for (const file of await storedFiles()) await age(file, ageMs);
}

const OLD = ORPHAN_GRACE_MS + 60_000;
const YOUNG = ORPHAN_GRACE_MS - 60_000;

/** A store with one registered scroll: two referenced files. */
async function registry(): Promise<string[]> {
  const { account } = await makeStore(t.deps, { agent: true });
  await makeScroll(t.deps, account);
  return storedFiles();
}

test('old files no row names are removed, unfinished writes too; referenced and young files stay', async () => {
  const referenced = await registry();
  await ageEverything(OLD);
  await plant('private/photos/0b6c1c9e-0000-4000-8000-000000000001', OLD);
  await plant('public/previews/.tmp-0123456789abcdef', OLD);
  await plant('private/photos/0b6c1c9e-0000-4000-8000-000000000002', YOUNG);
  await plant('public/previews/.tmp-fedcba9876543210', YOUNG);

  const sweep = await sweepOrphanFiles(t.deps);
  assert.deepEqual([...sweep.removed].sort(), ['private/photos/0b6c1c9e-0000-4000-8000-000000000001', 'public/previews/.tmp-0123456789abcdef']);
  assert.equal(sweep.young, 2);
  assert.equal(sweep.refused, null);
  assert.deepEqual(
    await storedFiles(),
    [...referenced, 'private/photos/0b6c1c9e-0000-4000-8000-000000000002', 'public/previews/.tmp-fedcba9876543210'].sort(),
  );
});

test('a dry run lists what a sweep would remove and removes nothing', async () => {
  await registry();
  await plant('private/photos/0b6c1c9e-0000-4000-8000-000000000003', OLD);
  const before = await storedFiles();
  const sweep = await sweepOrphanFiles(t.deps, { dryRun: true });
  assert.deepEqual(sweep.removed, ['private/photos/0b6c1c9e-0000-4000-8000-000000000003']);
  assert.deepEqual(await storedFiles(), before);
});

test('a row that commits while the sweep runs keeps its file, however long the sweep takes', async () => {
  await registry();
  await ageEverything(OLD);
  // Another node registers an avatar after the sweep read the references, before it lists the files.
  const list = t.deps.files.list.bind(t.deps.files);
  let created: string | null = null;
  const files = {
    ...t.deps.files,
    async *list() {
      const account = await createAccount(t.deps, { role: 'sofer', username: 'Late', email: 'late@example.test', avatar: await scrollPhoto() });
      assert.ok(account.ok);
      created = account.value.avatarKey;
      // And the sweep is slow: by the time it looks at the file, the grace has passed twice over since it began.
      t.clock.advance(2 * ORPHAN_GRACE_MS);
      yield* list();
    },
  };
  const sweep = await sweepOrphanFiles({ ...t.deps, files });
  assert.ok(created !== null);
  assert.deepEqual(sweep.removed, []);
  assert.equal(sweep.young, 1, 'unreferenced as far as this sweep knows, but younger than the grace');
  assert.ok((await storedFiles()).includes(created));
});

test('two nodes sweeping at once remove each orphan once, and neither fails', async () => {
  await registry();
  await plant('private/photos/0b6c1c9e-0000-4000-8000-000000000004', OLD);
  await plant('public/previews/.tmp-00000000000000aa', OLD);
  const sweeps = await Promise.all([sweepOrphanFiles(t.deps), sweepOrphanFiles(t.deps)]);
  assert.ok(sweeps.every((sweep) => sweep.refused === null));
  assert.equal((await storedFiles()).length, 2);
});

test('files outside public/ and private/ are not the storage\'s, and are never touched', async () => {
  await registry();
  await plant('registry.sqlite', OLD);
  await plant('notes/readme.txt', OLD);
  const sweep = await sweepOrphanFiles(t.deps);
  assert.deepEqual(sweep.removed, []);
  assert.ok((await storedFiles()).includes('registry.sqlite'));
});

test('more orphans than referenced files: a database that is not these files\' removes nothing, and says why', async () => {
  await plant('private/photos/0b6c1c9e-0000-4000-8000-000000000005', OLD);
  const before = await storedFiles();
  const sweep = await sweepOrphanFiles(t.deps);
  assert.deepEqual(sweep.removed, []);
  assert.match(sweep.refused ?? '', /DATABASE_URL and FILES_DIR/);
  assert.deepEqual(await storedFiles(), before);
  const dryRun = await sweepOrphanFiles(t.deps, { dryRun: true });
  assert.deepEqual(dryRun.removed, ['private/photos/0b6c1c9e-0000-4000-8000-000000000005'], 'a dry run still lists them');
  assert.notEqual(dryRun.refused, null);
});

test('scheduled: once at start, then every interval; stopping ends it', async () => {
  await registry();
  await plant('private/photos/0b6c1c9e-0000-4000-8000-000000000006', OLD);
  const sweeps: OrphanSweep[] = [];
  const failures: unknown[] = [];
  const stop = scheduleOrphanSweeps(t.deps, 100, { swept: (sweep) => sweeps.push(sweep), failed: (error) => failures.push(error) });
  const until = async (condition: () => boolean) => {
    for (const deadline = Date.now() + 10_000; !condition(); await new Promise((resolve) => setTimeout(resolve, 20))) {
      assert.ok(Date.now() < deadline, 'timed out');
    }
  };
  try {
    await until(() => sweeps.length >= 1);
    assert.deepEqual(sweeps[0]?.removed, ['private/photos/0b6c1c9e-0000-4000-8000-000000000006']);
    await plant('private/photos/0b6c1c9e-0000-4000-8000-000000000007', OLD);
    await until(() => sweeps.some((sweep) => sweep.removed.includes('private/photos/0b6c1c9e-0000-4000-8000-000000000007')));
  } finally {
    await stop();
  }
  const count = sweeps.length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(sweeps.length, count, 'no sweep after stop');
  assert.deepEqual(failures, []);
});

test('an interval of 0 never sweeps', async () => {
  await registry();
  await plant('private/photos/0b6c1c9e-0000-4000-8000-000000000008', OLD);
  const stop = scheduleOrphanSweeps(t.deps, 0, { swept: () => assert.fail('swept'), failed: () => assert.fail('failed') });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await stop();
  assert.ok((await storedFiles()).includes('private/photos/0b6c1c9e-0000-4000-8000-000000000008'));
});
