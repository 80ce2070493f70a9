// Recording a sale in the portal (/store/scrolls/{uuid}/sale and the form on
// the scroll's page): the API's sellScroll behind a form, its refusals in the
// reader's language, and a form sent twice that sells once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { rejectScroll } from '../../src/domain/reject-scroll.ts';
import { signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestScroll } from '../support/factories.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: Account;
let storeKey: string;
let browser: PortalBrowser;
let buyer: Account;

before(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  const made = await makeStore(t.deps, { agent: true, credits: 20 });
  store = made.account;
  storeKey = made.key;
  buyer = await makeBuyer(t.deps, { username: 'Dan Buyer' });
  browser = await signedInBrowser(t.app, t.deps, store);
});
after(() => t.close());

const balance = () => t.db.credits.balanceOf(store.id);
const ownerOf = async (scroll: TestScroll) => (await t.db.scrolls.findByUuid(scroll.uuid))?.ownerId;
const saleUrl = (scroll: TestScroll) => `/store/scrolls/${scroll.uuid}/sale`;

/** Opens the sale page (for its CSRF token) and sends the form. */
async function sellInForm(as: PortalBrowser, scroll: TestScroll, fields: Record<string, string>) {
  await as.get(saleUrl(scroll));
  return as.post(saleUrl(scroll), fields);
}

/** The text of the page's error notices. */
const refusals = (body: string) => [...body.matchAll(/<p class="notice error" role="alert"[^>]*>([^<]+)<\/p>/g)].map((m) => m[1]);

describe('the form', () => {
  test('on the scroll\'s page and its own page, beside the credits left, with both kinds of buyer', async () => {
    const scroll = await makeScroll(t.deps, store);
    for (const url of [`/store/scrolls/${scroll.uuid}`, saleUrl(scroll)]) {
      const res = await browser.get(url);
      assert.equal(res.statusCode, 200, url);
      assert.ok(res.body.includes(`<form method="post" action="/store/scrolls/${scroll.uuid}/sale" class="sale" data-busy="Recording…" novalidate>`), url);
      assert.match(res.body, new RegExp(`Credits left: <bdi>${await balance()}</bdi>\\. A sale uses one\\.`), url);
      assert.match(res.body, /<input type="radio" id="f-buyer-account" name="buyer" value="account" checked>/);
      assert.match(res.body, /<input type="radio" id="f-buyer-new" name="buyer" value="new">/);
      for (const name of ['account', 'username', 'email', 'country', 'city']) assert.match(res.body, new RegExp(`<input id="f-${name}" name="${name}"`), name);
      assert.match(res.body, /name="_csrf"/);
    }
  });

  test('a scroll its megiah rejected: the form warns that a buyer who checks it is told so, not that it awaits the examiner', async () => {
    const megiah = await makeMegiah(t.deps);
    const rejected = await makeScroll(t.deps, store, { megiah: megiah.uuid });
    assert.ok((await rejectScroll(t.deps, rejected.uuid, { reason: 'spacing_or_layout', note: '' }, { account: megiah })).ok);
    const page = await browser.get(saleUrl(rejected));
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<p class="notice error" role="alert">The megiah refused to confirm this scroll’s examination\./);
    assert.ok(!page.body.includes('awaiting the examiner'));
    const waiting = await makeScroll(t.deps, store);
    assert.match((await browser.get(saleUrl(waiting))).body, /awaiting the examiner’s confirmation/);
  });

  test('the inventory links each scroll to its sale', async () => {
    const scroll = await makeScroll(t.deps, store);
    const res = await browser.get('/store/inventory');
    assert.ok(res.body.includes(`<a href="/store/scrolls/${scroll.uuid}/sale" aria-label="Sell ${scroll.qrCode}">Sell</a>`));
  });

  test('another store\'s scroll, and an unknown one, are 404', async () => {
    const other = await makeScroll(t.deps, (await makeStore(t.deps)).account);
    for (const uuid of [other.uuid, '00000000-0000-4000-8000-000000000000']) {
      assert.equal((await browser.get(`/store/scrolls/${uuid}/sale`)).statusCode, 404);
      const res = await browser.post(`/store/scrolls/${uuid}/sale`, { buyer: 'account', account: buyer.email });
      assert.equal(res.statusCode, 404);
    }
    assert.notEqual(await ownerOf(other), buyer.id);
  });

  test('in Hebrew, the credits and the refusals too', async () => {
    const poor = (await makeStore(t.deps)).account;
    const hebrew = await signedInBrowser(t.app, t.deps, poor);
    await hebrew.get('/language/he?back=/store');
    const scroll = await makeScroll(t.deps, poor);
    const page = await hebrew.get(saleUrl(scroll));
    assert.match(page.body, /<html lang="he" dir="rtl">/);
    assert.match(page.body, /לא נותרו קרדיטים: מכירה צורכת קרדיט אחד, ולכן אי אפשר לרשום מכירה כעת\./);
    assert.match(page.body, /data-busy="נרשם…"/);
    const res = await hebrew.post(saleUrl(scroll), { buyer: 'account', account: buyer.email });
    assert.equal(res.statusCode, 400);
    assert.ok(refusals(res.body).includes('לא נותרו קרדיטים: מכירה צורכת קרדיט אחד. דבר לא נמכר. בקשו קרדיטים מהמרשם, ואז רשמו את המכירה שוב.'));
  });
});

