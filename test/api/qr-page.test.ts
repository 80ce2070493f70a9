import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { rejectScroll } from '../../src/domain/reject-scroll.ts';
import { verifyScroll } from '../../src/domain/verify-scroll.ts';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { sell, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 5 });
});
after(() => t.close());

const open = (code: string, remoteAddress?: string) => t.app.inject({ method: 'GET', url: `/q/${encodeURIComponent(code)}`, remoteAddress });
/** A link on the page, fetched as a browser would resolve it against /q/{code}. */
const follow = (code: string, href: string) => t.app.inject({ method: 'GET', url: new URL(href, `http://x/q/${code}`).pathname });

function attribute(html: string, tag: string, name: string): string {
  const match = new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`).exec(html);
  assert.ok(match, `no ${tag}[${name}]`);
  return match[1].replaceAll('&amp;', '&');
}

function assertSafePage(res: Awaited<ReturnType<typeof open>>) {
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(res.headers['cache-control'], 'public, max-age=60');
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  const csp = String(res.headers['content-security-policy']);
  assert.match(csp, /default-src 'none'/);
  assert.doesNotMatch(csp, /script-src|unsafe-inline/);
  // The one inline style sheet is allowed by its hash, and nothing else runs.
  const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
  assert.ok(csp.includes(`'sha256-${createHash('sha256').update(style).digest('base64')}'`));
  assert.doesNotMatch(res.body, /<script/i);
  for (const tag of res.body.match(/<[a-z][^>]*>/gi) ?? []) assert.doesNotMatch(tag, /\son[a-z]+=/i, tag);
  assert.match(res.body, /^<!doctype html>/);
  assert.match(res.body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
}

describe('200 verified, in a store', () => {
  test('status, sofer, megiah, dates, store, code and preview, in Hebrew and English', async () => {
    const sofer = await makeSofer(t.deps, { username: 'Moshe Katz' });
    const megiah = await makeMegiah(t.deps, { username: 'הרב לוי' });
    const scroll = await makeScroll(t.deps, store.account, {
      sofer: sofer.uuid, megiah: megiah.uuid, writtendate: '2023-11-05', examinateddate: '2024-01-15', font: 'Beit Yosef', size: '15 cm',
    });
    t.clock.set('2025-05-06T12:00:00Z');
    assert.equal((await verifyScroll(t.deps, scroll.uuid)).ok, true);

    const res = await open(scroll.qrCode);
    assert.equal(res.statusCode, 200);
    assertSafePage(res);
    const html = res.body;
    for (const text of ['Verified mezuzah', 'מזוזה מאומתת', 'Moshe Katz', 'הרב לוי', '2023-11-05', '2024-01-15', '2025-05-06', 'Beit Yosef', '15 cm', scroll.uuid, scroll.qrCode, store.account.username, 'Jerusalem, Israel']) {
      assert.ok(html.includes(text), `missing ${text}`);
    }
    assert.match(html, /<p lang="he" dir="rtl">[^<]*<bdi>/, 'the Hebrew sentence isolates the store name');
    assert.match(html, /<span lang="he" dir="rtl">הסופר<\/span>/);
    assert.match(html, /<dd><bdi>הרב לוי<\/bdi><\/dd>/);
    assert.ok(!html.includes('href='), 'no certificate link before one is issued');

    const preview = await follow(scroll.qrCode, attribute(html, 'img', 'src'));
    assert.equal(preview.statusCode, 200);
    assert.equal(preview.headers['content-type'], 'image/jpeg');
  });

  test('codes are read as typed from a sticker: lower case, O for 0', async () => {
    const scroll = await makeScroll(t.deps, store.account, { verified: true });
    const typed = scroll.qrCode.toLowerCase().replaceAll('0', 'o');
    const res = await open(typed);
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes(scroll.uuid));
  });

  test('links the current certificate once the store has issued one', async () => {
    const scroll = await makeScroll(t.deps, store.account, { verified: true });
    const urls = (await storeGet(t.app, store.key, `/api/v1/store/mezuzah-certificate/${scroll.uuid}`)).json();
    const html = (await open(scroll.qrCode)).body;
    const href = attribute(html, 'a', 'href');
    assert.equal(new URL(href, `http://x/q/${scroll.qrCode}`).pathname, `/${urls.pdf_url}`);
    const pdf = await follow(scroll.qrCode, href);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
  });

  test('escapes every value: markup in names is shown, never run', async () => {
    const sofer = await makeSofer(t.deps, { username: '<script>alert(1)</script>' });
    const evil = await makeStore(t.deps);
    const megiah = await makeMegiah(t.deps, { username: '"><img src=x onerror=alert(2)>' });
    const scroll = await makeScroll(t.deps, evil.account, { sofer: sofer.uuid, megiah: megiah.uuid, font: "O'Neil & <b>Sons</b>", verified: true });
    const res = await open(scroll.qrCode);
    assertSafePage(res);
    assert.ok(res.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(res.body.includes('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;'));
    assert.ok(res.body.includes('O&#39;Neil &amp; &lt;b&gt;Sons&lt;/b&gt;'));
    assert.ok(!res.body.includes('<b>Sons'));
  });
});

