// The store's pages: credits, inventory, one scroll (sticker, certificate),
// sales, and registration by agents through the same use case as the API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { sellScroll } from '../../src/domain/sell-scroll.ts';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestScroll } from '../support/factories.ts';
import { blankPhoto, scrollPhoto } from '../support/photos.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let agent: Account;
let agentKey: string;
let browser: PortalBrowser;
let sofer: Account;
let megiah: Account;
let buyer: Account;
let ariScroll: TestScroll;
let verifiedScroll: TestScroll;
let soldScroll: TestScroll;
let othersScroll: TestScroll;

const PAGES = ['/store', '/store/inventory', '/store/sales'];

before(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  const store = await makeStore(t.deps, { agent: true });
  agent = store.account;
  agentKey = store.key;
  assert.ok((await grantCredits(t.deps, agent.uuid, 3, { note: 'Welcome <pack>' })).ok);
  sofer = await makeSofer(t.deps, { username: 'Sofer <b>Levi</b>' });
  megiah = await makeMegiah(t.deps, { username: 'Megiah Cohen' });
  const people = { sofer: sofer.uuid, megiah: megiah.uuid };
  soldScroll = await makeScroll(t.deps, agent, { ...people, font: 'Sold font' });
  verifiedScroll = await makeScroll(t.deps, agent, { ...people, font: 'Beit Yosef', verified: true });
  ariScroll = await makeScroll(t.deps, agent, { ...people, font: 'Ari <i>', note: '<script>alert(1)</script>' });
  buyer = await makeBuyer(t.deps, { username: 'Buyer <u>Dan</u>' });
  const sold = await sellScroll(t.deps, agent, { scrollUuid: soldScroll.uuid, buyer: { kind: 'existing', uuid: buyer.uuid }, note: 'Paid <cash>' });
  assert.ok(sold.ok);
  othersScroll = await makeScroll(t.deps, (await makeStore(t.deps, { agent: true })).account);
  browser = await signedInBrowser(t.app, t.deps, agent);
});
after(() => t.close());

describe('who may see the store pages', () => {
  test('a visitor is sent to sign in and brought back', async () => {
    const visitor = portalBrowser(t.app);
    for (const url of [...PAGES, '/store/register', `/store/scrolls/${ariScroll.uuid}`, `/store/scrolls/${ariScroll.uuid}/certificate.pdf`]) {
      const res = await visitor.get(url);
      assert.equal(res.statusCode, 303, url);
      assert.equal(res.headers.location, `/sign-in?next=${encodeURIComponent(url)}`);
    }
  });

  test('a megiah gets the 403 page', async () => {
    const other = await signedInBrowser(t.app, t.deps, await makeMegiah(t.deps));
    for (const url of [...PAGES, '/store/register', `/store/scrolls/${ariScroll.uuid}`, `/store/scrolls/${ariScroll.uuid}/sticker.svg`]) {
      const res = await other.get(url);
      assert.equal(res.statusCode, 403, url);
      assert.match(res.headers['content-type'] ?? '', /text\/html/);
    }
  });

  test('another store\'s scroll, a sold scroll and an unknown uuid are 404, downloads included', async () => {
    for (const uuid of [othersScroll.uuid, soldScroll.uuid, '00000000-0000-4000-8000-000000000000']) {
      for (const suffix of ['', '/sticker.svg', '/sticker.png', '/certificate.pdf']) {
        const res = await browser.get(`/store/scrolls/${uuid}${suffix}`);
        assert.equal(res.statusCode, 404, `${uuid}${suffix}`);
        assert.ok(!res.body.includes(othersScroll.qrCode));
      }
    }
  });
});

