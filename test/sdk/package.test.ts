// The SDK as a partner installs it: built by its own tsconfig into JavaScript
// and declarations, importable by plain Node without type stripping.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
let outDir: string | undefined;
after(async () => {
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
});

test('sdk/ builds to ESM JavaScript with declarations, and its entry point loads', async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'sdk-build-'));
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', path.join(root, 'sdk/tsconfig.json'), '--outDir', outDir]);
  const manifest = JSON.parse(await readFile(path.join(root, 'sdk/package.json'), 'utf8'));
  assert.deepEqual(manifest.exports['.'], { types: './dist/index.d.ts', import: './dist/index.js' });
  assert.equal(manifest.dependencies, undefined, 'no runtime dependency');
  const declarations = await readFile(path.join(outDir, 'index.d.ts'), 'utf8');
  assert.match(declarations, /MezuzahRecord/);
  const built = await import(pathToFileURL(path.join(outDir, 'index.js')).href);
  assert.equal(typeof built.MezuzahRegistryClient, 'function');
  assert.equal(typeof built.MezuzahApiError, 'function');
  const client = new built.MezuzahRegistryClient({ baseUrl: 'https://registry.example.org' });
  assert.equal(typeof client.sellMezuzah, 'function');
  // Its modules import one another as .js, as published JavaScript must.
  assert.match(await readFile(path.join(outDir, 'client.js'), 'utf8'), /from '\.\/transport\.js'/);
});
