// The public check and compare pages: the same answers as the API for the
// same photos, shown to people; CSRF; and one rate-limit count with the API.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeAccount, makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { blankPhoto, rephotographed, scrollPhoto } from '../support/photos.ts';
import { postForm, sell } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { requestersDuring } from '../support/test-engine.ts';

let t: TestApp;
let store: TestStore;

before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 10 });
});
after(() => t.close());

async function visitor(url: string): Promise<PortalBrowser> {
  const browser = portalBrowser(t.app);
  assert.equal((await browser.get(url)).statusCode, 200);
  return browser;
}

/** Submits the photo as a browser does, following a found or not-found answer's redirect to its own page. */
async function submitCheck(browser: PortalBrowser, photo: Uint8Array | undefined): Promise<LightMyRequestResponse> {
  const posted = await browser.upload('/check', { image: photo === undefined ? undefined : { data: photo } });
  if (posted.statusCode !== 303) return posted;
  const location = String(posted.headers.location);
  assert.match(location, /^\/check\/result\/[A-Za-z0-9_-]{22}$/);
  return browser.get(location);
}

async function checkPage(photo: Uint8Array | undefined): Promise<LightMyRequestResponse> {
  return submitCheck(await visitor('/check'), photo);
}

const checkApi = (photo: Uint8Array) => postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: photo } });

const dataStatus = (body: string) => /<section class="result" data-status="([^"]+)"/.exec(body)?.[1];

/**
 * The page answers as the API does: the API's `status` on the result, and for
 * a photo that could not be checked the same HTTP status (a found or not-found
 * answer is a redirect to a page of its own, 200).
 */
async function assertSameAsApi(page: LightMyRequestResponse, photo: Uint8Array) {
  const api = await checkApi(photo);
  if (api.statusCode !== 200 && api.json().status !== 'not_found') assert.equal(page.statusCode, api.statusCode);
  assert.equal(dataStatus(page.body), api.json().status);
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(path.join(t.dataDir, 'files'), { recursive: true }).catch(() => []);
  return entries.map(String).sort();
}

describe('GET /check', () => {
  test('a visitor gets a phone-friendly upload form that works without script', async () => {
    const response = await portalBrowser(t.app).get('/check');
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/html/);
    assert.match(response.body, /<form method="post" action="\/check" enctype="multipart\/form-data" data-busy="Checking…">/);
    assert.match(response.body, /<label for="f-image">Photo of the scroll/);
    assert.match(response.body, /<input id="f-image" name="image" type="file" required[^>]* accept="image\/\*,\.heic,\.heif" data-preview="image-preview">/);
    assert.match(response.body, /id="image-preview"/);
    assert.match(response.body, /name="_csrf" value="[^"]+"/);
    assert.match(response.body, /good, even light/);
  });

  test('in Hebrew, right to left', async () => {
    const response = await portalBrowser(t.app).get('/check', { 'accept-language': 'he-IL' });
    assert.match(response.body, /<html lang="he" dir="rtl">/);
    assert.match(response.body, /בדיקת מזוזה/);
  });

  for (const role of ['store', 'megiah', 'admin', 'user'] as const) {
    test(`signed in as ${role}: the same pages, inside the role's navigation`, async () => {
      const account =
        role === 'store' ? (await makeStore(t.deps)).account : role === 'megiah' ? await makeMegiah(t.deps) : await makeAccount(t.deps, { role });
      const browser = await signedInBrowser(t.app, t.deps, account);
      const check = await browser.get('/check');
      assert.equal(check.statusCode, 200);
      assert.match(check.body, /<a href="\/check" aria-current="page">/);
      assert.match(check.body, /\/settings\/password/);
      if (role === 'store') assert.match(check.body, /href="\/store\/inventory"/);
      const compare = await browser.get('/check/compare');
      assert.equal(compare.statusCode, 200);
      assert.match(compare.body, /<a href="\/check\/compare" aria-current="page">/);

      const scroll = await makeScroll(t.deps, store.account);
      const found = await submitCheck(browser, scroll.photo);
      assert.equal(found.statusCode, 200, found.body);
      assert.ok(found.body.includes(scroll.uuid));
    });
  }
});

