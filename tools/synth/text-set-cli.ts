// npm run synth:text -- --out DIR --seed S --scribes K --clean C --per-kind N --multi M [--registration 3,12] [--phone Q] [--jobs J]
// npm run synth:text -- --out DIR --set tune|report [--jobs J]   (TEXT_TUNE, TEXT_REPORT of tools/scenes/sets.ts)
// Writes a text-check data set (text-set.ts): reg-<M>mp/ (a registration photo of
// every scroll at each size), phone/ and manifest.json with every error and its
// box in each photo. The same arguments give byte-identical files, whatever --jobs is.

import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TEXT_REPORT, TEXT_TUNE } from '../scenes/sets.ts';
import { writeAll } from './run-jobs.ts';
import { PHONE_DIR, planTextSet, recordTextOutputs, registrationDir } from './text-set.ts';
import type { TextSetOptions } from './text-set.ts';

const USAGE =
  'usage: npm run synth:text -- --out DIR (--set tune|report | --seed S --scribes K --clean C --per-kind N --multi M [--registration 3,12] [--phone Q]) [--jobs J]';

/** The declared sets, by the name --set takes. */
const SETS: Readonly<Record<string, TextSetOptions>> = { tune: TEXT_TUNE, report: TEXT_REPORT };

function parseOptions(argv: readonly string[]): { out: string; jobs: number; options: TextSetOptions } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      out: { type: 'string' },
      set: { type: 'string' },
      seed: { type: 'string', default: '1' },
      scribes: { type: 'string', default: '4' },
      clean: { type: 'string', default: '2' },
      'per-kind': { type: 'string', default: '1' },
      multi: { type: 'string', default: '1' },
      registration: { type: 'string', default: '3,12' },
      phone: { type: 'string', default: '1' },
      jobs: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (!values.out) throw new Error(`--out is required\n${USAGE}`);
  if (values.set !== undefined && !SETS[values.set]) throw new Error(`--set is one of ${Object.keys(SETS).join(', ')}\n${USAGE}`);
  const count = (name: string, text: string, min = 0): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}, got "${text}"\n${USAGE}`);
    return value;
  };
  const registration = values.registration === '' ? [] : values.registration.split(',').map(Number);
  if (registration.some((mp) => !(mp >= 0.05 && mp <= 50))) throw new Error(`--registration takes sizes between 0.05 and 50 megapixels, comma-separated\n${USAGE}`);
  return {
    out: values.out,
    jobs: count('jobs', values.jobs, 1),
    options: values.set !== undefined ? SETS[values.set] : {
      seed: count('seed', values.seed),
      scribes: count('scribes', values.scribes, 1),
      clean: count('clean', values.clean),
      perKind: count('per-kind', values['per-kind']),
      multi: count('multi', values.multi),
      registration,
      phone: count('phone', values.phone),
    },
  };
}

async function main(): Promise<void> {
  const { out, jobs, options } = parseOptions(process.argv.slice(2));
  const plan = planTextSet(options);
  for (const dir of [...options.registration.map(registrationDir), ...(options.phone > 0 ? [PHONE_DIR] : [])]) await fs.mkdir(path.join(out, dir), { recursive: true });
  const total = plan.manifest.counts.photos;
  const started = performance.now();
  const outputs = await writeAll(plan.jobs, jobs, out, total, 'photos');
  recordTextOutputs(plan.manifest, outputs);
  await fs.writeFile(path.join(out, 'manifest.json'), JSON.stringify(plan.manifest, null, 1));
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`\rwrote ${total} photos of ${plan.manifest.counts.scrolls} scrolls and manifest.json to ${out} in ${seconds.toFixed(1)} s\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
