import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { engineHash } from '../../bench/lib/analyse-dataset.ts';

test('the key of the analysis caches covers engine files in subfolders, and not the index or the comparison', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'engine-hash-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const write = async (file: string, text: string) => {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  };
  await write('index.ts', 'a');
  await write('reader/readings/dehazed.ts', 'b');
  await write('compare.ts', 'c');
  await write('search-index/shards.ts', 'e');
  const before = await engineHash(dir);

  await write('compare.ts', 'c2');
  await write('search-index/shards.ts', 'e2');
  await write('notes.md', 'not source');
  assert.equal(await engineHash(dir), before, 'nothing the analysis runs changed');

  await write('reader/readings/dehazed.ts', 'b2');
  assert.notEqual(await engineHash(dir), before, 'a reading in a subfolder changed');
  await write('reader/readings/dehazed.ts', 'b');
  await fs.rename(path.join(dir, 'reader/readings/dehazed.ts'), path.join(dir, 'reader/dehazed.ts'));
  assert.notEqual(await engineHash(dir), before, 'the same file in another folder');
});