describe('a sale', () => {
  test('to a buyer with an account, by email: the scroll is theirs, one credit used, the sales page says so once', async () => {
    const scroll = await makeScroll(t.deps, store);
    const before = await balance();
    const res = await sellInForm(browser, scroll, { buyer: 'account', account: ` ${buyer.email.toUpperCase()} `, note: 'Paid <cash>' });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, '/store/sales');
    assert.equal(await ownerOf(scroll), buyer.id);
    assert.equal(await balance(), before - 1);
    const sales = await browser.get('/store/sales');
    assert.match(sales.body, /class="notice ok" role="status">Sale recorded\./);
    assert.ok(sales.body.includes(scroll.uuid));
    assert.ok(sales.body.includes('Paid &lt;cash&gt;'));
    assert.doesNotMatch((await browser.get('/store/sales')).body, /Sale recorded/, 'the message shows once');
    // The API's sales history has the same sale.
    const history = (await storeGet(t.app, storeKey, '/api/v1/store/sales-history')).json();
    assert.equal(history.sales[0].mezuzah_uuid, scroll.uuid);
    assert.equal(history.sales[0].to.uuid, buyer.uuid);
  });

  test('to a buyer with an account, by username (in any case)', async () => {
    const scroll = await makeScroll(t.deps, store);
    const res = await sellInForm(browser, scroll, { buyer: 'account', account: 'dan buyer' });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(await ownerOf(scroll), buyer.id);
  });

  test('to a buyer without an account: one is made from the details, as the API\'s buyer form does', async () => {
    const scroll = await makeScroll(t.deps, store);
    const before = await balance();
    const res = await sellInForm(browser, scroll, {
      buyer: 'new',
      account: 'ignored when the buyer is new',
      username: 'רחל לוי',
      email: 'rachel@example.test',
      country: 'Israel',
      city: 'Haifa',
    });
    assert.equal(res.statusCode, 303, res.body);
    const made = await t.db.accounts.findByEmail('rachel@example.test');
    assert.equal(made?.role, 'user');
    assert.equal(made?.username, 'רחל לוי');
    assert.equal(made?.city, 'Haifa');
    assert.equal(await ownerOf(scroll), made?.id);
    assert.equal(await balance(), before - 1);
  });

  test('sent twice (a double click, a retry): sold once, one credit, and the second answer says it was already sold', async () => {
    const scroll = await makeScroll(t.deps, store);
    const before = await balance();
    await browser.get(saleUrl(scroll));
    const fields = { buyer: 'account', account: buyer.email };
    const [first, second] = await Promise.all([browser.post(saleUrl(scroll), fields), browser.post(saleUrl(scroll), fields)]);
    const third = await browser.post(saleUrl(scroll), fields);
    for (const res of [first, second, third]) {
      assert.equal(res.statusCode, 303, res.body);
      assert.equal(res.headers.location, '/store/sales');
    }
    assert.equal(await balance(), before - 1);
    assert.equal((await t.db.credits.entries(store.id)).filter((e) => e.reason === 'sale' && e.scrollUuid === scroll.uuid).length, 1);
    const page = await browser.get('/store/sales');
    assert.match(page.body, /This scroll was already sold \(see below\): the sale was not recorded again and no further credit was used\./);
    assert.equal(page.body.split(scroll.uuid).length - 1, 1, 'one sale listed');
  });
});

