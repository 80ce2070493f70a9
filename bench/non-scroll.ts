// npm run bench:non-scroll [-- --seed N --count N --kind other_text --megapixels 1]
//
// How many images without a scroll the engine reads as one, on a fresh batch
// of the generator's non-scroll images (tools/synth/non-scroll.ts) larger than the
// benchmark sets hold: the tune and report sets have 6 and 12 printed pages,
// too few to see a rate of a few percent. Every image is made from the seed
// (image i from deriveSeed(seed, 'ns', i)), at 3 MP like the sets, and cached
// under bench/.data; `--kind` makes them all of one kind, else the kinds take
// turns; `--megapixels` makes them smaller or larger (1 MP images, under the
// working size, are also read enlarged when unread). Analysis runs in this
// thread, one image at a time (decode, then the reading), and prints each image
// read as a scroll, the count, and by kind the median and slowest reading time
// (wall clock, and the process's CPU time, which other work on the machine
// slows less), and how many images took each reading beyond the first (the
// first decode not included; a second one, at the working size, for a
// reduced 12 MP image that does not read, is).
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decodePhoto } from '../src/engine/decode-photo.ts';
import { readDecoded } from '../src/engine/analyze-photo.ts';
import type { Opinion } from '../src/engine/reader/walk.ts';
import { deriveSeed, makeNonScroll, NON_SCROLL_KINDS, type NonScrollKind } from '../tools/synth/index.ts';
import { quantile } from './lib/rates.ts';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '8808' }, count: { type: 'string', default: '100' }, kind: { type: 'string' }, megapixels: { type: 'string', default: '3' } } });
const seed = Number(values.seed);
const count = Number(values.count);
const only = values.kind as NonScrollKind | undefined;
const megapixels = Number(values.megapixels);
if (!Number.isInteger(seed) || !(count >= 1)) throw new Error('--seed must be an integer and --count at least 1');
if (!(megapixels > 0 && megapixels <= 50)) throw new Error('--megapixels must be a number in (0, 50]');
if (only && !NON_SCROLL_KINDS.includes(only)) throw new Error(`--kind must be one of ${NON_SCROLL_KINDS.join(', ')}`);

const dir = path.resolve(import.meta.dirname, '.data', `non-scroll-s${seed}-${only ?? 'mixed'}-${megapixels}mp`);
await fs.mkdir(dir, { recursive: true });
const times = new Map<string, number[]>();
const cpuTimes = new Map<string, number[]>();
/** Per kind: how many images took each reading beyond the first (an opinion named once per image however often it ran). */
const readings = new Map<string, Map<string, number>>();
let read = 0;
for (let i = 0; i < count; i++) {
  const kind = only ?? NON_SCROLL_KINDS[i % NON_SCROLL_KINDS.length];
  const file = path.join(dir, `${i}.jpg`);
  let jpeg: Uint8Array;
  let subkind: string;
  if (existsSync(file)) {
    jpeg = new Uint8Array(await fs.readFile(file));
    ({ subkind } = JSON.parse(await fs.readFile(`${file}.json`, 'utf8')) as { subkind: string });
  } else {
    const image = await makeNonScroll(kind, deriveSeed(seed, 'ns', i), { megapixels });
    await fs.writeFile(`${file}.json`, JSON.stringify(image.info));
    await fs.writeFile(file, image.jpeg);
    jpeg = new Uint8Array(image.jpeg);
    subkind = image.info.subkind;
  }
  const decoded = await decodePhoto(jpeg, false);
  const opinions: Opinion[] = [];
  const t = performance.now();
  const cpu = process.cpuUsage();
  // As analyzePhoto reads it (a reduced 12 MP photo may be decoded again, at the working size).
  const result = await readDecoded(jpeg, decoded, opinions);
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - t;
  const label = `${kind}/${subkind}`;
  times.set(label, [...(times.get(label) ?? []), ms]);
  cpuTimes.set(label, [...(cpuTimes.get(label) ?? []), (used.user + used.system) / 1000]);
  const taken = readings.get(label) ?? new Map<string, number>();
  for (const name of new Set(opinions.filter((o) => o.taken).map((o) => o.name))) taken.set(name, (taken.get(name) ?? 0) + 1);
  readings.set(label, taken);
  if (result.kind === 'scroll') {
    read++;
    console.log(`read as a scroll: image ${i} (${label}), ${result.points.keys.length} word ends`);
  }
}
console.log(`seed ${seed}, ${count} images${only ? ` (${only})` : ''}: ${read} read as a scroll, ${count - read} invalid`);
for (const [label, ms] of [...times].sort()) {
  const cpu = cpuTimes.get(label)!;
  console.log(`  ${label.padEnd(30)} ${String(ms.length).padStart(4)} images, reading median ${quantile(ms, 0.5).toFixed(0)} ms, slowest ${Math.max(...ms).toFixed(0)} ms; CPU median ${quantile(cpu, 0.5).toFixed(0)} ms, most ${Math.max(...cpu).toFixed(0)} ms`);
  const taken = [...readings.get(label)!].map(([name, n]) => `${name} ${n}`).join(', ');
  console.log(`  ${''.padEnd(30)} readings beyond the first (images): ${taken || 'none'}`);
}
// The kinds whole (their subkinds together), and every image: the figures issue 50 asks of a non-scroll image.
const byKind = new Map<string, { ms: number[]; cpu: number[] }>();
for (const [label, ms] of times) {
  for (const key of [label.split('/')[0], 'every image']) {
    const entry = byKind.get(key) ?? { ms: [], cpu: [] };
    entry.ms.push(...ms);
    entry.cpu.push(...cpuTimes.get(label)!);
    byKind.set(key, entry);
  }
}
for (const [kind, { ms, cpu }] of [...byKind].sort()) {
  console.log(`${kind.padEnd(32)} ${String(ms.length).padStart(4)} images, reading median ${quantile(ms, 0.5).toFixed(0)} ms, slowest ${Math.max(...ms).toFixed(0)} ms; CPU median ${quantile(cpu, 0.5).toFixed(0)} ms, most ${Math.max(...cpu).toFixed(0)} ms`);
}
