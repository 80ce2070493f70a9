import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { decodeHeic } from '../../src/engine/heic.ts';

test('the WebAssembly memory a large HEIC grew is given back once the next photo is decoded', async () => {
  // A blank 12 MP HEIC (4,000 × 3,000, 3 KB): its RGBA needs tens of MB of
  // WebAssembly memory more than its luma. With one libheif instance for every
  // photo that memory stays taken (measured by this test: external memory
  // 75.0 → 117.2 MB); with an instance per photo it comes back (21.5 → 55.8
  // MB right after the RGBA, 21.5 after the next photo). libheif-js keeps its
  // latest instance reachable until the next is made, so the test decodes once
  // more before measuring.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const external = async () => {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
    gc();
    return process.memoryUsage().external;
  };
  const heic = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-12mp-blank.heic', import.meta.url)));
  await decodeHeic(heic, 'luma', 8);
  const before = await external();
  const { width, height, channels } = await decodeHeic(heic, 'rgba', 8);
  assert.deepEqual([width, height, channels], [4000, 3000, 4]);
  await decodeHeic(heic, 'luma', 8);
  const after = await external();
  assert.ok(after - before < 8 * 2 ** 20, `external memory ${(before / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MB`);
});
