// npm run bench:floor [-- --rounds N]
//
// The 12 MP row of bench:identify divides check-mezuzah's time by sharp's full
// decode of the same file, timed in the bench's own process, which by then
// holds the benchmark sets and has made sharp slower there than in a small
// process (docs/benchmarks.md, "The decode floor"). This measures the ratio
// against the clean floor: a small, fresh client process starts a server with
// six 12 MP scenes of the bench's kind registered (`speedShot`, scrolls of the
// report seed) and, photo by photo in turn, times a check through HTTP, the
// same photo's analysis in this process, and sharp's full decode; it prints
// the medians and the ratio.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { analyzePhoto } from '../src/engine/analyze-photo.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll } from '../tools/synth/index.ts';
import { REPORT, speedShot } from '../tools/scenes/index.ts';
import { leanChecker, prepareCheck } from './lib/lean-checker.ts';
import { quantile } from './lib/rates.ts';
import { openSeeder, startServer } from './lib/registry-server.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);

const photos: { jpeg: Uint8Array; uuid: string }[] = [];
for (let k = 0; k < 6; k++) {
  const scroll = makeScroll(makeScribe(deriveSeed(REPORT.seed, 'scribe', k)), deriveSeed(REPORT.seed, 'scroll', 7 * k));
  const { jpeg } = await photographScroll(scroll, speedShot(deriveSeed('bench-12mp', k)));
  photos.push({ jpeg: new Uint8Array(jpeg), uuid: randomUUID() });
}
const fingerprints: Uint8Array[] = [];
for (const p of photos) {
  const analysis = await analyzePhoto(p.jpeg);
  if (analysis.kind !== 'scroll') throw new Error('a scene did not read; the floor needs all six registered');
  fingerprints.push(analysis.fingerprint);
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mzr-floor-'));
const seeder = await openSeeder(dataDir);
await seeder.add(photos.length, (i) => fingerprints[i], (i) => photos[i].uuid);
const server = await startServer(dataDir);
const client = leanChecker(server.node.url);
try {
  const requests = photos.map((p) => prepareCheck(p.jpeg));
  for (const r of requests) await client.check(r); // both workers warm on this size
  const check: number[] = [];
  const analysis: number[] = [];
  const decode: number[] = [];
  let right = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [i, p] of photos.entries()) {
      let t = performance.now();
      const answer = await client.check(requests[i]);
      check.push(performance.now() - t);
      if (answer.body.uuid === p.uuid) right++;
      t = performance.now();
      await analyzePhoto(p.jpeg);
      analysis.push(performance.now() - t);
      t = performance.now();
      await sharp(p.jpeg).raw().toBuffer();
      decode.push(performance.now() - t);
    }
  }
  const [c, a, d] = [check, analysis, decode].map((xs) => quantile(xs, 0.5));
  console.log(`${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${rounds} rounds of the six 12 MP scenes (medians):`);
  console.log(`  check-mezuzah through HTTP  ${c.toFixed(0)} ms (found right ${right}/${check.length})`);
  console.log(`  analysis in this process    ${a.toFixed(0)} ms`);
  console.log(`  sharp full decode           ${d.toFixed(0)} ms`);
  console.log(`  check / decode              ${(c / d).toFixed(2)}×`);
} finally {
  client.close();
  await server.node.stop();
  await seeder.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
