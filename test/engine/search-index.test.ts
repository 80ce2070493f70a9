import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compositeSource, handPoints } from '../../tools/scenes/index.ts';
import { comparePoints } from '../../src/engine/compare.ts';
import { decodeFingerprint, encodeFingerprint, type ScrollPoints } from '../../src/engine/fingerprint.ts';
import { SearchIndex } from '../../src/engine/search-index/search-index.ts';
import { createRandom, deriveSeed, makeScribe, makeScroll } from '../../tools/synth/index.ts';

/** A re-measurement of the same scroll: jitter, a smooth warp (leftover perspective and curl; `stretch` across the lines), a share of word ends lost. */
function rephotograph(p: ScrollPoints, seed: number, { jitter = 0.0008, lost = 0.25, widen = 0, stretch = 1.01 } = {}): Uint8Array {
  const rnd = createRandom(seed);
  const keys: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < p.keys.length; i++) {
    if (rnd.next() < lost) continue;
    const x = p.xs[i];
    const y = p.ys[i];
    keys.push(p.keys[i]);
    // `widen`: thicker strokes, every word's start (even key) and end moved apart.
    xs.push(x * stretch + 0.004 * y * y + rnd.normal() * jitter + (p.keys[i] % 2 === 0 ? widen : -widen));
    ys.push(y * 0.99 + 0.003 * x * x + rnd.normal() * jitter);
  }
  return encodeFingerprint({ keys: Uint16Array.from(keys), xs: Float32Array.from(xs), ys: Float32Array.from(ys) });
}

const scribe = makeScribe(deriveSeed('index-test', 'scribe'));
const target = handPoints(makeScroll(scribe, deriveSeed('index-test', 'target')));
const sibling = handPoints(makeScroll(scribe, deriveSeed('index-test', 'sibling')));
const distractors = compositeSource(deriveSeed('index-test', 'distractors'), 20, 6);

/** The target itself, or a registration of its very fingerprint (withTwins). */
const isTarget = (id: string | undefined) => id === 'target' || id?.startsWith('twin') === true;

/** How many of 20 re-measurements of the target (seeds 500 on) the index finds as the target (or one of its twins). */
function timesFound(index: SearchIndex, options: Parameters<typeof rephotograph>[2]): number {
  let found = 0;
  for (let k = 0; k < 20; k++) if (isTarget(index.identify(rephotograph(target, 500 + k, options))?.scrollId)) found++;
  return found;
}

function indexWith(n: number): SearchIndex {
  const index = new SearchIndex();
  for (let i = 0; i < n; i++) index.add(`d${i}`, distractors.fingerprint(i));
  index.add('target', encodeFingerprint(target));
  index.add('sibling-registered', distractors.fingerprint(n));
  return index;
}

/** indexWith(n), and `twins` more registrations of the target's very fingerprint crowding every key it has. */
function withTwins(n: number, twins: number): SearchIndex {
  const index = indexWith(n);
  for (let i = 0; i < twins; i++) index.add(`twin${i}`, encodeFingerprint(target));
  return index;
}

test('a new photo of a registered scroll is found among thousands, and ranks first in the vote', () => {
  const index = indexWith(3000);
  for (let k = 0; k < 5; k++) {
    const query = rephotograph(target, k);
    assert.equal(index.identify(query)?.scrollId, 'target');
    assert.deepEqual(index.shortlist(decodeFingerprint(query), 1).length, 1);
  }
});

test('a sibling by the same scribe is not taken for the registered scroll', () => {
  const index = indexWith(3000);
  assert.ok(comparePoints(target, sibling) < 0.3, 'siblings differ point for point');
  assert.equal(index.identify(rephotograph(sibling, 1)), null);
});

test('removing a scroll forgets it; adding it again under the same id replaces it', () => {
  const index = indexWith(500);
  const query = rephotograph(target, 7);
  index.remove('target');
  assert.equal(index.identify(query), null);
  assert.equal(index.size, 501);
  index.add('target', encodeFingerprint(sibling));
  assert.equal(index.identify(query), null, 'the old fingerprint is gone');
  index.add('target', encodeFingerprint(target));
  assert.equal(index.identify(query)?.scrollId, 'target');
  assert.equal(index.size, 502);
});

