import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodePhoto } from '../../../../src/engine/decode-photo.ts';
import { keepsDeblurred } from '../../../../src/engine/reader/photo/deblurred.ts';
import { extractPoints } from '../../../../src/engine/reader/read-photo.ts';
import type { Opinion } from '../../../../src/engine/reader/walk.ts';
import { deriveSeed } from '../../../../tools/synth/index.ts';
import { makeNonScroll } from '../../../../tools/synth/non-scroll.ts';
import { opinionsOf, phoneShot, readingWith, stressPair, UNREAD } from '../support.ts';

// When streaks of camera shake are taken out (reader/photo/deblurred.ts), which, and when the reading is kept.

test('a photo read with the deepest streak taken out is kept as it reads; with a later streak, only with 100 word ends agreeing', () => {
  assert.equal(keepsDeblurred(readingWith(40), 0), true);
  // Each later streak is one more chance for other text too (a printed page read 71 with the second).
  assert.equal(keepsDeblurred(readingWith(99), 1), false);
  assert.equal(keepsDeblurred(readingWith(100), 1), true);
  assert.equal(keepsDeblurred(readingWith(99), 2), false);
  assert.equal(keepsDeblurred(UNREAD, 0), false);
  assert.equal(keepsDeblurred(UNREAD, 2), false);
});

test('a shaken photo unread every other way is deblurred; one whose deepest spike is its text\'s, with a later streak too', async () => {
  const steep = await phoneShot(deriveSeed('deblur', 'shot', 12), { tilt: 30, motion: 8 });
  assert.deepEqual((await opinionsOf(steep)).filter((o) => o.name === 'deblurred'), [{ name: 'deblurred', taken: true }]);
  // bench:stress shake-1mp/33: the deepest spike names 5 px across the lines, the next 8.6 px at 36°.
  const [, small] = await stressPair('shake-1mp', 33);
  const times = (await opinionsOf(small)).filter((o) => o.name === 'deblurred').length;
  assert.ok(times >= 2, `deblurred ${times} times`);
});

test('a printed page whose later streaks are as short as its letters\' strokes is deblurred at most once, and stays invalid', async () => {
  // bench:non-scroll --kind other_text --seed 7707, image 5: its cepstrum names 3.2, 3.2 and 3.6 px; read with the second streak taken out, it once passed for a scroll (71 word ends).
  const page = await makeNonScroll('other_text', deriveSeed(7707, 'ns', 5), { megapixels: 3 });
  const opinions: Opinion[] = [];
  const extraction = extractPoints((await decodePhoto(new Uint8Array(page.jpeg), false)).gray, opinions);
  assert.equal(extraction.kind, 'invalid');
  assert.ok(opinions.filter((o) => o.name === 'deblurred').length <= 1);
});

test('an image in which no lines of text were found is not deblurred', async () => {
  // Blank parchment: the deconvolution would cost it a third of a second for nothing.
  const blank = await makeNonScroll('blank_parchment', deriveSeed('deblur', 'blank'), { megapixels: 2 });
  const opinions: Opinion[] = [];
  const extraction = extractPoints((await decodePhoto(new Uint8Array(blank.jpeg), false)).gray, opinions);
  assert.deepEqual(extraction, { kind: 'invalid', reason: 'no lines of text found' });
  assert.deepEqual(opinions.filter((o) => o.name === 'deblurred'), []);
});
