// Measures the generator: node tools/synth/speed.ts [megapixels,...] [photos per size]
// Each photo is of a fresh scroll (no texture reused), after one warm-up photo;
// prints the median wall time, and the process CPU time (JS and sharp threads).

import os from 'node:os';
import { photographScroll } from './camera.ts';
import { makeScribe } from './scribe.ts';
import { makeScroll } from './scroll.ts';

const sizes = (process.argv[2] ?? '1,3,12').split(',').map(Number);
const count = Number(process.argv[3] ?? 7);
const scribe = makeScribe(7);
let next = 0;
const fresh = (): ReturnType<typeof makeScroll> => makeScroll(scribe, next++);

await photographScroll(fresh(), { kind: 'phone', seed: 999, megapixels: 1 });
console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
for (const megapixels of sizes) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < count; i++) {
    const scroll = fresh();
    const started = performance.now();
    const usage = process.cpuUsage();
    await photographScroll(scroll, { kind: 'phone', seed: 1000 + i, megapixels });
    wall.push(performance.now() - started);
    const used = process.cpuUsage(usage);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1];
  console.log(`${megapixels} MP phone photo: median ${median(wall).toFixed(0)} ms wall (min ${Math.min(...wall).toFixed(0)}, max ${Math.max(...wall).toFixed(0)}), ${median(cpu).toFixed(0)} ms CPU`);
}
