// Runs the engine over a synthetic data set folder (see tools/synth/README.md)
// once, and caches the results beside it, keyed by a hash of the engine source
// that photo analysis runs, so that any change to it re-analyses.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createEngine } from '../../src/engine/index.ts';
import type { DatasetSpec } from '../../tools/scenes/index.ts';
import type { Manifest } from '../../tools/synth/dataset.ts';

export type Analysis = { readonly fingerprint: Uint8Array | null; readonly reason?: string; readonly ms: number };

export type AnalysedDataset = {
  readonly dir: string;
  readonly spec: DatasetSpec;
  readonly manifest: Manifest;
  readonly results: ReadonlyMap<string, Analysis>;
  readonly analysisSeconds: number;
};

const ROOT = path.resolve(import.meta.dirname, '../..');

export function datasetDir(name: string, spec: DatasetSpec): string {
  const s = spec;
  return path.join(ROOT, 'bench/.data', `${name}-s${s.seed}-${s.scrolls}x${s.queries}-w${s.scribes}-u${s.unregistered}-i${s.invalid}-${s.megapixels}mp`);
}

/** The synth CLI, unless the folder already holds this exact set. */
export function ensureDataset(dir: string, spec: DatasetSpec, log: (line: string) => void): void {
  if (existsSync(path.join(dir, 'manifest.json'))) return;
  log(`generating ${dir} (the synthetic generator; minutes)`);
  const args = ['tools/synth/cli.ts', '--out', dir, '--seed', String(spec.seed), '--scrolls', String(spec.scrolls), '--scribes', String(spec.scribes),
    '--queries', String(spec.queries), '--unregistered', String(spec.unregistered), '--invalid', String(spec.invalid),
    '--megapixels', String(spec.megapixels), '--second-references', '--jobs', '2'];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`the generator failed (exit ${run.status})`);
}

/**
 * Engine source the cached photo analysis never runs, by path under src/engine
 * (a trailing '/' names a folder): the 1:N index and the point-for-point comparison.
 */
const NOT_ANALYSIS = ['search-index/', 'compare.ts'];

const runsInAnalysis = (file: string): boolean =>
  file.endsWith('.ts') && !NOT_ANALYSIS.some((skip) => (skip.endsWith('/') ? file.startsWith(skip) : file === skip));

/**
 * A hash of the engine source the photo analysis runs, in every folder of
 * src/engine: each file's path (relative, '/'-separated, sorted) and content.
 * Analysis caches are keyed by it.
 */
export async function engineHash(dir = path.join(ROOT, 'src/engine')): Promise<string> {
  const files = (await fs.readdir(dir, { recursive: true }))
    .map((file) => file.split(path.sep).join('/'))
    .filter(runsInAnalysis)
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await fs.readFile(path.join(dir, file)));
  return hash.digest('hex').slice(0, 12);
}

/** Each image (a path under `dir`) through the engine's worker pool, all queued at once (one requester, the whole queue its own). */
export async function analyseFiles(dir: string, files: readonly string[]): Promise<Map<string, Analysis>> {
  const queue = Math.max(1, files.length);
  const engine = await createEngine({ maxQueue: queue, maxQueuedPerRequester: queue });
  const results = new Map<string, Analysis>();
  try {
    await Promise.all(
      files.map(async (f) => {
        const bytes = await fs.readFile(path.join(dir, f));
        const t = performance.now();
        const r = await engine.analyzePhoto(bytes);
        results.set(f, r.kind === 'scroll' ? { fingerprint: r.fingerprint, ms: performance.now() - t } : { fingerprint: null, reason: r.reason, ms: performance.now() - t });
      }),
    );
  } finally {
    await engine.close();
  }
  return results;
}

function photosOf(manifest: Manifest): string[] {
  const files: string[] = [];
  for (const s of manifest.scrolls) files.push(s.reference!, ...(s.second_reference ? [s.second_reference] : []), ...s.queries);
  for (const s of manifest.unregistered) files.push(...s.queries);
  for (const i of manifest.invalid) files.push(i.path);
  return files;
}

export async function analyseDataset(dir: string, spec: DatasetSpec, log: (line: string) => void): Promise<AnalysedDataset> {
  const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const cache = path.join(dir, `analysis-${await engineHash()}.json`);
  if (existsSync(cache)) {
    const stored = JSON.parse(await fs.readFile(cache, 'utf8')) as { seconds: number; results: Record<string, { fp: string | null; reason?: string; ms: number }> };
    const results = new Map(Object.entries(stored.results).map(([f, r]) => [f, { fingerprint: r.fp ? new Uint8Array(Buffer.from(r.fp, 'base64')) : null, reason: r.reason, ms: r.ms }]));
    return { dir, spec, manifest, results, analysisSeconds: stored.seconds };
  }
  const files = photosOf(manifest);
  log(`analysing ${files.length} images of ${path.basename(dir)}`);
  const started = performance.now();
  const results = await analyseFiles(dir, files);
  const seconds = (performance.now() - started) / 1000;
  const serial = Object.fromEntries([...results].map(([f, r]) => [f, { fp: r.fingerprint ? Buffer.from(r.fingerprint).toString('base64') : null, reason: r.reason, ms: Math.round(r.ms) }]));
  await fs.writeFile(cache, JSON.stringify({ seconds, results: serial }));
  return { dir, spec, manifest, results, analysisSeconds: seconds };
}
