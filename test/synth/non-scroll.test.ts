import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { makeNonScroll, NON_SCROLL_KINDS } from '../../tools/synth/non-scroll.ts';

test('every kind of non-scroll image is produced as a decodable JPEG', async () => {
  const subkinds = new Set<string>();
  for (const kind of NON_SCROLL_KINDS) {
    const image = await makeNonScroll(kind, 3, { megapixels: 0.1 });
    assert.equal(image.info.kind, kind);
    const meta = await sharp(image.jpeg).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.deepEqual([meta.width, meta.height], [image.info.width, image.info.height]);
    subkinds.add(`${kind}/${image.info.subkind}`);
  }
  assert.equal(subkinds.size, NON_SCROLL_KINDS.length);
});

test('subkinds can be asked for, and the same seed gives the same image', async () => {
  for (const [kind, subkind] of [
    ['photo', 'landscape'],
    ['photo', 'tabletop'],
    ['other_text', 'latin'],
    ['other_text', 'hebrew_print'],
    ['unreadable_scroll', 'blur'],
    ['unreadable_scroll', 'dark'],
  ] as const) {
    const a = await makeNonScroll(kind, 5, { subkind, megapixels: 0.05 });
    assert.equal(a.info.subkind, subkind);
    const b = await makeNonScroll(kind, 5, { subkind, megapixels: 0.05 });
    assert.ok(Buffer.from(a.jpeg).equals(Buffer.from(b.jpeg)), `${kind}/${subkind} is deterministic`);
  }
});

test('an unreadable dark photo is dark', async () => {
  const image = await makeNonScroll('unreadable_scroll', 2, { subkind: 'dark', megapixels: 0.05 });
  const { channels } = await sharp(image.jpeg).stats();
  assert.ok(channels.every((c) => c.mean < 25), `means ${channels.map((c) => c.mean.toFixed(1))}`);
});