describe('POST /check', () => {
  test('a registered scroll: its sofer, megiah (escaped), owner, registered photo and QR code', async () => {
    const sofer = await makeSofer(t.deps, { username: 'Sofer <b>Moshe</b>' });
    const megiah = await makeMegiah(t.deps, { username: "Megiah O'Brien & <i>Co</i>" });
    const scroll = await makeScroll(t.deps, store.account, { sofer: sofer.uuid, megiah: megiah.uuid, font: 'Ari', verified: true });
    const photo = await rephotographed(scroll.photo);
    const page = await checkPage(photo);
    assert.equal(page.statusCode, 200, page.body);
    assert.equal(dataStatus(page.body), 'success');
    assert.ok(page.body.includes('Sofer &lt;b&gt;Moshe&lt;/b&gt;'));
    assert.ok(page.body.includes('Megiah O&#39;Brien &amp; &lt;i&gt;Co&lt;/i&gt;'));
    assert.ok(!page.body.includes('<b>Moshe'));
    assert.ok(!page.body.includes('<i>Co'));
    assert.match(page.body, /data-verdict="ok"[\s\S]*Verified and registered/);
    assert.match(page.body, /Offered by/);
    assert.ok(page.body.includes(store.account.username));
    assert.match(page.body, /In a store’s inventory/);
    const preview = `/static/previews/${scroll.uuid}.jpg`;
    assert.ok(page.body.includes(`<img class="preview" src="${preview}"`));
    assert.equal((await t.app.inject({ method: 'GET', url: preview })).statusCode, 200);
    assert.ok(page.body.includes(`<a href="/q/${scroll.qrCode}">`));
    assert.match(page.body, /<svg class="sticker" role="img"[^>]*><rect [^>]*\/><path fill="#000" d="M[^"]+"\/><\/svg>/);
    await assertSameAsApi(page, photo);
  });

  test('an unverified scroll is found, marked not yet verified, and its QR code is not given', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const page = await checkPage(scroll.photo);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /data-verdict="warn"[\s\S]*Registered, not yet examined/);
    assert.ok(!page.body.includes(scroll.qrCode));
    assert.ok(!page.body.includes('<svg'));
  });

  test("once sold: a warning for a buyer offered it as new; the private owner's place as a town, never coordinates", async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const buyer = await makeBuyer(t.deps, { username: 'Buyer <script>x</script>', lat: 48.856613, lng: 2.352222 });
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: '' })).statusCode, 200);
    const page = await checkPage(scroll.photo);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /data-verdict="warn"[\s\S]*Already sold to a private owner[\s\S]*offered to you as new/);
    assert.match(page.body, /Owned by/);
    assert.ok(page.body.includes('Buyer &lt;script&gt;x&lt;/script&gt;'));
    assert.match(page.body, /Where<\/dt><dd><bdi[^>]*>Paris, France</);
    assert.ok(!page.body.includes('48.8'));
    assert.ok(!page.body.includes('2.35'));
    const api = (await checkApi(scroll.photo)).json();
    assert.equal(api.owner.lat, 48.86);
  });

  test('an unknown scroll: not found, as the API says, with what to do next', async () => {
    const photo = await scrollPhoto();
    const page = await checkPage(photo);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /What to do next[\s\S]*Lay the whole scroll flat/);
    assert.equal(dataStatus(page.body), 'not_found');
    assert.match(page.body, /No registered scroll matches this photo\./);
    assert.match(page.body, /action="\/check"/, 'the form again, for another photo');
    await assertSameAsApi(page, photo);
  });

  test('a photo without readable text: invalid, with tips for a better photo', async () => {
    const photo = await blankPhoto();
    const page = await checkPage(photo);
    assert.equal(page.statusCode, 400);
    assert.equal(dataStatus(page.body), 'invalid');
    assert.match(page.body, /No readable scroll text in this photo\./);
    assert.match(page.body, /Lay the whole scroll flat/);
    assert.match(page.body, /good, even light/);
    assert.match(page.body, /glare/);
    await assertSameAsApi(page, photo);
  });

  test('in Hebrew, the invalid message is in Hebrew', async () => {
    const browser = portalBrowser(t.app);
    assert.equal((await browser.get('/language/he?back=/check')).statusCode, 303);
    await browser.get('/check');
    const page = await browser.upload('/check', { image: { data: await blankPhoto() } });
    assert.match(page.body, /לא נמצא בתמונה זו כתב קריא של מזוזה/);
  });

  test('no photo: a 400 page that says what is missing', async () => {
    const page = await checkPage(undefined);
    assert.equal(page.statusCode, 400);
    assert.match(page.body, /This upload cannot be checked\./);
    assert.match(page.body, /image is required/);
  });

  test('a file that is not an image: 400 with the reason', async () => {
    const page = await checkPage(new TextEncoder().encode('not a photo at all'));
    assert.equal(page.statusCode, 400);
    assert.equal(dataStatus(page.body), 'invalid_request');
  });

  test('without the CSRF token: 403, and the photo is never analysed', async () => {
    const browser = await visitor('/check');
    const before = t.engine.analyzed;
    const page = await browser.upload('/check', { _csrf: '', image: { data: await scrollPhoto() } });
    assert.equal(page.statusCode, 403);
    assert.match(page.body, /The form has expired/);
    const forged = await browser.upload('/check', { _csrf: 'forged-token', image: { data: await scrollPhoto() } });
    assert.equal(forged.statusCode, 403);
    assert.equal(t.engine.analyzed, before);
  });

  test('from another site (Origin): 403 before the body is read', async () => {
    const browser = await visitor('/check');
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await postForm(t.app, '/check', { _csrf: browser.csrf ?? '', image: { data: await scrollPhoto() } }, { cookie, origin: 'https://evil.example' });
    assert.equal(response.statusCode, 403);
  });

  test('the engine busy: 503 with a message to retry', async () => {
    const browser = await visitor('/check');
    t.engine.busy = true;
    try {
      const page = await browser.upload('/check', { image: { data: await scrollPhoto() } });
      assert.equal(page.statusCode, 503);
      assert.match(page.body, /The registry is busy right now/);
    } finally {
      t.engine.busy = false;
    }
  });

  test('the photo is not stored', async () => {
    const before = await storedFiles();
    const page = await checkPage(await scrollPhoto());
    assert.equal(dataStatus(page.body), 'not_found');
    assert.deepEqual(await storedFiles(), before, 'the result link keeps no photo');
  });
});