test('an index at its entry limit refuses more, replacements included, and keeps what it holds', () => {
  const index = new SearchIndex({ maxEntries: 3 });
  index.add('d0', distractors.fingerprint(0));
  index.add('target', encodeFingerprint(sibling));
  index.add('target', encodeFingerprint(target)); // a replacement takes an entry of its own
  const full = /the index holds at most 3 entries/;
  assert.throws(() => index.add('d1', distractors.fingerprint(1)), full);
  assert.throws(() => index.add('target', encodeFingerprint(sibling)), full);
  assert.equal(index.size, 2);
  assert.equal(index.identify(rephotograph(target, 2))?.scrollId, 'target', 'the refused replacement left the fingerprint in place');
});

test('the index holds under 2 KB per scroll, spare capacity included', () => {
  const index = indexWith(4000);
  index.flush();
  assert.ok(index.byteSize / index.size < 2048, `${index.byteSize / index.size} bytes per scroll`);
  assert.equal(index.identify(rephotograph(target, 3))?.scrollId, 'target');
});

test('a photo too damaged to vote finds nothing rather than a guess', () => {
  const index = indexWith(1000);
  assert.equal(index.identify(rephotograph(target, 5, { lost: 0.97 })), null);
});

test('a photo whose every run sits in a crowded key is still found, by the last tier', () => {
  // 300 registrations with the target's very spacing crowd every key it has:
  // the first tiers skip them all, and only the last finds a match.
  const hit = withTwins(200, 300).identify(rephotograph(target, 11));
  assert.ok(isTarget(hit?.scrollId), `found ${JSON.stringify(hit)}`);
});

test('keys filed by more than a thousand scrolls (and 0.2% of the registry) are stop words, never read', () => {
  // With 300 twins the last tier reads their keys (the test above); with 1,100
  // every key the target has is a stop word, and no bucket is read for it.
  assert.equal(withTwins(200, 1100).identify(rephotograph(target, 11, { jitter: 0 })), null);
});

test('scrolls added without a query between are filed by flush (or the next query), and found', () => {
  const index = indexWith(6000);
  const before = index.byteSize;
  index.flush();
  assert.ok(index.byteSize > before + 1000 * 100 * 4, `postings filed at the flush: ${before} → ${index.byteSize} bytes`);
  index.add('late', encodeFingerprint(sibling));
  assert.equal(index.identify(rephotograph(sibling, 2))?.scrollId, 'late');
  assert.equal(index.identify(rephotograph(target, 4))?.scrollId, 'target');
});

test('in a small registry, the other cells sharing a bucket do not outvote the scroll', () => {
  // 200 registered: a slot has few buckets, each holding postings of many
  // cells; votes count only postings tagged with the query's own cell.
  // Without the tags: 11 of 20 found.
  const index = indexWith(200);
  const found = timesFound(index, { jitter: 0.0015, lost: 0.4 });
  assert.ok(found >= 18, `found ${found} of 20`);
});

test('a photo whose strokes read thicker (every word wider, every gap narrower) is found by the widened probe', () => {
  // Without the widened probe: none found.
  const index = indexWith(3000);
  for (let k = 0; k < 5; k++) assert.equal(index.identify(rephotograph(target, 500 + k, { jitter: 0.0003, widen: 0.003 }))?.scrollId, 'target');
});

test('a photo framed a few percent too wide (every spacing off by up to a bin) is found by the neighbour-bin probe', () => {
  // Found 7 of 20 with the widened probe alone, 18 with the neighbour bins.
  const index = indexWith(3000);
  const found = timesFound(index, { stretch: 1.04, jitter: 0.0012 });
  assert.ok(found >= 16, `found ${found} of 20`);
});

test('a photo framed several percent too wide along its lines is found by the distortion hypotheses', () => {
  // Without the hypotheses: none of 20 found (10 of 20 at 5%).
  const index = indexWith(3000);
  const found = timesFound(index, { stretch: 1.06, jitter: 0.001 });
  assert.ok(found >= 18, `found ${found} of 20`);
});

test('a photo whose strokes read thicker than the widened probe allows is found by the distortion hypotheses', () => {
  // Every word 0.009 column widths wider (1.8 bins), each gap as much narrower: 7 of 20 found without the hypotheses.
  const index = indexWith(3000);
  const found = timesFound(index, { widen: 0.0045, jitter: 0.0008 });
  assert.ok(found >= 18, `found ${found} of 20`);
});

test('a photo framed several percent too wide whose keys are crowded is found by the distortion hypotheses', () => {
  // 300 registrations with the target's very spacing crowd every key it has
  // past the second tier's size: each hypothesis's ballot reads them (all but
  // the stop words). Reading only buckets up to the second tier's size: none
  // of 20 found.
  const found = timesFound(withTwins(200, 300), { stretch: 1.06, jitter: 0.001 });
  assert.ok(found >= 18, `found ${found} of 20`);
});
