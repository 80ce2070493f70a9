import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { blankPhoto, decompressionBomb, textPhoto } from '../support/photos.ts';
import { postForm } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { requestersDuring, WHOLE_TEXT_READ } from '../support/test-engine.ts';

let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const URL = '/api/v1/public/text-check';
const check = (image: Uint8Array, ip?: string) => postForm(t.app, URL, { image: { data: image } }, {}, ip);

describe('200', () => {
  test('a photo with errors: errors_found, each finding with its place in the text and its box in the photo', async () => {
    // The double finds one error at each black cell of a 16×16 grid (test-engine.ts): 8×8 px cells here.
    const res = await check(await textPhoto([[0, 2], [4, 6], [9, 15]]));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      status: 'success',
      verdict: 'errors_found',
      findings: [
        { kind: 'wrong_letter', line: 1, word: 3, letter: 1, expected: 'ד', found: 'ר', confidence: 0.9, box: [16, 0, 8, 8] },
        { kind: 'missing_word', line: 5, word: 7, letter: null, expected: 'שמע', found: '', confidence: 0.9, box: [48, 32, 8, 8] },
        { kind: 'extra_word', line: 10, word: 16, letter: null, expected: '', found: 'ישראל', confidence: 0.9, box: [120, 72, 8, 8] },
      ],
      read: WHOLE_TEXT_READ,
    });
  });

  test('a photo of a whole text without errors: no_errors_found, no findings, every letter read', async () => {
    const res = await check(await textPhoto());
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { status: 'success', verdict: 'no_errors_found', findings: [], read: { lines: 22, words: 170, letters: 713 } });
  });
});

describe('400 invalid', () => {
  test('a photo in which no scroll text can be read', async () => {
    const res = await check(await blankPhoto());
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid');
    assert.match(res.json().msg, /^image: the scroll text cannot be read/);
  });
});

describe('400 invalid_request', () => {
  test('no image part', async () => {
    const res = await postForm(t.app, URL, { other: 'x' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
    assert.match(res.json().msg, /image/);
  });

  test('an empty file', async () => {
    const res = await check(new Uint8Array());
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { status: 'invalid_request', msg: 'image: the file is empty.' });
  });

  test('a file that is not a photo, named as the photo policy names it', async () => {
    const res = await check(new TextEncoder().encode('GIF89a....'));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
    assert.match(res.json().msg, /^image: /);
  });

  test('a decompression bomb', async () => {
    const res = await check(decompressionBomb(12_000, 12_000));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
    assert.match(res.json().msg, /megapixels/);
  });
});

describe('413', () => {
  test('a photo over 25 MB', async () => {
    const huge = new Uint8Array(25 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff]);
    const res = await check(huge);
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().status, 'too_large');
  });
});

describe('429', () => {
  test('past 10 requests a minute from one IP, another IP still served', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const photo = await textPhoto();
      const from = (ip: string) => postForm(limited.app, URL, { image: { data: photo } }, {}, ip);
      for (let i = 1; i <= 10; i++) assert.equal((await from('198.51.100.20')).statusCode, 200, `request ${i}`);
      const refused = await from('198.51.100.20');
      assert.equal(refused.statusCode, 429);
      assert.deepEqual(refused.json(), { error: 'rate_limit_exceeded' });
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await from('203.0.113.9')).statusCode, 200);
    } finally {
      await limited.close();
    }
  });
});

describe('503', () => {
  test('a saturated engine: busy, with Retry-After', async () => {
    t.engine.busy = true;
    try {
      const res = await check(await textPhoto());
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().status, 'busy');
      assert.ok(Number(res.headers['retry-after']) > 0);
    } finally {
      t.engine.busy = false;
    }
  });
});

describe('whose photo the engine is told it is', () => {
  test("the caller's IP address, as check-mezuzah tells it", async () => {
    const photo = await textPhoto();
    assert.deepEqual(await requestersDuring(t.engine, () => check(photo, '198.51.100.7')), ['ip:198.51.100.7']);
    const identify = () => postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: photo } }, {}, '198.51.100.7');
    assert.deepEqual(await requestersDuring(t.engine, identify), ['ip:198.51.100.7']);
  });
});
