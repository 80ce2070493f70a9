import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { planDataset } from '../../tools/synth/dataset.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../../tools/synth/cli.ts');

test('the plan labels genuine, sibling and impostor pairs from who wrote what', () => {
  const { manifest, jobs } = planDataset({ scrolls: 8, scribes: 3, queries: 2, unregistered: 3, invalid: 5, seed: 4 });
  assert.equal(manifest.scrolls.length, 8);
  assert.equal(manifest.unregistered.length, 3);
  assert.equal(manifest.invalid.length, 5);
  assert.equal(new Set(manifest.invalid.map((i) => i.kind)).size, 5);
  assert.equal(jobs.length, 8 + 3 + 5);
  const scribeOf = new Map(manifest.scrolls.map((s) => [s.reference!, s.scribe]));
  const queryScribe = new Map([...manifest.scrolls, ...manifest.unregistered].flatMap((s) => s.queries.map((q) => [q, s.scribe] as const)));
  const registeredScribes = new Set(manifest.scrolls.map((s) => s.scribe));
  for (const u of manifest.unregistered) assert.ok(registeredScribes.has(u.scribe), 'unregistered scrolls come from the registered scrolls’ scribes');
  for (const pair of manifest.pairs) {
    const same = scribeOf.get(pair.a) === queryScribe.get(pair.b);
    if (pair.kind === 'genuine') assert.ok(pair.same && manifest.scrolls.some((s) => s.reference === pair.a && s.queries.includes(pair.b)));
    if (pair.kind === 'sibling') assert.ok(!pair.same && same);
    if (pair.kind === 'impostor') assert.ok(!pair.same && !same);
  }
  assert.equal(manifest.pairs.filter((p) => p.kind === 'genuine').length, 16);
  assert.ok(manifest.pairs.some((p) => p.kind === 'sibling'));
});

test('second references add a registration shot per registered scroll (ref2/) and change nothing else in the plan', () => {
  const options = { scrolls: 5, scribes: 2, queries: 2, unregistered: 2, invalid: 3, seed: 9 };
  const plain = planDataset(options);
  const withSecond = planDataset({ ...options, secondReferences: true });
  assert.deepEqual(
    withSecond.manifest.scrolls.map(({ second_reference, ...rest }) => rest),
    plain.manifest.scrolls,
  );
  assert.deepEqual(withSecond.manifest.pairs, plain.manifest.pairs);
  assert.deepEqual(withSecond.manifest.unregistered, plain.manifest.unregistered);
  withSecond.jobs.forEach((job, i) => {
    const before = plain.jobs[i];
    if (job.type !== 'scroll' || before.type !== 'scroll' || !job.shots[0].path.startsWith('ref/')) {
      assert.deepEqual(job, before);
      return;
    }
    assert.deepEqual(job.shots.slice(0, -1), before.shots, 'the existing shots keep their seeds');
    const second = job.shots.at(-1)!;
    assert.match(second.path, /^ref2\/[0-9a-f]{12}\.jpg$/);
    assert.equal(second.spec.kind, 'registration');
    assert.notEqual(second.spec.seed, job.shots[0].spec.seed, 'a different photograph of the same scroll');
  });
  const secondShots = withSecond.jobs.flatMap((j) => (j.type === 'scroll' && j.shots[0].path.startsWith('ref/') ? [j.shots.at(-1)!.path] : []));
  assert.deepEqual(withSecond.manifest.scrolls.map((s) => s.second_reference), secondShots, 'the manifest names the photo each job takes');
});

test('npm run synth writes a samples-shaped folder, byte-identical for the same seed', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'synth-'));
  try {
    const args = ['--scrolls', '1', '--scribes', '1', '--queries', '1', '--unregistered', '1', '--invalid', '1', '--seed', '42', '--megapixels', '0.15'];
    await Promise.all([
      run(process.execPath, [cli, '--out', path.join(root, 'a'), ...args]),
      run(process.execPath, [cli, '--out', path.join(root, 'b'), ...args, '--jobs', '2']),
    ]);
    const list = async (dir: string): Promise<string[]> => (await fs.readdir(dir, { recursive: true })).sort();
    const files = await list(path.join(root, 'a'));
    assert.deepEqual(files, await list(path.join(root, 'b')));
    for (const file of files) {
      const stat = await fs.stat(path.join(root, 'a', file));
      if (stat.isDirectory()) continue;
      const [x, y] = await Promise.all([fs.readFile(path.join(root, 'a', file)), fs.readFile(path.join(root, 'b', file))]);
      assert.ok(x.equals(y), `${file} identical`);
    }
    const manifest = JSON.parse(await fs.readFile(path.join(root, 'a', 'manifest.json'), 'utf8'));
    assert.deepEqual(Object.keys(manifest.counts), ['scrolls', 'queries', 'unregistered', 'invalid']);
    const [scroll] = manifest.scrolls;
    assert.match(scroll.reference, /^ref\/[0-9a-f]{12}\.jpg$/);
    assert.match(scroll.queries[0], /^query\/[0-9a-f]{12}\.jpg$/);
    assert.match(manifest.unregistered[0].queries[0], /^unreg\/[0-9a-f]{12}\.jpg$/);
    assert.match(manifest.invalid[0].path, /^invalid\/[0-9a-f]{12}\.jpg$/);
    assert.ok(scroll.letter_px > 0);
    const shot = manifest.shots[scroll.queries[0]];
    const sampleFields = ['long', 'tilt', 'roll', 'coverage', 'curl', 'bg', 'exposure', 'defocus', 'motion', 'jpeg', 'finger', 'crop', 'glare', 'shadow'];
    for (const field of sampleFields) {
      assert.ok(field in shot, `shots carry ${field}`);
    }
    assert.deepEqual(Object.keys(shot).slice(0, sampleFields.length), sampleFields, 'the samples’ fields come first, in their order');
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