describe('refused', () => {
  test('no credits left: the page says so beside the form, and the sale is refused with nothing written', async () => {
    const poor = (await makeStore(t.deps)).account;
    const poorBrowser = await signedInBrowser(t.app, t.deps, poor);
    const scroll = await makeScroll(t.deps, poor);
    const page = await poorBrowser.get(saleUrl(scroll));
    assert.match(page.body, /No credits left: a sale uses one credit, so none can be recorded now\./);
    const res = await poorBrowser.post(saleUrl(scroll), { buyer: 'new', username: 'New Buyer', email: 'new-buyer-poor@example.test', note: 'kept' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(refusals(res.body), ['No credits left: a sale uses one credit. Nothing was sold. Ask the registry for credits, then record the sale again.']);
    assert.match(res.body, /<input type="radio" id="f-buyer-new" name="buyer" value="new" checked>/, 'what was typed is kept');
    assert.ok(res.body.includes('value="new-buyer-poor@example.test"'));
    assert.ok(res.body.includes('>kept</textarea>'));
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.ownerId, poor.id);
    assert.equal(await t.db.accounts.findByEmail('new-buyer-poor@example.test'), undefined, 'no buyer account made');
    assert.deepEqual(await t.db.credits.entries(poor.id), []);

    // Credits granted: the same form now sells.
    assert.ok((await grantCredits(t.deps, poor.uuid, 1)).ok);
    const again = await poorBrowser.post(saleUrl(scroll), { buyer: 'new', username: 'New Buyer', email: 'new-buyer-poor@example.test' });
    assert.equal(again.statusCode, 303, again.body);
  });

  test('no such buyer: one answer whether no account, another kind of account, an unknown or a shared username', async () => {
    const scroll = await makeScroll(t.deps, store);
    const before = await balance();
    const sofer = await makeSofer(t.deps);
    const megiah = await makeMegiah(t.deps);
    await makeBuyer(t.deps, { username: 'Twin Name' });
    await makeBuyer(t.deps, { username: 'twin name' });
    const attempts: Record<string, string>[] = [
      { buyer: 'account', account: 'nobody-here@example.test' },
      { buyer: 'account', account: sofer.email },
      { buyer: 'account', account: megiah.username },
      { buyer: 'account', account: 'No Such Person' },
      { buyer: 'account', account: 'Twin Name' },
      { buyer: 'account', account: '' },
      // A new buyer's email that a non-buyer holds: the API's same refusal.
      { buyer: 'new', username: 'Someone', email: store.email },
    ];
    const answers = new Set<string>();
    for (const fields of attempts) {
      const res = await sellInForm(browser, scroll, fields);
      assert.equal(res.statusCode, 400, JSON.stringify(fields));
      answers.add(refusals(res.body).join(' | '));
    }
    assert.deepEqual([...answers], [
      'No buyer can be found or recorded by these details. Check the email or username; a buyer who has no account is recorded by their details. Nothing was sold.',
    ]);
    assert.equal(await ownerOf(scroll), store.id);
    assert.equal(await balance(), before);
  });

  test('a new buyer\'s malformed details: the domain\'s message names the field', async () => {
    const scroll = await makeScroll(t.deps, store);
    const res = await sellInForm(browser, scroll, { buyer: 'new', username: 'Someone', email: 'not-an-email' });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Some details are missing or not valid \(nothing was sold\):/);
    assert.match(res.body, /buyer\.email/);
  });

  test('without the CSRF token, with another browser\'s, or from another site: 403 and nothing sold', async () => {
    const scroll = await makeScroll(t.deps, store);
    const before = await balance();
    await browser.get(saleUrl(scroll));
    const fields = { buyer: 'account', account: buyer.email };
    assert.equal((await browser.post(saleUrl(scroll), { ...fields, _csrf: '' })).statusCode, 403);
    const other = await signedInBrowser(t.app, t.deps, (await makeStore(t.deps)).account);
    await other.get('/store');
    assert.equal((await browser.post(saleUrl(scroll), { ...fields, _csrf: other.csrf ?? '' })).statusCode, 403);
    assert.equal((await browser.post(saleUrl(scroll), fields, { 'sec-fetch-site': 'cross-site' })).statusCode, 403);
    assert.equal((await browser.post(saleUrl(scroll), fields, { origin: 'https://evil.example' })).statusCode, 403);
    assert.equal(await ownerOf(scroll), store.id);
    assert.equal(await balance(), before);
  });

  test('a visitor is sent to sign in; a megiah gets 403', async () => {
    const scroll = await makeScroll(t.deps, store);
    const megiah = await signedInBrowser(t.app, t.deps, await makeMegiah(t.deps));
    assert.equal((await megiah.get(saleUrl(scroll))).statusCode, 403);
    assert.equal((await megiah.post(saleUrl(scroll), { buyer: 'account', account: buyer.email })).statusCode, 403);
    assert.equal(await ownerOf(scroll), store.id);
  });
});