describe('the result link (/check/result/{id})', () => {
  test('opens the same answer in any browser, reloads without checking again, shows the scroll as it is now, and expires after 30 days', async () => {
    const scroll = await makeScroll(t.deps, store.account, { verified: true });
    const browser = await visitor('/check');
    const posted = await browser.upload('/check', { image: { data: scroll.photo } });
    assert.equal(posted.statusCode, 303);
    const link = String(posted.headers.location);
    const page = await browser.get(link);
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
    assert.match(page.body, /Verified and registered/);
    const shared = /<a class="code" id="share-link" href="([^"]+)"/.exec(page.body)?.[1];
    assert.equal(shared, `https://registry.test${link}`);

    const analysed = t.engine.requesters.length;
    const elsewhere = await portalBrowser(t.app, '198.51.100.77').get(link);
    assert.equal(elsewhere.statusCode, 200, 'a rabbi opening the link needs no cookie of the buyer');
    assert.ok(elsewhere.body.includes(scroll.uuid));
    assert.equal(t.engine.requesters.length, analysed, "opening it again analyses nothing");

    const buyer = await makeBuyer(t.deps);
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: '' })).statusCode, 200);
    assert.match((await browser.get(link)).body, /Already sold to a private owner/, 'a sale since the check is shown');

    t.clock.advance(30 * 24 * 3600_000 + 1000);
    const expired = await browser.get(link);
    assert.equal(expired.statusCode, 404);
    assert.match(expired.body, /This result link has expired/);
    assert.ok(!expired.body.includes(scroll.uuid));
  });

  test('an id never given is the same 404 as an expired one', async () => {
    const response = await portalBrowser(t.app).get('/check/result/AAAAAAAAAAAAAAAAAAAAAA');
    assert.equal(response.statusCode, 404);
    assert.match(response.body, /This result link has expired/);
  });
});

describe('compare', () => {
  const comparePage = async (first: Uint8Array | undefined, second: Uint8Array | undefined) =>
    (await visitor('/check/compare')).upload('/check/compare', {
      image1: first === undefined ? undefined : { data: first },
      image2: second === undefined ? undefined : { data: second },
    });
  const compareApi = (first: Uint8Array, second: Uint8Array) =>
    postForm(t.app, '/api/v1/public/compare-mezuzot', { image1: { data: first }, image2: { data: second } });

  test('GET: a form with two photo inputs', async () => {
    const response = await portalBrowser(t.app).get('/check/compare');
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /<form method="post" action="\/check\/compare" enctype="multipart\/form-data" data-busy="Comparing…">/);
    assert.match(response.body, /name="image1" type="file" required[^>]* data-preview="image1-preview"/);
    assert.match(response.body, /name="image2" type="file" required[^>]*data-preview="image2-preview"/);
  });

  test('the same scroll photographed twice: same, as the API says; neither photo is stored', async () => {
    const first = await scrollPhoto();
    const second = await rephotographed(first);
    const files = await storedFiles();
    const page = await comparePage(first, second);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Both photos show the same physical scroll\./);
    assert.match(page.body, /data-matched="true"/);
    assert.deepEqual(await storedFiles(), files);
    const api = await compareApi(first, second);
    assert.equal(api.json().is_matched, true);
    assert.equal(dataStatus(page.body), api.json().status);
  });

  test('two different scrolls: different', async () => {
    const first = await scrollPhoto();
    const second = await scrollPhoto();
    const page = await comparePage(first, second);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /The two photos show different scrolls\./);
    assert.match(page.body, /data-matched="false"/);
    assert.equal((await compareApi(first, second)).json().is_matched, false);
  });

  test('an unreadable photo: invalid, naming which one', async () => {
    const first = await scrollPhoto();
    const blank = await blankPhoto();
    const second = await comparePage(first, blank);
    assert.equal(second.statusCode, 200);
    assert.equal(dataStatus(second.body), 'invalid');
    assert.match(second.body, /No readable scroll text in the second photo\./);
    assert.equal((await compareApi(first, blank)).json().status, 'invalid');
    const both = await comparePage(blank, blank);
    assert.match(both.body, /No readable scroll text in either photo\./);
    const firstOnly = await comparePage(blank, first);
    assert.match(firstOnly.body, /No readable scroll text in the first photo\./);
  });

  test('a missing photo: 400 page', async () => {
    const page = await comparePage(await scrollPhoto(), undefined);
    assert.equal(page.statusCode, 400);
    assert.match(page.body, /image2 is required/);
  });

  test('without the CSRF token: 403', async () => {
    const browser = await visitor('/check/compare');
    const page = await browser.upload('/check/compare', { _csrf: '', image1: { data: await scrollPhoto() }, image2: { data: await scrollPhoto() } });
    assert.equal(page.statusCode, 403);
  });
});

