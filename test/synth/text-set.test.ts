import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { TEXT_REPORT, TEXT_TUNE } from '../../tools/scenes/index.ts';
import { planTextSet, TEXT_ERROR_KINDS, textSetArguments, type TextManifest } from '../../tools/synth/index.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../../tools/synth/text-set-cli.ts');

test('the plan writes clean scrolls, each kind of error alone, and two or three together, by the scribes in turn', () => {
  const { manifest, jobs } = planTextSet({ seed: 3, scribes: 5, clean: 3, perKind: 2, multi: 4, registration: [3, 12], phone: 2 });
  assert.equal(manifest.scrolls.length, 3 + 8 * 2 + 4);
  assert.equal(jobs.length, manifest.scrolls.length);
  assert.equal(manifest.counts.photos, manifest.scrolls.length * 4);
  assert.deepEqual(manifest.scrolls.slice(0, 3).map((s) => s.errors), [[], [], []]);
  TEXT_ERROR_KINDS.forEach((kind, k) => {
    for (const s of manifest.scrolls.slice(3 + 2 * k, 5 + 2 * k)) assert.deepEqual(s.errors.map((e) => e.kind), [kind]);
  });
  const multi = manifest.scrolls.slice(-4).map((s) => s.errors);
  assert.deepEqual(multi.map((e) => e.length), [2, 3, 2, 3]);
  for (const errors of multi) assert.equal(new Set(errors.map((e) => e.kind)).size, errors.length, 'different kinds');
  assert.equal(new Set(manifest.scrolls.map((s) => s.scribe)).size, 5);
  jobs.forEach((job, i) => {
    assert.deepEqual(job.errors, manifest.scrolls[i].errors);
    const [reg3, reg12, ...phones] = job.shots;
    assert.match(reg3.path, /^reg-3mp\/[0-9a-f]{12}\.jpg$/);
    assert.match(reg12.path, /^reg-12mp\/[0-9a-f]{12}\.jpg$/);
    assert.deepEqual({ ...reg3.spec, megapixels: 12 }, reg12.spec, 'the same registration scene at both sizes');
    assert.deepEqual(phones.map((p) => p.spec.kind), ['phone', 'phone']);
    assert.equal(phones[0].spec.megapixels, undefined, 'phone photo sizes are drawn');
  });
  assert.deepEqual(planTextSet({ seed: 3, scribes: 5, clean: 3, perKind: 2, multi: 4, registration: [3, 12], phone: 2 }), { manifest, jobs }, 'same seed, same plan');
});

test('the tune and report sets are different scrolls, declared with their seeds', () => {
  assert.notEqual(TEXT_TUNE.seed, TEXT_REPORT.seed);
  assert.deepEqual(TEXT_TUNE.registration, [3, 12]);
  assert.deepEqual(TEXT_REPORT.registration, [3, 12]);
  const args = textSetArguments(TEXT_TUNE);
  assert.deepEqual(args.slice(0, 2), ['--seed', String(TEXT_TUNE.seed)]);
});

test('npm run synth:text writes every photo and its errors’ boxes, byte-identical for the same seed whatever the job count', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'synth-text-'));
  try {
    const args = ['--seed', '8', '--scribes', '2', '--clean', '1', '--per-kind', '0', '--multi', '1', '--registration', '0.3,0.6', '--phone', '0'];
    await Promise.all([run(process.execPath, [cli, '--out', path.join(root, 'a'), ...args]), run(process.execPath, [cli, '--out', path.join(root, 'b'), ...args, '--jobs', '2'])]);
    const list = async (dir: string): Promise<string[]> => (await fs.readdir(dir, { recursive: true })).sort();
    const files = await list(path.join(root, 'a'));
    assert.deepEqual(files, await list(path.join(root, 'b')));
    for (const file of files) {
      if ((await fs.stat(path.join(root, 'a', file))).isDirectory()) continue;
      const [x, y] = await Promise.all([fs.readFile(path.join(root, 'a', file)), fs.readFile(path.join(root, 'b', file))]);
      assert.ok(x.equals(y), `${file} identical`);
    }
    const manifest: TextManifest = JSON.parse(await fs.readFile(path.join(root, 'a', 'manifest.json'), 'utf8'));
    assert.equal(manifest.scrolls.length, 2);
    const [clean, withErrors] = manifest.scrolls;
    assert.deepEqual(clean.photos.map((p) => p.errors), [[], []]);
    assert.equal(withErrors.errors.length, 2);
    for (const photo of withErrors.photos) {
      const shot = manifest.shots[photo.path];
      assert.ok(shot && files.includes(photo.path));
      assert.ok(photo.letter_px > 0);
      assert.deepEqual(photo.errors.map(({ box, ...error }) => error), withErrors.errors);
      for (const { box } of photo.errors) {
        assert.ok(box, 'a registration photo shows the whole sheet');
        const [x, y, w, h] = box;
        assert.ok(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= shot.width && y + h <= shot.height);
      }
    }
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
