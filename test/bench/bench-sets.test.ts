// The bench's comparison of a set's small photos with the registrations of the
// same scenes at full size (`npm run bench:sets -- --1mp`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AnalysedDataset } from '../../bench/lib/analyse-dataset.ts';
import { phoneAgainstRegistrations } from '../../bench/lib/bench-sets.ts';
import { encodeFingerprint } from '../../src/engine/fingerprint.ts';
import type { Manifest } from '../../tools/synth/dataset.ts';
import { deriveSeed, makeScribe, makeScroll } from '../../tools/synth/index.ts';
import { handPoints, type DatasetSpec } from '../../tools/scenes/index.ts';

const scribe = makeScribe(deriveSeed('bench-sets-test', 'scribe'));
const hands = [0, 1].map((k) => encodeFingerprint(handPoints(makeScroll(scribe, deriveSeed('bench-sets-test', 'scroll', k)))));

/** A set of two scrolls, each with a registration and one phone photo, analysed as given (null: unread). */
function analysed(seed: number, megapixels: number, fingerprints: Record<string, Uint8Array | null>): AnalysedDataset {
  const scrolls = [0, 1].map((k) => ({ id: `r${k}`, scribe: 'w0', reference: `ref/${k}-${megapixels}.jpg`, queries: [`query/${k}-${megapixels}.jpg`], font: 'stam' }));
  const manifest = { scrolls, unregistered: [], invalid: [] } as unknown as Manifest;
  const spec: DatasetSpec = { seed, scrolls: 2, scribes: 1, queries: 1, unregistered: 0, invalid: 0, megapixels };
  const results = new Map(Object.entries(fingerprints).map(([f, fingerprint]) => [f, { fingerprint, ms: 1 }]));
  return { dir: '', spec, manifest, results, analysisSeconds: 0 };
}

test('each small photo is compared with its own scroll’s full-size registration; an unread one scores 0', () => {
  const big = analysed(7, 3, { 'ref/0-3.jpg': hands[0], 'ref/1-3.jpg': hands[1] });
  // Scroll 0's small photo reads as scroll 0; scroll 1's is unread.
  const small = analysed(7, 1, { 'ref/0-1.jpg': null, 'ref/1-1.jpg': null, 'query/0-1.jpg': hands[0], 'query/1-1.jpg': null });
  const [own, unread] = phoneAgainstRegistrations(big, small);
  assert.ok(own > 0.99, `own scroll ${own}`);
  assert.equal(unread, 0);
  // Paired by scroll, not by position in a flat list: swapped, both are different scrolls.
  const swapped = analysed(7, 1, { 'query/0-1.jpg': hands[1], 'query/1-1.jpg': hands[0] });
  for (const s of phoneAgainstRegistrations(big, swapped)) assert.ok(s < 0.4, `different scroll ${s}`);
});

test('sets of different seeds (different scrolls) are refused', () => {
  assert.throws(() => phoneAgainstRegistrations(analysed(7, 3, {}), analysed(8, 1, {})), /share a seed/);
});
