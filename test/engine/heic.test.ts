import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DecodeBudget } from '../../src/engine/decode-budget.ts';
import { decodeHeic, decodeHeicBounded } from '../../src/engine/heic.ts';
import { readPhotoHeader } from '../../src/engine/photo-format.ts';
import { UnsupportedImageError } from '../../src/engine/types.ts';

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

test('a HEIC larger than the working size needs is decoded in a thread of its own, whose memory goes with it', async () => {
  // A blank 24 MP HEIC as RGBA (92 MB of pixels). Decoded in this thread, it
  // grew the process by 257 MB that stayed, decode after decode, until a
  // garbage collection that nothing asked for (measured: 108 → 365 MB); in a
  // thread of its own, by the pixels handed over and little else.
  const heic = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-24mp-blank.heic', import.meta.url)));
  await decodeHeic(new Uint8Array(await readFile(new URL('../fixtures/photos/heic-scroll-phone.heic', import.meta.url))), 'luma', 8);
  const before = process.memoryUsage().rss;
  const image = await decodeHeicBounded(heic, 'rgba', 8, 6000 * 4000);
  assert.deepEqual([image.width, image.height, image.channels, image.data.length], [6000, 4000, 4, 6000 * 4000 * 4]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const beyondPixels = (process.memoryUsage().rss - before - image.data.length) / 2 ** 20;
  assert.ok(beyondPixels < 64, `the process grew by ${beyondPixels.toFixed(0)} MB beyond the pixels it holds`);
});

test('a HEIC over MAX_HEIF_PIXELS is refused from its header, before any pixel is decoded', async () => {
  const bomb = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-100mp-blank.heic', import.meta.url)));
  assert.equal(bomb.length < 32 * 1024, true, 'a 100 MP HEIC in a few KB');
  const rssBefore = process.memoryUsage().rss;
  await assert.rejects(readPhotoHeader(bomb), (error: Error) => {
    assert.ok(error instanceof UnsupportedImageError);
    assert.match(error.message, /10000×10000 pixels; HEIC\/HEIF photos of at most 50 megapixels are accepted/);
    return true;
  });
  assert.ok(process.memoryUsage().rss - rssBefore < 64 * 2 ** 20);
});

test('the decode budget: megapixels beyond the capacity wait until others are given back', async () => {
  const budget = new DecodeBudget(DecodeBudget.share(), 64);
  const first = await budget.take(48);
  let second: number | undefined;
  const waiting = budget.take(24).then((units) => (second = units));
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(second, undefined, '48 + 24 > 64: the second waits');
  assert.equal(budget.taken, 48);
  budget.give(first);
  await waiting;
  assert.equal(second, 24);
  assert.equal(budget.taken, 24);
  // A photo larger than the whole budget takes all of it rather than waiting for ever.
  budget.give(24);
  assert.equal(await budget.take(500), 64);
});
