// The text check on the public /check page (issue 53): the same photo field
// offers it beside the identity check; the answer is the API's text-check,
// shown to people: the verdict, what was read, each finding drawn on the
// visitor's own photo and enlarged, the photo kept nowhere (its pictures ride
// inside the page, which alone may show data: images). The same statuses and
// the same rate-limit count as the API.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { SHOWN_PHOTO_LONG_SIDE } from '../../src/domain/check-scroll-text-on-photo.ts';
import { FINDING_CROP_LONG_SIDE } from '../../src/pictures/finding-pictures.ts';
import { portalBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { blankPhoto, textPhoto } from '../support/photos.ts';
import { postForm } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { requestersDuring } from '../support/test-engine.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

async function visitor(ip?: string): Promise<PortalBrowser> {
  const browser = portalBrowser(t.app, ip);
  assert.equal((await browser.get('/check')).statusCode, 200);
  return browser;
}

const dataUrls = (body: string) => [...body.matchAll(/src="data:image\/jpeg;base64,([A-Za-z0-9+/=]+)"/g)].map((m) => Buffer.from(m[1], 'base64'));

describe('GET /check', () => {
  test('one photo field, two checks: the registry, and the text letter by letter (an aid, not a ruling)', async () => {
    const page = await portalBrowser(t.app).get('/check');
    const form = /<form method="post" action="\/check"[\s\S]*?<\/form>/.exec(page.body)?.[0] ?? '';
    assert.equal((form.match(/type="file"/g) ?? []).length, 1);
    assert.ok(form.includes('<button type="submit">Check</button>'));
    assert.ok(form.includes('<button type="submit" class="secondary" formaction="/check/text">Check the text, letter by letter</button>'));
    assert.ok(form.includes('an aid to a megiah, never a ruling'));
    const he = await portalBrowser(t.app).get('/check', { 'accept-language': 'he' });
    assert.ok(he.body.includes('בדיקת הטקסט, אות אחר אות'));
  });
});

describe('POST /check/text', () => {
  test('findings: the verdict, what was read, each finding drawn on the photo and enlarged, as the API answers', async () => {
    const photo = await textPhoto([[2, 0], [5, 3]], { width: 256, height: 512 });
    const page = await (await visitor()).upload('/check/text', { image: { data: photo } });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-security-policy']), /img-src 'self' blob: data:;/);
    const api = (await postForm(t.app, '/api/v1/public/text-check', { image: { data: photo } })).json();
    assert.equal(api.verdict, 'errors_found');
    assert.ok(page.body.includes('data-verdict="errors_found"'));
    assert.ok(page.body.includes(`${api.findings.length} places to look at`));
    assert.ok(page.body.includes('An aid to the megiah'));
    assert.match(page.body, /Letters read<\/dt><dd><bdi>713<\/bdi> of <bdi>713<\/bdi>/);
    const kinds = [...page.body.matchAll(/<li class="finding" id="finding-\d+" data-kind="([a-z_]+)">/g)].map((m) => m[1]);
    assert.deepEqual(kinds, api.findings.map((f: { kind: string }) => f.kind));
    assert.ok(page.body.includes('Missing letter') && page.body.includes('Letters in swapped order'));
    // Drawn over the visitor's own photo, in its own pixels.
    assert.ok(page.body.includes('viewBox="0 0 256 512"'));
    for (const finding of api.findings as { box: number[] }[]) {
      const [x, y, w, h] = finding.box;
      assert.ok(page.body.includes(`<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`), String(finding.box));
    }
    const [shown, ...crops] = dataUrls(page.body);
    const shownMeta = await sharp(shown).metadata();
    assert.deepEqual([shownMeta.width, shownMeta.height], [256, 512], 'not enlarged');
    assert.equal(crops.length, 2);
    for (const crop of crops) {
      const meta = await sharp(crop).metadata();
      assert.equal(Math.max(meta.width ?? 0, meta.height ?? 0), FINDING_CROP_LONG_SIDE);
    }
    assert.ok(page.body.includes('Your photo was not kept'));
  });

  test('a large photo is shown brought down to its long side', async () => {
    const photo = await textPhoto([[8, 8]], { width: 2560, height: 1920 });
    const page = await (await visitor()).upload('/check/text', { image: { data: photo } });
    assert.equal(page.statusCode, 200);
    const meta = await sharp(dataUrls(page.body)[0]).metadata();
    assert.deepEqual([meta.width, meta.height], [SHOWN_PHOTO_LONG_SIDE, 960]);
    assert.ok(page.body.includes('viewBox="0 0 2560 1920"'), 'the boxes stay in the uploaded pixels');
  });

  test('no findings: no errors found; nothing drawn', async () => {
    const page = await (await visitor()).upload('/check/text', { image: { data: await textPhoto() } });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('No errors found'));
    assert.ok(page.body.includes('All <bdi>713</bdi> letters were read'));
    assert.equal(dataUrls(page.body).length, 0);
    assert.ok(!page.body.includes('<svg viewBox'));
  });

  test('in Hebrew, right to left', async () => {
    const browser = portalBrowser(t.app);
    // The language chosen in the header, as a person switches it.
    await browser.get('/language/he?back=%2Fcheck');
    await browser.get('/check');
    const page = await browser.upload('/check/text', { image: { data: await textPhoto([[0, 2]]) } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html lang="he" dir="rtl">/);
    for (const words of ['בדיקת מחשב', 'עזר למגיה', 'מקום אחד לבדיקה', 'אות שגויה', 'התמונה שלך לא נשמרה']) assert.ok(page.body.includes(words), words);
  });

  test('no readable text: 400 invalid, as the API; no photo: 400; no CSRF token: 403 and nothing checked', async () => {
    const invalid = await (await visitor()).upload('/check/text', { image: { data: await blankPhoto() } });
    assert.equal(invalid.statusCode, 400);
    assert.ok(invalid.body.includes('data-status="invalid"'));
    assert.equal((await (await visitor()).upload('/check/text', { image: undefined })).statusCode, 400);
    const begun = t.engine.textChecksBegun;
    const forged = await (await visitor()).upload('/check/text', { _csrf: 'forged', image: { data: await textPhoto() } });
    assert.equal(forged.statusCode, 403);
    assert.equal(t.engine.textChecksBegun, begun);
  });

  test('the engine busy: 503', async () => {
    t.engine.busy = true;
    try {
      assert.equal((await (await visitor()).upload('/check/text', { image: { data: await textPhoto() } })).statusCode, 503);
    } finally {
      t.engine.busy = false;
    }
  });

  test("the photo is not stored, and the engine is told it is the visitor's", async () => {
    const files = async () => (await readdir(path.join(t.dataDir, 'files'), { recursive: true }).catch(() => [])).map(String).sort();
    const before = await files();
    const ip = '198.51.100.53';
    const browser = await visitor(ip);
    const photo = await textPhoto([[1, 1]]);
    assert.deepEqual(await requestersDuring(t.engine, () => browser.upload('/check/text', { image: { data: photo } })), [`ip:${ip}`]);
    assert.deepEqual(await files(), before);
  });
});

describe("one rate-limit count with the API's text-check", () => {
  let limited: TestApp;
  before(async () => {
    limited = await createTestApp({ rateLimitScale: 1 });
  });
  after(() => limited.close());

  test('10 API text checks, then the page from the same IP: 429; the identity check keeps its own count', async () => {
    const ip = '203.0.113.61';
    const browser = portalBrowser(limited.app, ip);
    await browser.get('/check');
    const photo = await textPhoto();
    for (let i = 0; i < 10; i++) assert.equal((await postForm(limited.app, '/api/v1/public/text-check', { image: { data: photo } }, {}, ip)).statusCode, 200);
    const page = await browser.upload('/check/text', { image: { data: photo } });
    assert.equal(page.statusCode, 429);
    assert.match(page.body, /Too many attempts/);
    assert.notEqual((await browser.upload('/check', { image: { data: photo } })).statusCode, 429);
  });
});
