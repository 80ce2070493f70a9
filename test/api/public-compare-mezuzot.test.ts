import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { blankPhoto, rephotographed, scrollPhoto } from '../support/photos.ts';
import { postForm } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { requestersDuring } from '../support/test-engine.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const compare = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
  postForm(t.app, '/api/v1/public/compare-mezuzot', {
    image1: a === undefined ? undefined : { data: a },
    image2: b === undefined ? undefined : { data: b },
  });

describe('200 success', () => {
  test('two photos of one scroll match', async () => {
    const photo = await scrollPhoto();
    const res = await compare(photo, await rephotographed(photo));
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['is_matched', 'similarity', 'status']);
    assert.equal(body.status, 'success');
    assert.equal(body.is_matched, true);
    assert.ok(body.similarity > 0.9 && body.similarity <= 1);
  });

  test('photos of two scrolls do not', async () => {
    const res = await compare(await scrollPhoto(), await scrollPhoto());
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().is_matched, false);
    assert.ok(res.json().similarity < 0.95);
  });
});

describe('200 invalid', () => {
  test('one unreadable photo: status invalid with a msg naming it', async () => {
    const res = await compare(await scrollPhoto(), await blankPhoto());
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'invalid', msg: 'No readable scroll text in image2.' });
  });

  test('both unreadable', async () => {
    const res = await compare(await blankPhoto(), await blankPhoto());
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'invalid');
    assert.match(res.json().msg, /image1 and image2/);
  });
});

describe('400 invalid_request', () => {
  test('a missing image2', async () => {
    const res = await compare(await scrollPhoto(), undefined);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
    assert.match(res.json().msg, /image2/);
  });

  test('a non-image image1', async () => {
    const res = await compare(new TextEncoder().encode('hello'), await scrollPhoto());
    assert.equal(res.statusCode, 400);
    assert.match(res.json().msg, /^image1/);
  });
});

describe('whose photos the engine is told they are', () => {
  test('both the caller IP address', async () => {
    const [a, b] = [await scrollPhoto(), await scrollPhoto()];
    const got = await requestersDuring(t.engine, () =>
      postForm(t.app, '/api/v1/public/compare-mezuzot', { image1: { data: a }, image2: { data: b } }, {}, '203.0.113.9'),
    );
    assert.deepEqual(got, ['ip:203.0.113.9', 'ip:203.0.113.9']);
  });
});
