// A real server process killed (SIGKILL) in the middle of a registration, once
// its private photo is on disk and before its row commits, leaves files no row
// names. The sweep removes them and nothing else: by the CLI (`files sweep`),
// and by a node at its start. Needs the shared sample photos (the production
// engine must read a scroll before anything is written); skips without them.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Database } from '../../src/db/database.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { formatTimestamp, systemClock } from '../../src/domain/clock.ts';
import { createAccount } from '../../src/domain/create-account.ts';
import { createApiKey } from '../../src/domain/manage-api-keys.ts';
import { ORPHAN_GRACE_MS } from '../../src/domain/sweep-orphan-files.ts';
import { localFileStorage } from '../../src/files/local-file-storage.ts';
import { haveSamples, manifest, samplePhoto } from '../engine/samples.ts';
import { startNode, type NodeProcess } from '../support/node-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const skip = haveSamples ? false : 'the shared sample photos are not beside the repository';

function expectOk<T>(outcome: { ok: true; value: T } | { ok: false; msg: string }): T {
  if (!outcome.ok) throw new Error(outcome.msg);
  return outcome.value;
}

test('a registration killed mid-write leaves orphans; the CLI and a starting node sweep them, and nothing else', { skip, timeout: 300_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-orphans-'));
  const filesDir = path.join(dataDir, 'files');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_BASE_URL: 'https://registry.test' };
  const db: Database = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'registry.sqlite') }, () => formatTimestamp(systemClock.now()));
  const nodes: NodeProcess[] = [];
  try {
    const deps = { db, files: localFileStorage(filesDir), clock: systemClock };
    const person = (role: string, extra: object = {}) =>
      createAccount(deps, { role, username: `${role} one`, email: `${role}@example.test`, confirmed: true, ...extra }).then(expectOk);
    const store = await person('agent');
    const sofer = await person('sofer');
    const megiah = await person('megiah', { megiahType: 'senior' });
    const key = expectOk(await createApiKey(deps, store.uuid)).key;
    const scrolls = manifest().scrolls.map((scroll) => samplePhoto(scroll.reference));

    const start = async (name: string) => {
      const node = await startNode(name, env);
      nodes.push(node);
      return node;
    };
    const register = (node: NodeProcess, photo: Uint8Array) => {
      const form = new FormData();
      for (const [field, value] of Object.entries({
        sofer: sofer.uuid, megiah: megiah.uuid, writtendate: '2024-01-10', examinateddate: '2024-02-20', font: 'Beit Yosef', size: '12 cm',
      })) form.append(field, value);
      form.append('mezuzah', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'scroll.jpg');
      return fetch(`${node.url}/api/v1/store/register-mezuzah`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    };

    /** Every file in the storage folder, as its key (or a leftover's path). */
    const storedFiles = async () =>
      (await readdir(filesDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
    const referenced = async () => {
      const keys: string[] = [];
      for await (const page of db.fileReferences.keys(1000)) keys.push(...page);
      return keys.sort();
    };
    const orphans = async () => {
      const named = new Set(await referenced());
      return (await storedFiles()).filter((file) => !named.has(file));
    };
    /** As if the grace period had passed since every file was written. */
    const ageEverything = async () => {
      const then = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
      for (const file of await storedFiles()) await utimes(path.join(filesDir, file), then, then);
    };
    const cli = async (...args: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'src/cli/main.ts'), ...args], { cwd: root, env: { ...process.env, ...env } });
      return JSON.parse(stdout);
    };

    /**
     * Registers `photo` on `node` and kills the node with SIGKILL the moment
     * the private photo appears in the folder: the preview and the commit come
     * after it. Returns the files left that no row names; none when the commit
     * won the race.
     */
    const killMidRegistration = async (node: NodeProcess, photo: Uint8Array) => {
      const photos = path.join(filesDir, 'private', 'photos');
      await mkdir(photos, { recursive: true });
      const before = new Set(await readdir(photos));
      const watcher = watch(photos, (_event, name) => {
        if (name !== null && !name.startsWith('.') && !before.has(name)) node.kill();
      });
      try {
        await register(node, photo).then((response) => response.text()).catch(() => 'the connection dropped');
      } finally {
        watcher.close();
      }
      node.kill();
      await node.stop();
      return orphans();
    };
    /**
     * Kills registrations (each on a fresh node) until one leaves orphans; the
     * scroll it was registering stays unregistered. An attempt whose commit won
     * the race registered its scroll: `namedBefore` is what the rows named when
     * the interrupted attempt began.
     */
    const interrupted = async (name: string, photos: Uint8Array[]) => {
      for (const photo of photos) {
        const namedBefore = await referenced();
        const left = await killMidRegistration(await start(name), photo);
        if (left.length > 0) return { left, photo, namedBefore };
      }
      throw new Error('every registration committed before its node was killed');
    };

    // Node A registers one scroll, then dies in the middle of the next.
    const a = await start('A');
    const first = await register(a, scrolls[0]);
    assert.equal(first.status, 200, await first.clone().text());
    const { uuid } = await first.json();
    const kept = await referenced();
    assert.equal(kept.length, 2, 'the registered scroll names its photo and preview');
    a.kill();
    await a.stop();
    const killedA = await interrupted('A2', scrolls.slice(1, 3));
    assert.ok(killedA.left.some((file) => file.startsWith('private/photos/')), `the private photo is left: ${killedA.left}`);
    assert.deepEqual(await referenced(), killedA.namedBefore, 'the killed registration committed nothing');

    // Young orphans may be another node's registration about to commit: no sweep touches them.
    const early = await cli('files', 'sweep');
    assert.deepEqual(early.removed, []);
    assert.equal(early.young, killedA.left.length);

    await ageEverything();
    const before = await storedFiles();
    const dryRun = await cli('files', 'sweep', '--dry-run');
    assert.deepEqual([...dryRun.removed].sort(), killedA.left);
    assert.deepEqual(await storedFiles(), before, 'a dry run removes nothing');
    const swept = await cli('files', 'sweep');
    assert.deepEqual([...swept.removed].sort(), killedA.left);
    assert.deepEqual(await storedFiles(), killedA.namedBefore, 'only the registered scrolls\' files remain');

    // Node B registers the interrupted scroll after all (nothing half-done blocks it), then dies in the middle of another.
    const b = await start('B');
    const retried = await register(b, killedA.photo);
    assert.equal(retried.status, 200, await retried.clone().text());
    b.kill();
    await b.stop();
    const killedB = await interrupted('B2', scrolls.slice(3).filter((photo) => photo !== killedA.photo));
    await ageEverything();

    // Node C removes them at its start, in the background.
    const c = await start('C');
    for (const deadline = Date.now() + 30_000; (await orphans()).length > 0; await new Promise((resolve) => setTimeout(resolve, 100))) {
      assert.ok(Date.now() < deadline, `node C did not sweep ${killedB.left}:\n${c.output()}`);
    }
    assert.deepEqual(await storedFiles(), killedB.namedBefore);
    const preview = await fetch(`${c.url}/static/previews/${uuid}.jpg`);
    assert.equal(preview.status, 200);
    assert.ok((await preview.arrayBuffer()).byteLength > 0);
    assert.equal(await c.stop(), 0, c.output());
  } finally {
    for (const node of nodes) node.kill();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
