import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDecoded } from '../../../src/engine/analyze-photo.ts';
import { decodePhoto } from '../../../src/engine/decode-photo.ts';
import { ReadingBudget, type Opinion, type ReadingName } from '../../../src/engine/reader/walk.ts';
import { deriveSeed } from '../../../tools/synth/index.ts';
import { makeNonScroll, type NonScrollKind } from '../../../tools/synth/non-scroll.ts';
import { stressPhoto } from '../../../tools/scenes/index.ts';

// The reader's lists walked on real scenes: which readings ran, never how long
// they took (readings.test.ts tests the loop and its CPU budget on a clock of
// its own).

/** The readings given only where the first reading found lines of text (reader/walk.ts, `fallback`). */
const FALLBACKS = new Set<ReadingName>(['faint-ink', 'line-frame', 'text-outline', 'unveiled', 'letter-sizes', 'unfanned', 'clipped', 'deblurred', 'enlarged', 'working-size']);

/** A photo's bytes read as the service reads them, with a budget unless the default: its reading and the opinions logged. */
async function readingOf(jpeg: Uint8Array, budget?: ReadingBudget): Promise<{ kind: string; opinions: Opinion[] }> {
  const opinions: Opinion[] = [];
  const read = await readDecoded(jpeg, await decodePhoto(jpeg, false), opinions, budget);
  return { kind: read.kind, opinions };
}

const nonScroll = async (kind: NonScrollKind, seed: number, megapixels = 3) => new Uint8Array((await makeNonScroll(kind, deriveSeed(8808, 'ns', seed), { megapixels })).jpeg);

test('an image without lines of text is answered invalid without a fallback reading', async () => {
  // bench:non-scroll's default seed: blank parchment (image 0, its parchment
  // clipped at white), a table (1, veiled: read again with the veil off, which
  // is no fallback), a photo (7). Each took the faint ink, the line frame and
  // the unveiled ink before (image 0 the clipped inks too, with each of them).
  for (const [kind, seed] of [['blank_parchment', 0], ['background', 1], ['photo', 7]] as const) {
    const { kind: read, opinions } = await readingOf(await nonScroll(kind, seed));
    assert.equal(read, 'invalid', kind);
    assert.deepEqual(opinions.filter((o) => FALLBACKS.has(o.name)), [], `${kind}: ${opinions.map((o) => o.name).join(', ')}`);
  }
});

test('a printed page whose lines hold more letters than a mezuzah has is answered invalid without a fallback reading', async () => {
  // bench:non-scroll --seed 8808, image 13 (Latin print): its full-size
  // reading finds 27 lines holding 1,336 letters, where a mezuzah has 713.
  // It took 31 readings before, every opinion and two deblurred readings.
  const budget = new ReadingBudget({ readings: 90, cpuMs: Infinity });
  const { kind, opinions } = await readingOf(await nonScroll('other_text', 13), budget);
  assert.equal(kind, 'invalid');
  assert.deepEqual(opinions.filter((o) => FALLBACKS.has(o.name)), [], opinions.map((o) => o.name).join(', '));
  assert.equal(budget.read, 3, 'the photo as taken, at half size and at full size');
});

test('a printed page holding no more letters than a mezuzah still gets the fallbacks and ends invalid; its deblurred readings are at most two', async () => {
  // bench:non-scroll --seed 8808, image 28 (Latin print shaken by 9 px): its
  // letters run together, and its lines hold 576 of them.
  const { kind, opinions } = await readingOf(await nonScroll('other_text', 28));
  assert.equal(kind, 'invalid');
  assert.ok(opinions.some((o) => o.name === 'faint-ink' && o.taken), 'the fallbacks within its first reading');
  assert.equal(opinions.filter((o) => o.name === 'deblurred').length, 2);
});

test('a shaken photo whose first reading ties no more word ends than a printed page does still gets the fallback that reads it', async () => {
  // bench:stress's shake-1mp/33 (7 px of shake at 1 MP): its first reading tied
  // 5 word ends at half size and 4 at full size, fewer than printed pages tie by
  // chance (up to 22 at half size in bench:non-scroll's seed 8808), so the lines
  // it found are all that calls for the fallbacks; the second streak deblurred
  // reads it (hard-photos.test.ts: it matches its registration).
  const phone = await stressPhoto('shake-1mp', 33);
  const { kind, opinions } = await readingOf(new Uint8Array(phone.jpeg));
  assert.equal(kind, 'scroll');
  assert.equal(opinions.filter((o) => o.name === 'deblurred' && o.taken).length, 2);
});

test('the photo\'s budget of readings stops its reading: the reading it stops is logged as not taken, and none is read after it', async () => {
  // The shaken printed page above calls for every opinion, and a deblurred
  // reading; five readings are the photo as taken, its half-size and
  // full-size readings, the faint ink and the line frame. The text outline is
  // stopped, and with it the photo's deblurred reading: neither is read, nor
  // anything after them.
  const budget = new ReadingBudget({ readings: 5, cpuMs: Infinity });
  const { kind, opinions } = await readingOf(await nonScroll('other_text', 28), budget);
  assert.equal(kind, 'invalid');
  assert.equal(budget.read, 5);
  assert.deepEqual(opinions, [
    { name: 'full-size', taken: true },
    { name: 'faint-ink', taken: true },
    { name: 'line-frame', taken: true },
    { name: 'text-outline', taken: false },
    { name: 'deblurred', taken: false },
  ]);
});
