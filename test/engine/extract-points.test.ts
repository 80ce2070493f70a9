import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzePhoto } from '../../src/engine/analyze-photo.ts';
import { comparePoints, MATCH_THRESHOLD } from '../../src/engine/compare.ts';
import { decodeFingerprint } from '../../src/engine/fingerprint.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll } from '../../src/synth/index.ts';

test('a steep, motion-blurred phone photo that gives no frame at full size is framed at half size, read, and matches its registration', async () => {
  // Found among 24 shots of one synthetic scroll at 32° of tilt: this one was invalid
  // before the half-size first reading was tried when the full-size one fails.
  const scroll = makeScroll(makeScribe(deriveSeed('fallback', 'scribe')), deriveSeed('fallback', 'scroll'));
  const registration = await photographScroll(scroll, { kind: 'registration', seed: deriveSeed('fallback', 'registration'), megapixels: 2 });
  const phone = await photographScroll(scroll, { kind: 'phone', seed: deriveSeed('fallback', 'shot', 17), megapixels: 2, tilt: 32, glare: false, motion: 6, finger: false, crop: false });
  const [reference, query] = await Promise.all([analyzePhoto(new Uint8Array(registration.jpeg)), analyzePhoto(new Uint8Array(phone.jpeg))]);
  assert.equal(reference.kind, 'scroll');
  assert.equal(query.kind, 'scroll');
  if (reference.kind !== 'scroll' || query.kind !== 'scroll') return;
  const similarity = comparePoints(decodeFingerprint(reference.fingerprint), decodeFingerprint(query.fingerprint));
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
});