describe('GET /store', () => {
  test('shows the balance and the ledger, newest first, with reasons in words', async () => {
    const res = await browser.get('/store');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    // Granted 3, one used by the sale.
    assert.match(res.body, /<p class="balance">2<\/p>/);
    const sale = res.body.indexOf(`Sale of scroll <bdi class="code">${soldScroll.uuid}</bdi>`);
    const grant = res.body.indexOf('Granted by the registry');
    assert.ok(sale > 0 && grant > sale, 'the sale (newer) comes before the grant');
    assert.ok(res.body.includes('Welcome &lt;pack&gt;'));
    assert.ok(!res.body.includes('Welcome <pack>'));
    assert.ok(res.body.includes('\u22121'));
    assert.ok(res.body.includes('+3'));
  });

  test('pages the ledger and refuses a malformed page', async () => {
    const first = await browser.get('/store?per_page=1');
    assert.ok(first.body.includes(soldScroll.uuid));
    assert.ok(!first.body.includes('Welcome'));
    assert.ok(first.body.includes('href="/store?page=1&amp;per_page=1"'));
    const second = await browser.get('/store?page=1&per_page=1');
    assert.ok(second.body.includes('Welcome &lt;pack&gt;'));
    assert.equal((await browser.get('/store?page=abc')).statusCode, 400);
  });

  test('shows Hebrew to a Hebrew browser', async () => {
    const res = await browser.get('/store', { 'accept-language': 'he-IL' });
    assert.match(res.body, /<html lang="he" dir="rtl">/);
    assert.ok(res.body.includes('קרדיטים שנותרו'));
  });
});

