// The scale benchmark's distractors stand in for registrations; this checks
// that a hand-model fingerprint is what the engine measures from a photo of the
// same scroll, and not what it measures from a sibling's.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { compositeSource, fillRegistry, handPoints } from '../../tools/scenes/hand-fingerprints.ts';
import { comparePoints } from '../../src/engine/compare.ts';
import { decodeFingerprint } from '../../src/engine/fingerprint.ts';
import { createEngine } from '../../src/engine/index.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll } from '../../tools/synth/index.ts';

const engine = await createEngine({ workers: 1 });
after(() => engine.close());

test('a registration photo reads as its own hand-model fingerprint, not as a sibling’s', async () => {
  const scribe = makeScribe(deriveSeed('hand-fp-test', 'scribe'));
  const scroll = makeScroll(scribe, deriveSeed('hand-fp-test', 'scroll'));
  const sibling = makeScroll(scribe, deriveSeed('hand-fp-test', 'sibling'));
  const photo = await photographScroll(scroll, { kind: 'registration', seed: 5, megapixels: 2 });
  const analysis = await engine.analyzePhoto(photo.jpeg);
  assert.equal(analysis.kind, 'scroll');
  const measured = decodeFingerprint(analysis.kind === 'scroll' ? analysis.fingerprint : new Uint8Array());
  const own = comparePoints(measured, handPoints(scroll));
  const other = comparePoints(measured, handPoints(sibling));
  assert.ok(own >= 0.5, `own scroll ${own}`);
  assert.ok(other < 0.3, `sibling ${other}`);
});

test('composites are distinct fingerprints with every word end, reproducible from their index', () => {
  const source = compositeSource(3, 4, 3);
  const a = decodeFingerprint(source.fingerprint(10));
  assert.equal(a.keys.length, 340);
  assert.deepEqual(source.fingerprint(10), source.fingerprint(10));
  assert.notDeepEqual(source.fingerprint(10), source.fingerprint(14), 'same scribe, different lines chosen');
});

test('a benchmark registry spreads the registrations evenly among the distractors, every one filed once', () => {
  const filed: string[] = [];
  const recorder = { add: (id: string) => void filed.push(id), get size() { return filed.length; } };
  const registrations = ['r0', 'r1', 'r2'].map((id) => ({ id, fingerprint: new Uint8Array() }));
  const source = { fingerprint: () => new Uint8Array() };
  fillRegistry(recorder, registrations, source, 12);
  assert.equal(filed.length, 12);
  assert.deepEqual(['r0', 'r1', 'r2'].map((id) => filed.indexOf(id)), [0, 5, 10], 'one registration every four distractors, not all first');
  assert.equal(new Set(filed).size, 12, 'distractor ids are distinct');
  // More registrations than room: all that fit, distractors only where room is left.
  filed.length = 0;
  fillRegistry(recorder, registrations, source, 2);
  assert.deepEqual(filed, ['r0', 'r1']);
});
