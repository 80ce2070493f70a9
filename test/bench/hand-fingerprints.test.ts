// The scale benchmark's distractors stand in for registrations; this checks
// that a hand-model fingerprint is what the engine measures from a photo of the
// same scroll, and not what it measures from a sibling's.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { compositeSource, handPoints } from '../../bench/lib/hand-fingerprints.ts';
import { comparePoints } from '../../src/engine/compare.ts';
import { decodeFingerprint } from '../../src/engine/fingerprint.ts';
import { createEngine } from '../../src/engine/index.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll } from '../../src/synth/index.ts';

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
