import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzePhoto } from '../../../src/engine/analyze-photo.ts';
import { deriveSeed } from '../../../tools/synth/index.ts';
import { makeNonScroll } from '../../../tools/synth/non-scroll.ts';

// Images the reader must answer invalid, whichever readings they call for.

test('a scroll photographed nearly in the dark is invalid, saying so', async () => {
  // Tune image without a scroll (seed 1103, image 174): its brightest 1% reach grey 20 of 255, yet 183 of its 328 word ends fitted the layout.
  const photo = await makeNonScroll('unreadable_scroll', deriveSeed(1103, 'invalid', 174), { megapixels: 3 });
  assert.equal(photo.info.subkind, 'dark');
  assert.deepEqual(await analyzePhoto(new Uint8Array(photo.jpeg)), { kind: 'invalid', reason: 'the photo is too dark; take it in better light' });
});

test('printed pages whose words fit the layout by chance are invalid', async () => {
  // 51 of 308 word ends (seed 1103, image 178); 63 of 306 and 52 of 218 (seed 5505, pages 16 and 55): each read as a scroll once.
  const pages = [[deriveSeed(1103, 'invalid', 178), 'hebrew_print'], [deriveSeed(5505, 'ns', 16), 'hebrew_print'], [deriveSeed(5505, 'ns', 55), 'latin']] as const;
  for (const [seed, subkind] of pages) {
    const page = await makeNonScroll('other_text', seed, { megapixels: 3 });
    assert.equal(page.info.subkind, subkind);
    assert.deepEqual(await analyzePhoto(new Uint8Array(page.jpeg)), { kind: 'invalid', reason: 'the text does not read as a mezuzah' }, `page ${seed}`);
  }
});
