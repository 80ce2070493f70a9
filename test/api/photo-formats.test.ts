// The photo policy through the API, with the production engine: an iPhone-style
// HEIC reaches the engine on every endpoint that takes a photo, and refusals
// (format, pixel count, empty file) carry the engine's message after the field.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createEngine, type IdentificationEngine } from '../../src/engine/index.ts';
import { makeMegiah, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { decompressionBomb } from '../support/photos.ts';
import { postForm, register } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// HEVC-coded, landscape sensor pixels turned to portrait by irot: made by test/fixtures/photos/make-heic-fixture.ts.
const heicPhone = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-scroll-phone.heic', import.meta.url)));
const jpegRegistration = new Uint8Array(await readFile(new URL('../fixtures/photos/heic-scroll-registration.jpg', import.meta.url)));

let engine: IdentificationEngine;
let t: TestApp;
let store: TestStore;
let sofer: string;
let megiah: string;

before(async () => {
  engine = await createEngine({ workers: 1 });
  t = await createTestApp({ engine });
  store = await makeStore(t.deps, { agent: true });
  sofer = (await makeSofer(t.deps)).uuid;
  megiah = (await makeMegiah(t.deps)).uuid;
});
after(async () => {
  await t.close();
  await engine.close();
});

const check = (image: Uint8Array) => postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: image } });
const compare = (image1: Uint8Array, image2: Uint8Array) =>
  postForm(t.app, '/api/v1/public/compare-mezuzot', { image1: { data: image1 }, image2: { data: image2 } });

describe('HEIC (HEVC) photos', () => {
  let uuid: string;

  test('register-mezuzah registers a scroll from an iPhone-style HEIC; its preview is upright', async () => {
    const res = await register(t.app, store.key, { photo: heicPhone, sofer, megiah });
    assert.equal(res.statusCode, 200, res.body);
    uuid = res.json().uuid;

    const found = await check(jpegRegistration);
    assert.equal(found.statusCode, 200, found.body);
    assert.equal(found.json().uuid, uuid);
    const preview = await t.app.inject({ method: 'GET', url: `/${found.json().preview_url}` });
    assert.equal(preview.statusCode, 200);
    const { width, height, format } = await sharp(preview.rawPayload).metadata();
    assert.equal(format, 'jpeg');
    assert.ok(height! > width!, `preview ${width}×${height} should be portrait, as the HEIC's irot turns it`);
  });

  test('check-mezuzah identifies the scroll from the HEIC', async () => {
    const res = await check(heicPhone);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().uuid, uuid);
  });

  test('compare-mezuzot matches the HEIC against a JPEG of the same scroll', async () => {
    const res = await compare(jpegRegistration, heicPhone);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'success');
    assert.equal(res.json().is_matched, true);
  });

  test('registering the same scroll again from a JPEG is a duplicate', async () => {
    const res = await register(t.app, store.key, { photo: jpegRegistration, sofer, megiah });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'duplicate');
  });
});

describe('400 invalid_request: the messages of the photo policy', () => {
  const accepted = 'JPEG, PNG, WebP and HEIC/HEIF photos are accepted.';

  test('another image format names it and the accepted ones', async () => {
    const gif = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer());
    const res = await check(gif);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { msg: `image: GIF images are not accepted; ${accepted}`, status: 'invalid_request' });
  });

  test('a file that is no image says so, naming the field of compare-mezuzot', async () => {
    const res = await compare(jpegRegistration, new TextEncoder().encode('%PDF-1.4 not a photo'));
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { msg: `image2: the file is not an image; ${accepted}`, status: 'invalid_request' });
  });

  test('too many pixels gives the size and the limit, from the header alone', async () => {
    const res = await register(t.app, store.key, { photo: decompressionBomb(20_000, 20_000), sofer, megiah });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), {
      msg: 'mezuzah: the image is 20000×20000 pixels (400 megapixels); at most 100 megapixels are accepted.',
      status: 'invalid_request',
    });
  });

  test('an empty file', async () => {
    const res = await check(new Uint8Array(0));
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { msg: 'image: the file is empty.', status: 'invalid_request' });
  });
});