describe('one rate-limit count with the API', () => {
  let limited: TestApp;
  before(async () => {
    limited = await createTestApp({ rateLimitScale: 1 });
  });
  after(() => limited.close());

  const ip = (n: number) => `203.0.113.${n}`;

  test('10 API checks, then the page from the same IP: the HTML 429 page; another IP is unaffected', async () => {
    const browser = portalBrowser(limited.app, ip(1));
    assert.equal((await browser.get('/check')).statusCode, 200);
    const photo = await scrollPhoto();
    for (let i = 0; i < 10; i++) {
      const api = await postForm(limited.app, '/api/v1/public/check-mezuzah', { image: { data: photo } }, {}, ip(1));
      assert.equal(api.statusCode, 400, `API call ${i + 1}`);
    }
    const page = await browser.upload('/check', { image: { data: photo } });
    assert.equal(page.statusCode, 429);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.body, /Too many attempts/);
    assert.ok(Number(page.headers['retry-after']) > 0);

    const other = portalBrowser(limited.app, ip(2));
    await other.get('/check');
    assert.equal((await other.upload('/check', { image: { data: photo } })).statusCode, 303, 'answered: not found');
  });

  test('page submissions count against the API too', async () => {
    const browser = portalBrowser(limited.app, ip(3));
    await browser.get('/check');
    const photo = await scrollPhoto();
    for (let i = 0; i < 10; i++) assert.equal((await browser.upload('/check', { image: { data: photo } })).statusCode, 303);
    const api = await postForm(limited.app, '/api/v1/public/check-mezuzah', { image: { data: photo } }, {}, ip(3));
    assert.equal(api.statusCode, 429);
    assert.deepEqual(api.json(), { error: 'rate_limit_exceeded' });
  });

  test('compare: 10 API comparisons, then the page: 429', async () => {
    const browser = portalBrowser(limited.app, ip(4));
    await browser.get('/check/compare');
    const photo = await scrollPhoto();
    for (let i = 0; i < 10; i++) {
      const api = await postForm(limited.app, '/api/v1/public/compare-mezuzot', { image1: { data: photo }, image2: { data: photo } }, {}, ip(4));
      assert.equal(api.statusCode, 200);
    }
    const page = await browser.upload('/check/compare', { image1: { data: photo }, image2: { data: photo } });
    assert.equal(page.statusCode, 429);
    assert.match(page.body, /Too many attempts/);
    // The check is another operation with its own count.
    assert.equal((await browser.upload('/check', { image: { data: photo } })).statusCode, 303);
  });
});

describe('whose photos the engine is told they are', () => {
  test("the visitor's IP address, on the check and the compare pages alike", async () => {
    const ip = '198.51.100.31';
    const browser = portalBrowser(t.app, ip);
    await browser.get('/check');
    const [a, b] = [await scrollPhoto(), await scrollPhoto()];
    assert.deepEqual(await requestersDuring(t.engine, () => browser.upload('/check', { image: { data: a } })), [`ip:${ip}`]);
    await browser.get('/check/compare');
    assert.deepEqual(await requestersDuring(t.engine, () => browser.upload('/check/compare', { image1: { data: a }, image2: { data: b } })), [`ip:${ip}`, `ip:${ip}`]);
  });
});