describe('GET /store/inventory', () => {
  test('lists the unsold scrolls, escaped, each linking to its page', async () => {
    const res = await browser.get('/store/inventory');
    assert.equal(res.statusCode, 200);
    for (const scroll of [ariScroll, verifiedScroll]) {
      assert.ok(res.body.includes(`href="/store/scrolls/${scroll.uuid}"`));
      assert.ok(res.body.includes(scroll.qrCode));
    }
    assert.ok(!res.body.includes(soldScroll.uuid), 'a sold scroll has left the inventory');
    assert.ok(!res.body.includes(othersScroll.uuid));
    assert.ok(res.body.includes('Sofer &lt;b&gt;Levi&lt;/b&gt;'));
    assert.ok(res.body.includes('Ari &lt;i&gt;'));
    assert.ok(!res.body.includes('<b>Levi'));
    assert.match(res.body, /status ok">Verified/);
    assert.match(res.body, /status warn">Awaiting the megiah/);
  });

  test('search narrows the list and is kept in the box', async () => {
    const res = await browser.get('/store/inventory?q=ari');
    assert.ok(res.body.includes(ariScroll.uuid));
    assert.ok(!res.body.includes(verifiedScroll.uuid));
    assert.ok(res.body.includes('name="q" type="search" value="ari"'));
    const none = await browser.get('/store/inventory?q=%3Cnothing%3E');
    assert.ok(none.body.includes('No scroll matches'));
    assert.ok(none.body.includes('&lt;nothing&gt;'));
    assert.ok(!none.body.includes('<nothing>'));
  });

  test('pages keep the search and the page size', async () => {
    const first = await browser.get('/store/inventory?per_page=1');
    assert.ok(first.body.includes(ariScroll.uuid), 'newest first');
    assert.ok(!first.body.includes(verifiedScroll.uuid));
    assert.ok(first.body.includes('href="/store/inventory?page=1&amp;per_page=1"'));
    const second = await browser.get('/store/inventory?page=1&per_page=1');
    assert.ok(second.body.includes(verifiedScroll.uuid));
    assert.ok(!second.body.includes(ariScroll.uuid));
    const searched = await browser.get('/store/inventory?q=e&per_page=1');
    assert.ok(searched.body.includes('href="/store/inventory?q=e&amp;page=1&amp;per_page=1"'));
    assert.equal((await browser.get('/store/inventory?page=-1')).statusCode, 400);
    assert.equal((await browser.get('/store/inventory?per_page=1000')).statusCode, 400);
  });
});

describe('GET /store/scrolls/{uuid}', () => {
  test('shows the preview, the facts escaped, the sticker and the downloads; an unverified scroll says when its QR resolves', async () => {
    const res = await browser.get(`/store/scrolls/${ariScroll.uuid}`);
    assert.equal(res.statusCode, 200);
    const preview = /<img class="preview" src="(\/static\/previews\/[^"]+)"/.exec(res.body)?.[1];
    assert.equal(preview, `/static/previews/${ariScroll.uuid}.jpg`);
    assert.equal((await t.app.inject({ method: 'GET', url: preview })).statusCode, 200);
    assert.ok(res.body.includes('Sofer &lt;b&gt;Levi&lt;/b&gt;'));
    assert.ok(res.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(!res.body.includes('<script>alert'));
    assert.ok(res.body.includes(ariScroll.qrCode));
    assert.ok(res.body.includes('2024-01-10'));
    assert.ok(res.body.includes(`src="/store/scrolls/${ariScroll.uuid}/sticker.svg"`));
    for (const file of ['certificate.pdf', 'certificate.png', 'certificate.docx', 'sticker.png']) {
      assert.ok(res.body.includes(`href="/store/scrolls/${ariScroll.uuid}/${file}"`), file);
    }
    assert.match(res.body, /until the megiah confirms, a scan of it shows “registered, awaiting the examiner’s confirmation”/);
  });

  test('a verified scroll says when, without the waiting notice', async () => {
    const res = await browser.get(`/store/scrolls/${verifiedScroll.uuid}`);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /status ok">Verified <time datetime="2025-03-01T10:00:00Z"/);
    assert.doesNotMatch(res.body, /a scan of it shows “registered, awaiting/);
  });

  test('the sticker is SVG to show and PNG to download', async () => {
    const svg = await browser.get(`/store/scrolls/${ariScroll.uuid}/sticker.svg`);
    assert.equal(svg.statusCode, 200);
    assert.equal(svg.headers['content-type'], 'image/svg+xml');
    assert.match(svg.body, /<svg[\s>]/);
    const png = await browser.get(`/store/scrolls/${ariScroll.uuid}/sticker.png`);
    assert.equal(png.statusCode, 200);
    assert.equal(png.headers['content-type'], 'image/png');
    assert.match(String(png.headers['content-disposition']), /^attachment; filename="mezuzah-sticker-.+\.png"$/);
    assert.deepEqual([...png.rawPayload.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  });

  test('the certificate downloads as PDF, PNG and DOCX, the same files the API names', async () => {
    const pdf = await browser.get(`/store/scrolls/${ariScroll.uuid}/certificate.pdf`);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.headers['content-disposition'], `attachment; filename="mezuzah-certificate-${ariScroll.uuid}.pdf"`);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');

    const urls = (await storeGet(t.app, agentKey, `/api/v1/store/mezuzah-certificate/${ariScroll.uuid}`)).json();
    const fromApi = await t.app.inject({ method: 'GET', url: `/${urls.pdf_url}` });
    assert.ok(fromApi.rawPayload.equals(pdf.rawPayload), 'the one stored certificate, not a second rendering');

    const png = await browser.get(`/store/scrolls/${ariScroll.uuid}/certificate.png`);
    assert.equal(png.headers['content-type'], 'image/png');
    assert.match(String(png.headers['content-disposition']), /^attachment; /);
    const docx = await browser.get(`/store/scrolls/${ariScroll.uuid}/certificate.docx`);
    assert.equal(docx.headers['content-type'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    assert.equal(docx.rawPayload.subarray(0, 2).toString('latin1'), 'PK');
  });
});

describe('GET /store/sales', () => {
  test('lists the sales with the buyer and note escaped, the scroll as text', async () => {
    const res = await browser.get('/store/sales');
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes(soldScroll.uuid));
    assert.ok(!res.body.includes(`href="/store/scrolls/${soldScroll.uuid}"`));
    assert.ok(res.body.includes('Buyer &lt;u&gt;Dan&lt;/u&gt;'));
    assert.ok(res.body.includes('Paid &lt;cash&gt;'));
    assert.ok(!res.body.includes('<u>Dan'));
    assert.equal((await browser.get('/store/sales?page=x')).statusCode, 400);
  });

  test('a store with no sales is told so', async () => {
    const other = await signedInBrowser(t.app, t.deps, (await makeStore(t.deps, { agent: false })).account);
    const res = await other.get('/store/sales');
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes('No sales yet.'));
  });
});

describe('/store/register', () => {
  const details = () => ({
    sofer: sofer.uuid,
    megiah: megiah.uuid,
    writtendate: '2024-05-01',
    examinateddate: '2024-06-01',
    font: 'Vellish <x>',
    size: '15 cm',
    note: 'From the form',
  });

  async function inventoryOf(account: Account) {
    return (await t.db.scrolls.listOwnedBy(account.id, { offset: 0, limit: 100 })).items;
  }

  test('the form offers the confirmed sofers and megiahs, escaped, and a camera photo input', async () => {
    const res = await browser.get('/store/register');
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes(`<option value="${sofer.uuid}">Sofer &lt;b&gt;Levi&lt;/b&gt;`));
    assert.ok(res.body.includes(`<option value="${megiah.uuid}">Megiah Cohen`));
    assert.match(res.body, /<input id="f-mezuzah" name="mezuzah" type="file" accept="image\/\*,\.heic,\.heif" data-preview="mezuzah-preview"/);
    assert.match(res.body, /enctype="multipart\/form-data"[^>]*data-busy="Uploading…"/);
  });

  test('registers a scroll into the inventory and shows it with a flash', async () => {
    const before = (await inventoryOf(agent)).length;
    await browser.get('/store/register');
    const res = await browser.upload('/store/register', { ...details(), mezuzah: { data: await scrollPhoto() } });
    assert.equal(res.statusCode, 303, res.body);
    const uuid = /^\/store\/scrolls\/([0-9a-f-]{36})$/.exec(String(res.headers.location))?.[1];
    assert.ok(uuid);
    const inventory = await inventoryOf(agent);
    assert.equal(inventory.length, before + 1);
    const scroll = inventory.find((s) => s.uuid === uuid);
    assert.equal(scroll?.font, 'Vellish <x>');
    assert.equal(scroll?.note, 'From the form');
    assert.equal(scroll?.sofer.uuid, sofer.uuid);

    const page = await browser.get(String(res.headers.location));
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /class="notice ok" role="status">Registered\./);
    assert.ok(page.body.includes('Vellish &lt;x&gt;'));
    // The API reads the same scroll.
    assert.equal((await storeGet(t.app, agentKey, `/api/v1/store/mezuzah/${uuid}`)).json().font, 'Vellish <x>');
    assert.doesNotMatch((await browser.get(String(res.headers.location))).body, /Registered\./, 'the flash shows once');
  });

  test('a scroll registered before (here through the domain, as by the API) is refused as a duplicate, typed values kept', async () => {
    const photo = await scrollPhoto();
    await makeScroll(t.deps, agent, { photo, sofer: sofer.uuid, megiah: megiah.uuid });
    const before = (await inventoryOf(agent)).length;
    await browser.get('/store/register');
    const res = await browser.upload('/store/register', { ...details(), mezuzah: { data: photo } });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /This scroll is already registered/);
    assert.ok(res.body.includes('name="font" type="text" value="Vellish &lt;x&gt;"'));
    assert.ok(res.body.includes(`<option value="${sofer.uuid}" selected>`));
    assert.ok(res.body.includes('>From the form</textarea>'));
    assert.equal((await inventoryOf(agent)).length, before);
  });

  test('with a buyer and no credits: refused, nothing written', async () => {
    const poor = (await makeStore(t.deps, { agent: true })).account;
    const owner = await makeBuyer(t.deps);
    const poorBrowser = await signedInBrowser(t.app, t.deps, poor);
    await poorBrowser.get('/store/register');
    const res = await poorBrowser.upload('/store/register', { ...details(), owner_email: owner.email, mezuzah: { data: await scrollPhoto() } });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /No credits left/);
    assert.ok(res.body.includes(`value="${owner.email}"`));
    assert.deepEqual(await inventoryOf(poor), []);
    assert.deepEqual(await inventoryOf(owner), []);
    assert.deepEqual(await t.db.credits.entries(poor.id), []);
  });

  test('the owner is picked by email: a buyer\'s gets the scroll and a credit is used', async () => {
    const owner = await makeBuyer(t.deps);
    const credits = await t.db.credits.balanceOf(agent.id);
    await browser.get('/store/register');
    const form = await browser.get('/store/register');
    assert.match(form.body, /<input id="f-owner_email" name="owner_email" type="email"/);
    assert.doesNotMatch(form.body, /owner_uuid/);
    const res = await browser.upload('/store/register', { ...details(), owner_email: `  ${owner.email.toUpperCase()} `, mezuzah: { data: await scrollPhoto() } });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal((await inventoryOf(owner)).length, 1);
    assert.equal(await t.db.credits.balanceOf(agent.id), credits - 1);
  });

  test('an owner email that names no buyer gets one answer, whatever the reason, and nothing is registered', async () => {
    const before = (await inventoryOf(agent)).length;
    const credits = await t.db.credits.balanceOf(agent.id);
    const answers = new Set<string>();
    for (const email of ['nobody-at-all@example.test', sofer.email, agent.email]) {
      await browser.get('/store/register');
      const res = await browser.upload('/store/register', { ...details(), owner_email: email, mezuzah: { data: await scrollPhoto() } });
      assert.equal(res.statusCode, 400, email);
      answers.add(/<p class="notice error" role="alert">([^<]+)<\/p>/.exec(res.body)?.[1] ?? '');
    }
    assert.deepEqual([...answers], ['No buyer’s account can be named by this email. Nothing was registered. Check the email, or leave it empty to register into your inventory and record the sale from there (a buyer without an account is recorded at the sale).']);
    assert.equal((await inventoryOf(agent)).length, before);
    assert.equal(await t.db.credits.balanceOf(agent.id), credits);
  });

  test('a photo with no readable scroll, and a future date, are explained', async () => {
    await browser.get('/store/register');
    const flat = await browser.upload('/store/register', { ...details(), mezuzah: { data: await blankPhoto() } });
    assert.equal(flat.statusCode, 400);
    assert.match(flat.body, /text cannot be read in this photo/);

    const future = await browser.upload('/store/register', { ...details(), writtendate: '2030-01-01', mezuzah: { data: await scrollPhoto() } });
    assert.equal(future.statusCode, 400);
    assert.match(future.body, /Some details are missing or not valid/);
    assert.match(future.body, /writtendate must not be in the future\./);
    assert.ok(future.body.includes('value="2030-01-01"'));
  });

  test('in Hebrew the refusal is in Hebrew', async () => {
    // Another agent: signing this one in again would set its password anew, which ends its other sessions.
    const hebrew = await signedInBrowser(t.app, t.deps, (await makeStore(t.deps, { agent: true })).account);
    await hebrew.get('/language/he?back=/store/register');
    const form = await hebrew.get('/store/register');
    assert.match(form.body, /<html lang="he" dir="rtl">/);
    assert.match(form.body, /data-busy="מעלה…"/);
    const res = await hebrew.upload('/store/register', { ...details(), mezuzah: { data: await blankPhoto() } });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /לא ניתן לקרוא את כתב המזוזה בתמונה זו/);
  });

  test('a plain store gets the 403 page and cannot post', async () => {
    const plain = (await makeStore(t.deps, { agent: false })).account;
    const plainBrowser = await signedInBrowser(t.app, t.deps, plain);
    assert.equal((await plainBrowser.get('/store/register')).statusCode, 403);
    assert.doesNotMatch((await plainBrowser.get('/store')).body, /href="\/store\/register"/);
    const res = await plainBrowser.upload('/store/register', { ...details(), mezuzah: { data: await scrollPhoto() } });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(await inventoryOf(plain), []);
  });

  test('without the CSRF token, or from another site: 403 and nothing registered', async () => {
    const before = (await inventoryOf(agent)).length;
    await browser.get('/store/register');
    const missing = await browser.upload('/store/register', { ...details(), _csrf: undefined, mezuzah: { data: await scrollPhoto() } });
    assert.equal(missing.statusCode, 403);
    const wrong = await browser.upload('/store/register', { ...details(), _csrf: 'forged', mezuzah: { data: await scrollPhoto() } });
    assert.equal(wrong.statusCode, 403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/store/register',
      headers: { cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '), origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    assert.equal(crossSite.statusCode, 403);
    assert.equal((await inventoryOf(agent)).length, before);
  });
});
