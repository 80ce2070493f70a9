// The brand mark: in every page's header and as the site's icon, also at
// /favicon.ico, which browsers and bookmarks ask for by that name.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { portalBrowser } from '../support/browser-session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('every page links the mark as its icon and shows it beside the name; the mark is served, cached for good', async () => {
  const page = await portalBrowser(t.app).get('/check');
  const icon = /<link rel="icon" href="(\/assets\/mark\.[0-9a-f]{12}\.svg)" type="image\/svg\+xml">/.exec(page.body)?.[1];
  assert.ok(icon, 'the icon link');
  assert.match(page.body, new RegExp(`<a class="brand" href="/"><img class="mark" src="${icon.replaceAll('.', '\\.')}" alt=""`));
  const svg = await t.app.inject({ method: 'GET', url: icon });
  assert.equal(svg.statusCode, 200);
  assert.equal(svg.headers['content-type'], 'image/svg+xml');
  assert.match(String(svg.headers['cache-control']), /immutable/);
  assert.equal((await sharp(svg.rawPayload).metadata()).format, 'svg', 'an image a browser can draw');
});

test('/favicon.ico: an ICO holding one 32 px PNG of the mark', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'image/x-icon');
  const ico = response.rawPayload;
  assert.deepEqual([...ico.subarray(0, 6)], [0, 0, 1, 0, 1, 0], 'an icon directory of one image');
  assert.equal(ico[6], 32);
  const offset = ico.readUInt32LE(18);
  assert.equal(ico.readUInt32LE(14), ico.length - offset);
  const png = await sharp(ico.subarray(offset)).metadata();
  assert.deepEqual([png.format, png.width, png.height], ['png', 32, 32]);
});
