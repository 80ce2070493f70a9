// The clean decode floor: run as a child process by bench:identify, it times
// sharp's full decode of the JPEG files of a folder, one after another, for
// some rounds, in a process that holds nothing else (the bench's own process
// holds the benchmark sets, and sharp decodes more slowly there: see
// docs/benchmarks.md, "The decode floor"). Prints the median in ms as JSON.
//   node bench/lib/decode-probe.ts <folder> <rounds>
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { quantile } from './rates.ts';

const [folder, roundsArg] = process.argv.slice(2);
const files = fs.readdirSync(folder).filter((f) => f.endsWith('.jpg')).sort().map((f) => fs.readFileSync(path.join(folder, f)));
const times: number[] = [];
for (let round = 0; round < Number(roundsArg); round++) {
  for (const file of files) {
    const t = performance.now();
    await sharp(file).raw().toBuffer();
    times.push(performance.now() - t);
  }
}
console.log(JSON.stringify({ medianMs: quantile(times, 0.5), decodes: times.length }));
