// End to end through the HTTP API with the production engine and real photos:
// registration, duplicate detection, public check, comparison and text check.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createEngine, type IdentificationEngine } from '../../src/engine/index.ts';
import { haveSamples, manifest, samplePhoto } from '../engine/samples.ts';
import { makeMegiah, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { postForm, register } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const skip = haveSamples ? false : 'shared sample photos are not present beside the repository';

describe('register, check and compare with the real engine', { skip }, () => {
  let engine: IdentificationEngine;
  let t: TestApp;
  let store: TestStore;
  let sofer: string;
  let megiah: string;

  before(async () => {
    engine = await createEngine({ workers: 2 });
    t = await createTestApp({ engine });
    store = await makeStore(t.deps, { credits: 5 });
    sofer = (await makeSofer(t.deps)).uuid;
    megiah = (await makeMegiah(t.deps)).uuid;
  });
  after(async () => {
    await t.close();
    await engine.close();
  });

  const check = (path: string) => postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: samplePhoto(path) } });

  test('a registered scroll is found from a phone photo; its sibling is not; a rocket is invalid', async () => {
    const m = manifest();
    const scroll = m.scrolls.find((s) => s.id === 'r0005')!;
    const sibling = m.unregistered[0];
    const res = await register(t.app, store.key, { photo: samplePhoto(scroll.reference), sofer, megiah });
    assert.equal(res.statusCode, 200, res.body);
    const { uuid } = res.json();

    const found = await check(scroll.queries[0]);
    assert.equal(found.statusCode, 200, found.body);
    assert.equal(found.json().uuid, uuid);

    const notFound = await check(sibling.queries[0]);
    assert.equal(notFound.statusCode, 400);
    assert.equal(notFound.json().status, 'not_found');

    const invalid = await check(m.invalid.find((i) => i.kind === 'photo')!.path);
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json().status, 'invalid');
  });

  test('a second photo of a registered scroll is a duplicate, and consumes nothing', async () => {
    const scroll = manifest().scrolls.find((s) => s.id === 'r0002')!;
    assert.equal((await register(t.app, store.key, { photo: samplePhoto(scroll.reference), sofer, megiah })).statusCode, 200);
    const credits = (await t.app.inject({ method: 'GET', url: '/api/v1/store/credits', headers: { 'x-api-key': store.key } })).json().credits;
    const again = await register(t.app, store.key, { photo: samplePhoto(scroll.queries[0]), sofer, megiah });
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().status, 'duplicate');
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/store/credits', headers: { 'x-api-key': store.key } })).json().credits, credits);
  });

  test("text-check answers a registration photo's text in the documented shape, within the text's and the photo's bounds", async () => {
    const photo = samplePhoto(manifest().scrolls.find((s) => s.id === 'r0001')!.reference);
    const { autoOrient } = await sharp(photo).metadata();
    const res = await postForm(t.app, '/api/v1/public/text-check', { image: { data: photo } });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['findings', 'read', 'status', 'verdict']);
    assert.equal(body.status, 'success');
    assert.ok(['no_errors_found', 'errors_found'].includes(body.verdict));
    const { lines, words, letters } = body.read;
    assert.ok(lines <= 22 && words <= 170 && letters <= 713 && letters > 0, JSON.stringify(body.read));
    if (body.verdict === 'no_errors_found') assert.equal(letters, 713);
    else assert.ok(body.findings.length > 0);
    for (const finding of body.findings) {
      assert.ok(finding.line >= 1 && finding.line <= 22 && finding.word >= 0, JSON.stringify(finding));
      assert.ok(finding.confidence >= 0 && finding.confidence <= 1, JSON.stringify(finding));
      const [x, y, w, h] = finding.box;
      assert.ok(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= autoOrient.width && y + h <= autoOrient.height, `box ${finding.box} in ${autoOrient.width}×${autoOrient.height}`);
    }
  });

  test('compare-mezuzot tells the same scroll from a sibling, and says invalid for a blank parchment', async () => {
    const m = manifest();
    const scroll = m.scrolls.find((s) => s.id === 'r0000')!;
    const sibling = m.scrolls.find((s) => s.id !== scroll.id && s.scribe === scroll.scribe)!;
    const compare = (a: string, b: string) => postForm(t.app, '/api/v1/public/compare-mezuzot', { image1: { data: samplePhoto(a) }, image2: { data: samplePhoto(b) } });

    const same = await compare(scroll.reference, scroll.queries[1]);
    assert.equal(same.statusCode, 200);
    assert.equal(same.json().status, 'success');
    assert.equal(same.json().is_matched, true);

    const different = await compare(sibling.reference, scroll.queries[1]);
    assert.equal(different.json().is_matched, false);
    assert.ok(different.json().similarity < same.json().similarity);

    const blank = await compare(scroll.reference, m.invalid.find((i) => i.kind === 'blank_parchment')!.path);
    assert.equal(blank.statusCode, 200);
    assert.equal(blank.json().status, 'invalid');
    assert.equal(typeof blank.json().msg, 'string');
  });
});