describe('200 sold', () => {
  test('says it was sold and never names the buyer', async () => {
    const buyer = await makeBuyer(t.deps, { username: 'Private Buyer Name' });
    const scroll = await makeScroll(t.deps, store.account, { verified: true });
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: '' })).statusCode, 200);
    const res = await open(scroll.qrCode);
    assert.equal(res.statusCode, 200);
    assertSafePage(res);
    assert.ok(res.body.includes('sold'));
    assert.ok(res.body.includes('נמכרה'));
    assert.ok(!res.body.includes('Private Buyer Name'));
    assert.ok(!res.body.includes('Offered by'));
    assert.ok(res.body.includes(store.account.username), 'the registering store is still named');
  });
});

describe('404 page', () => {
  test('an unverified scroll: still 404, but the page says it is registered and awaiting the examiner, naming none of its details', async () => {
    const sofer = await makeSofer(t.deps, { username: 'Sofer Awaiting' });
    const scroll = await makeScroll(t.deps, store.account, { sofer: sofer.uuid });
    const res = await open(scroll.qrCode);
    assert.equal(res.statusCode, 404);
    assertSafePage(res);
    assert.ok(res.body.includes('Registered, awaiting the examiner’s confirmation'));
    assert.ok(res.body.includes('רשומה, ממתינה לאישור המגיה'));
    assert.ok(!res.body.includes('No verified mezuzah has this code'));
    for (const detail of [scroll.uuid, 'Sofer Awaiting', store.account.username]) assert.ok(!res.body.includes(detail), detail);
    await verifyScroll(t.deps, scroll.uuid);
    assert.equal((await open(scroll.qrCode)).statusCode, 200);
  });

  test('a rejected scroll stays not found, and is not said to be awaiting', async () => {
    const megiah = await makeMegiah(t.deps);
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    assert.ok((await rejectScroll(t.deps, scroll.uuid, { reason: 'invalid_letter_form', note: '' }, { account: megiah })).ok);
    const res = await open(scroll.qrCode);
    assert.equal(res.statusCode, 404);
    assert.ok(res.body.includes('No verified mezuzah has this code'));
    assert.ok(!res.body.includes('awaiting the examiner'));
  });

  for (const code of ['ZZZZZZZZZZZZ', 'short', '<script>alert(1)</script>', 'x'.repeat(90)]) {
    test(`unknown code ${code.slice(0, 24)}: a page echoing the code, escaped and shortened`, async () => {
      const res = await open(code);
      assert.equal(res.statusCode, 404);
      assertSafePage(res);
      assert.ok(!res.body.includes('<script>alert'));
      assert.ok(res.body.length < 8000);
    });
  }
});

describe('429', () => {
  test('30 pages a minute per IP', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      for (let i = 0; i < 30; i++) {
        const res = await limited.app.inject({ method: 'GET', url: '/q/ZZZZZZZZZZZZ', remoteAddress: '198.51.100.20' });
        assert.equal(res.statusCode, 404);
      }
      const res = await limited.app.inject({ method: 'GET', url: '/q/ZZZZZZZZZZZZ', remoteAddress: '198.51.100.20' });
      assert.equal(res.statusCode, 429);
      assert.ok(Number(res.headers['retry-after']) >= 1);
      const other = await limited.app.inject({ method: 'GET', url: '/q/ZZZZZZZZZZZZ', remoteAddress: '198.51.100.21' });
      assert.equal(other.statusCode, 404);
    } finally {
      await limited.close();
    }
  });
});
