// The engine's shape as issue 52 set it: no file a newcomer cannot read in a
// sitting, and no module state beyond the caches and scratch each says it is.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';

const ENGINE = path.resolve(import.meta.dirname, '../../src/engine');
const files = async () => (await fs.readdir(ENGINE, { recursive: true })).filter((f) => f.endsWith('.ts')).sort();

/** The most lines an engine file may hold. */
const MAX_LINES = 400;

test(`no file in src/engine holds more than ${MAX_LINES} lines`, async () => {
  const long: string[] = [];
  for (const file of await files()) {
    const lines = (await fs.readFile(path.join(ENGINE, file), 'utf8')).split('\n').length - 1;
    if (lines > MAX_LINES) long.push(`${file}: ${lines}`);
  }
  assert.deepEqual(long, []);
});

/**
 * The module-level variables the engine reassigns, each documented where it
 * stands: libheif's lazy factory and the worker's share of the decode budget
 * (heic.ts), a decode thread's one answer (heic-thread.ts), the alignment's
 * growing scratch (recognise-layout.ts).
 */
const DOCUMENTED = ['heic.ts: libheifFactory', 'heic.ts: decodeBudget', 'heic-thread.ts: answer', 'recognise-layout.ts: costBuf'];

test('the engine reassigns no module-level variable but the documented caches and scratch', async () => {
  const found: string[] = [];
  for (const file of await files()) {
    for (const m of (await fs.readFile(path.join(ENGINE, file), 'utf8')).matchAll(/^(?:export )?(?:let|var) (\w+)/gm)) found.push(`${file}: ${m[1]}`);
  }
  assert.deepEqual(found.sort(), [...DOCUMENTED].sort());
});
