import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeScroll, makeSofer, makeStore, type TestScroll, type TestStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
let megiah: Account;
let otherMegiah: Account;
let mine: TestScroll;
let mineVerified: TestScroll;
let theirs: TestScroll;
let browser: PortalBrowser;

before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 10 });
  megiah = await makeMegiah(t.deps, { username: 'Rav Levi' });
  otherMegiah = await makeMegiah(t.deps, { username: 'Rav Other' });
  const sofer = await makeSofer(t.deps, { username: 'Sofer <b>Bold</b>' });
  mine = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, sofer: sofer.uuid, font: 'Ari', size: '15 cm', writtendate: '2024-03-04', examinateddate: '2024-05-06' });
  mineVerified = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, verified: true });
  theirs = await makeScroll(t.deps, store.account, { megiah: otherMegiah.uuid });
  browser = await signedInBrowser(t.app, t.deps, megiah);
});
after(() => t.close());

const scan = (code: string) => t.app.inject({ method: 'GET', url: `/q/${code}` });

describe('GET /megiah', () => {
  test('lists only the scrolls naming this megiah that still await confirmation, with their facts', async () => {
    const page = await browser.get('/megiah');
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.ok(page.body.includes(mine.uuid), 'own awaiting scroll listed');
    assert.ok(!page.body.includes(mineVerified.uuid), 'own verified scroll not listed');
    assert.ok(!page.body.includes(theirs.uuid), "another megiah's scroll not listed");
    for (const text of ['Ari', '15 cm', '2024-03-04', '2024-05-06', '2025-03-01 10:00 UTC', 'Confirm examination']) {
      assert.ok(page.body.includes(text), `missing ${text}`);
    }
    assert.ok(page.body.includes(`src="/static/previews/${mine.uuid}.jpg"`), 'preview thumbnail');
    assert.equal((await t.app.inject({ method: 'GET', url: `/static/previews/${mine.uuid}.jpg` })).statusCode, 200);
    assert.ok(page.body.includes(`action="/megiah/scrolls/${mine.uuid}/verify"`));
    // Data from the database is escaped.
    assert.ok(page.body.includes('Sofer &lt;b&gt;Bold&lt;/b&gt;'));
    assert.ok(!page.body.includes('<b>Bold</b>'));
  });

  test('in Hebrew, right to left', async () => {
    const page = await browser.get('/megiah', { 'accept-language': 'he' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html lang="he" dir="rtl">/);
    assert.ok(page.body.includes('אישור הבדיקה'));
  });

  test('an empty queue says so', async () => {
    const idle = await makeMegiah(t.deps);
    const page = await (await signedInBrowser(t.app, t.deps, idle)).get('/megiah');
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('Nothing awaits your confirmation.'));
  });

  test('a bad page number is 400', async () => {
    assert.equal((await browser.get('/megiah?page=-1')).statusCode, 400);
  });
});

describe('POST /megiah/scrolls/{uuid}/verify', () => {
  test("confirming one's own scroll verifies it, and its QR page starts to answer", async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    assert.equal((await scan(scroll.qrCode)).statusCode, 404);
    await browser.get('/megiah');
    const confirmed = await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`, { page: '0' });
    assert.equal(confirmed.statusCode, 303);
    assert.equal(confirmed.headers.location, '/megiah');
    const after = await browser.get('/megiah');
    assert.ok(after.body.includes('Examination confirmed.'), 'flash');
    assert.ok(!after.body.includes(scroll.uuid), 'no longer listed');
    const stored = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(stored?.isVerified, true);
    assert.equal(stored?.verifiedById, megiah.id);
    assert.equal((await scan(scroll.qrCode)).statusCode, 200);

    // Again: already confirmed, harmless.
    await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`);
    assert.ok((await browser.get('/megiah')).body.includes('already been confirmed'));
  });

  test("another megiah's scroll: an error message, and it stays unverified", async () => {
    await browser.get('/megiah');
    const refused = await browser.post(`/megiah/scrolls/${theirs.uuid}/verify`);
    assert.equal(refused.statusCode, 303);
    const page = await browser.get('/megiah');
    assert.match(page.body, /class="notice error"[^>]*>[^<]*another megiah/);
    assert.equal((await t.db.scrolls.findByUuid(theirs.uuid))?.isVerified, false);
    assert.equal((await scan(theirs.qrCode)).statusCode, 404);
  });

  test('an unknown scroll: an error message', async () => {
    await browser.get('/megiah');
    await browser.post('/megiah/scrolls/no-such-scroll/verify');
    assert.ok((await browser.get('/megiah')).body.includes('No such scroll.'));
  });

  test('the page it came from is kept', async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    await browser.get('/megiah');
    const confirmed = await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`, { page: '2' });
    assert.equal(confirmed.headers.location, '/megiah?page=2');
    const odd = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    assert.equal((await browser.post(`/megiah/scrolls/${odd.uuid}/verify`, { page: '//evil.test' })).headers.location, '/megiah');
  });

  test('without the CSRF token: 403, and nothing changes', async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    await browser.get('/megiah');
    const refused = await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`, { _csrf: '' });
    assert.equal(refused.statusCode, 403);
    const forged = await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`, { _csrf: 'forged' });
    assert.equal(forged.statusCode, 403);
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.isVerified, false);
  });
});

describe('who may', () => {
  test('a visitor is sent to sign in', async () => {
    const visitor = portalBrowser(t.app);
    const page = await visitor.get('/megiah');
    assert.equal(page.statusCode, 303);
    assert.equal(page.headers.location, '/sign-in?next=%2Fmegiah');
    await visitor.get('/sign-in');
    const post = await visitor.post(`/megiah/scrolls/${theirs.uuid}/verify`);
    assert.equal(post.statusCode, 303);
    assert.match(String(post.headers.location), /^\/sign-in/);
    assert.equal((await t.db.scrolls.findByUuid(theirs.uuid))?.isVerified, false);
  });

  test('a store gets 403, and cannot confirm', async () => {
    const shop = await signedInBrowser(t.app, t.deps, store.account);
    assert.equal((await shop.get('/megiah')).statusCode, 403);
    const post = await shop.post(`/megiah/scrolls/${theirs.uuid}/verify`);
    assert.equal(post.statusCode, 403);
    assert.equal((await t.db.scrolls.findByUuid(theirs.uuid))?.isVerified, false);
  });
});
