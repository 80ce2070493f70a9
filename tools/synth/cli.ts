// npm run synth -- --out DIR --scrolls N --scribes K --queries Q --unregistered U --invalid I --seed S [--megapixels M] [--second-references] [--jobs J]
// Writes a folder shaped like ../shared/samples. The same arguments give
// byte-identical files, whatever --jobs is.

import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { planDataset, recordOutputs } from './dataset.ts';
import type { DatasetOptions } from './dataset.ts';
import { writeAll } from './run-jobs.ts';

const USAGE =
  'usage: npm run synth -- --out DIR --scrolls N --scribes K --queries Q --unregistered U --invalid I --seed S [--megapixels M] [--second-references] [--jobs J]';

function parseOptions(argv: readonly string[]): { out: string; jobs: number; options: DatasetOptions } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      out: { type: 'string' },
      scrolls: { type: 'string', default: '6' },
      scribes: { type: 'string', default: '3' },
      queries: { type: 'string', default: '2' },
      unregistered: { type: 'string', default: '2' },
      invalid: { type: 'string', default: '6' },
      seed: { type: 'string', default: '1' },
      'second-references': { type: 'boolean', default: false },
      megapixels: { type: 'string' },
      jobs: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (!values.out) throw new Error(`--out is required\n${USAGE}`);
  const count = (name: string, text: string, min = 0): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}, got "${text}"\n${USAGE}`);
    return value;
  };
  const megapixels = values.megapixels === undefined ? undefined : Number(values.megapixels);
  if (megapixels !== undefined && !(megapixels >= 0.05 && megapixels <= 50)) throw new Error(`--megapixels must be between 0.05 and 50\n${USAGE}`);
  return {
    out: values.out,
    jobs: count('jobs', values.jobs, 1),
    options: {
      scrolls: count('scrolls', values.scrolls),
      scribes: count('scribes', values.scribes, 1),
      queries: count('queries', values.queries),
      unregistered: count('unregistered', values.unregistered),
      invalid: count('invalid', values.invalid),
      seed: count('seed', values.seed),
      megapixels,
      secondReferences: values['second-references'],
    },
  };
}

async function main(): Promise<void> {
  const { out, jobs, options } = parseOptions(process.argv.slice(2));
  const plan = planDataset(options);
  for (const dir of ['ref', 'query', 'unreg', 'invalid', ...(options.secondReferences ? ['ref2'] : [])]) await fs.mkdir(path.join(out, dir), { recursive: true });
  const total = plan.jobs.reduce((n, j) => n + (j.type === 'scroll' ? j.shots.length : 1), 0);
  const started = performance.now();
  const outputs = await writeAll(plan.jobs, jobs, out, total, 'images');
  recordOutputs(plan.manifest, outputs);
  await fs.writeFile(path.join(out, 'manifest.json'), JSON.stringify(plan.manifest, null, 1));
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`\rwrote ${total} images and manifest.json to ${out} in ${seconds.toFixed(1)} s\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
