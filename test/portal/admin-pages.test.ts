import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeAccount, makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: Account;
let store: TestStore;
let browser: PortalBrowser;

before(async () => {
  t = await createTestApp();
  admin = await makeAccount(t.deps, { role: 'admin', username: 'Root' });
  store = await makeStore(t.deps, { agent: false });
  browser = await signedInBrowser(t.app, t.deps, admin);
});
after(() => t.close());

const accountPath = (account: Account) => `/admin/accounts/${account.uuid}`;

describe('GET /admin/accounts', () => {
  test('lists accounts with role, confirmation and creation date, filtered by role and search, escaped', async () => {
    const sofer = await makeSofer(t.deps, { username: 'Scribe <i>Zalman</i>', email: 'zalman@scribes.test', confirmed: false });
    const buyer = await makeBuyer(t.deps, { username: 'Buyer Zalmanov' });
    const all = await browser.get('/admin/accounts');
    assert.equal(all.statusCode, 200);
    for (const text of [store.account.email, 'zalman@scribes.test', 'Not confirmed', '2025-03-01 10:00 UTC', `href="${accountPath(sofer)}"`, 'href="/admin/accounts/new"']) {
      assert.ok(all.body.includes(text), `missing ${text}`);
    }
    assert.ok(all.body.includes('Scribe &lt;i&gt;Zalman&lt;/i&gt;'));
    assert.ok(!all.body.includes('<i>Zalman</i>'));

    const sofers = await browser.get('/admin/accounts?role=sofer&q=zalman');
    assert.ok(sofers.body.includes('zalman@scribes.test'));
    assert.ok(!sofers.body.includes(buyer.email), 'the role filter leaves out the buyer');
    assert.match(sofers.body, /<option value="sofer" selected>/);

    const searched = await browser.get('/admin/accounts?q=ZALMANOV');
    assert.ok(searched.body.includes(buyer.email));
    assert.ok(!searched.body.includes('zalman@scribes.test'));

    const none = await browser.get('/admin/accounts?q=nobody-at-all');
    assert.ok(none.body.includes('No account matches.'));
  });

  test('an unknown role is 400 with the reason', async () => {
    const page = await browser.get('/admin/accounts?role=pope');
    assert.equal(page.statusCode, 400);
    assert.match(page.body, /role must be one of/);
  });

  test('in Hebrew', async () => {
    const page = await browser.get('/admin/accounts', { 'accept-language': 'he' });
    assert.match(page.body, /<html lang="he" dir="rtl">/);
    assert.ok(page.body.includes('יצירת חשבון'));
  });
});

describe('creating an account', () => {
  test('the form, then a megiah created with its type and confirmation, shown on its page', async () => {
    const form = await browser.get('/admin/accounts/new');
    assert.equal(form.statusCode, 200);
    for (const role of ['store', 'agent', 'sofer', 'megiah', 'admin', 'user']) assert.match(form.body, new RegExp(`<option value="${role}"`));
    const created = await browser.post('/admin/accounts/new', {
      role: 'megiah', username: 'Rav Created', email: 'created@megiah.test', country: 'Israel', city: 'Haifa', megiah_type: 'senior', confirmed: '1',
    });
    assert.equal(created.statusCode, 303, created.body);
    const account = await t.db.accounts.findByEmail('created@megiah.test');
    assert.ok(account);
    assert.equal(account.role, 'megiah');
    assert.equal(account.megiahType, 'senior');
    assert.equal(account.confirmed, true);
    assert.equal(created.headers.location, accountPath(account));
    const page = await browser.get(accountPath(account));
    assert.equal(page.statusCode, 200);
    for (const text of ['The account has been created.', 'Rav Created', 'created@megiah.test', 'senior', 'Haifa, Israel', account.uuid]) {
      assert.ok(page.body.includes(text), `missing ${text}`);
    }
  });

  test('"agent" makes a store with the agent flag', async () => {
    await browser.get('/admin/accounts/new');
    const created = await browser.post('/admin/accounts/new', { role: 'agent', username: 'Agent Shop', email: 'agent@shop.test', company: 'Agent Ltd' });
    assert.equal(created.statusCode, 303);
    const account = await t.db.accounts.findByEmail('agent@shop.test');
    assert.equal(account?.role, 'agent');
    assert.equal(account?.company, 'Agent Ltd');
    assert.equal(account?.confirmed, false);
  });

  test('a refusal re-renders the form with the reason and the values typed', async () => {
    await browser.get('/admin/accounts/new');
    const refused = await browser.post('/admin/accounts/new', { role: 'store', username: 'Typed <name>', email: 'not-an-email' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /email must be an email address/);
    assert.ok(refused.body.includes('value="Typed &lt;name&gt;"'));
    assert.match(refused.body, /<option value="store" selected>/);
    const duplicate = await browser.post('/admin/accounts/new', { role: 'user', username: 'Again', email: store.account.email.toUpperCase() });
    assert.equal(duplicate.statusCode, 400);
    assert.match(duplicate.body, /email is already used/);
    const badRole = await browser.post('/admin/accounts/new', { role: 'pope', username: 'Pope', email: 'pope@rome.test' });
    assert.equal(badRole.statusCode, 400);
    assert.equal(await t.db.accounts.findByEmail('pope@rome.test'), undefined);
  });

  test('an unknown account is 404', async () => {
    assert.equal((await browser.get('/admin/accounts/no-such-account')).statusCode, 404);
  });
});

describe('confirming sofers and megiahs', () => {
  test('confirming puts a sofer in the directory; withdrawing takes it out', async () => {
    const sofer = await makeSofer(t.deps, { confirmed: false, email: 'waiting@sofer.test' });
    const lookup = () => storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs/lookup?email=waiting@sofer.test');
    assert.equal((await lookup()).statusCode, 404);

    const page = await browser.get(accountPath(sofer));
    assert.ok(page.body.includes(`action="${accountPath(sofer)}/confirm"`));
    const confirmed = await browser.post(`${accountPath(sofer)}/confirm`, { confirmed: '1' });
    assert.equal(confirmed.statusCode, 303);
    assert.equal(confirmed.headers.location, accountPath(sofer));
    assert.ok((await browser.get(accountPath(sofer))).body.includes('The account is confirmed.'));
    assert.equal((await t.db.accounts.findByUuid(sofer.uuid))?.confirmed, true);
    assert.equal((await lookup()).statusCode, 200);

    await browser.post(`${accountPath(sofer)}/confirm`, { confirmed: '0' });
    assert.equal((await t.db.accounts.findByUuid(sofer.uuid))?.confirmed, false);
    assert.equal((await lookup()).statusCode, 404);
  });

  test('a store cannot be confirmed: the page again, with the reason', async () => {
    await browser.get(accountPath(store.account));
    const refused = await browser.post(`${accountPath(store.account)}/confirm`, { confirmed: '1' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /Only sofers and megiahs are confirmed/);
  });
});

describe('the agent flag', () => {
  test('on and off changes the role', async () => {
    const shop = await makeStore(t.deps, { agent: false });
    const page = await browser.get(accountPath(shop.account));
    assert.ok(page.body.includes('Make it an agent'));
    const on = await browser.post(`${accountPath(shop.account)}/agent`, { agent: '1' });
    assert.equal(on.statusCode, 303);
    assert.equal((await t.db.accounts.findByUuid(shop.account.uuid))?.role, 'agent');
    const shown = await browser.get(accountPath(shop.account));
    assert.ok(shown.body.includes('The store is now an agent.'));
    assert.ok(shown.body.includes('Stop it registering'));
    await browser.post(`${accountPath(shop.account)}/agent`, { agent: '0' });
    assert.equal((await t.db.accounts.findByUuid(shop.account.uuid))?.role, 'store');
    assert.ok((await browser.get(accountPath(shop.account))).body.includes('The store is no longer an agent.'));
  });

  test('a sofer cannot be an agent', async () => {
    const sofer = await makeSofer(t.deps);
    await browser.get(accountPath(sofer));
    const refused = await browser.post(`${accountPath(sofer)}/agent`, { agent: '1' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /Only store accounts can be agents/);
    assert.equal((await t.db.accounts.findByUuid(sofer.uuid))?.role, 'sofer');
  });
});

describe('invitation links', () => {
  test('shown once with a copy button; the link lets the holder choose a password and signs them in', async () => {
    const megiah = await makeMegiah(t.deps, { email: 'invited@megiah.test' });
    await browser.get(accountPath(megiah));
    const issued = await browser.post(`${accountPath(megiah)}/invitation`);
    assert.equal(issued.statusCode, 201);
    assert.equal(issued.headers['referrer-policy'], 'no-referrer');
    const url = /<code class="secret" id="invitation-link">([^<]+)<\/code>/.exec(issued.body)?.[1];
    assert.ok(url, 'the link is shown');
    assert.match(url, /^https:\/\/registry\.test\/invitation\/[A-Za-z0-9_-]+$/);
    assert.match(issued.body, /<button type="button" class="secondary" data-copy="invitation-link" data-copied="Copied">/);
    assert.ok(issued.body.includes('invited@megiah.test'));
    // Never in the account page afterwards.
    assert.ok(!(await browser.get(accountPath(megiah))).body.includes(url));

    const holder = portalBrowser(t.app, '10.0.0.9');
    const path = new URL(url).pathname;
    const form = await holder.get(path);
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /name="password"/);
    const accepted = await holder.post(path, { password: 'a long new password', repeat: 'a long new password' });
    assert.equal(accepted.statusCode, 303);
    assert.equal(accepted.headers.location, '/megiah');
    assert.equal((await holder.get('/megiah')).statusCode, 200, 'signed in as the megiah');
    // Used once.
    assert.equal((await portalBrowser(t.app, '10.0.0.10').get(path)).statusCode, 404);
  });

  test('an unknown account is 404', async () => {
    await browser.get('/admin/accounts');
    assert.equal((await browser.post('/admin/accounts/no-such-account/invitation')).statusCode, 404);
  });
});

describe('credits', () => {
  test('a grant with a reason reaches the ledger, with the note and the granting admin', async () => {
    const shop = await makeStore(t.deps, { agent: false });
    const page = await browser.get(accountPath(shop.account));
    assert.match(page.body, /<p class="balance">0<\/p>/);
    const granted = await browser.post(`${accountPath(shop.account)}/credits`, { amount: '25', reason: 'Paid invoice <1042>' });
    assert.equal(granted.statusCode, 303);
    assert.equal(granted.headers.location, `${accountPath(shop.account)}#credits`);
    const entries = await t.db.credits.listEntries(shop.account.id, { offset: 0, limit: 10 });
    assert.equal(entries.total, 1);
    assert.equal(entries.items[0].delta, 25);
    assert.equal(entries.items[0].reason, 'grant');
    assert.equal(entries.items[0].note, 'Paid invoice <1042>');
    assert.equal(entries.items[0].grantedById, admin.id);
    assert.equal(await t.db.credits.balanceOf(shop.account.id), 25);

    const shown = await browser.get(accountPath(shop.account));
    assert.ok(shown.body.includes('The credits have been granted.'));
    assert.match(shown.body, /<p class="balance">25<\/p>/);
    assert.ok(shown.body.includes('Paid invoice &lt;1042&gt;'));
    assert.ok(shown.body.includes('+25'));
    assert.deepEqual((await storeGet(t.app, shop.key, '/api/v1/store/credits')).json(), { credits: 25 });
  });

  test('the ledger also shows grants made without an admin (by the CLI)', async () => {
    const shop = await makeStore(t.deps, { credits: 3 });
    await makeScroll(t.deps, shop.account);
    const page = await browser.get(accountPath(shop.account));
    assert.match(page.body, /<p class="balance">3<\/p>/);
    assert.ok(page.body.includes('+3'));
  });

  const refusals: [string, Record<string, string>, RegExp][] = [
    ['no reason', { amount: '5', reason: '' }, /reason/],
    ['a blank reason', { amount: '5', reason: '   ' }, /reason/],
    ['no amount', { amount: '', reason: 'gift' }, /amount/],
    ['zero', { amount: '0', reason: 'gift' }, /amount/],
    ['an exponent', { amount: '1e3', reason: 'gift' }, /amount/],
    ['too many', { amount: '2000000', reason: 'gift' }, /amount/],
  ];
  for (const [name, fields, reason] of refusals) {
    test(`refused with ${name}: the page again with the reason and the values, nothing granted`, async () => {
      const shop = await makeStore(t.deps);
      await browser.get(accountPath(shop.account));
      const refused = await browser.post(`${accountPath(shop.account)}/credits`, fields);
      assert.equal(refused.statusCode, 400);
      assert.match(refused.body, /class="notice error"/);
      assert.match(refused.body, reason);
      assert.ok(refused.body.includes(`name="amount" type="number" value="${fields.amount}"`));
      assert.equal(await t.db.credits.balanceOf(shop.account.id), 0);
      assert.equal((await t.db.credits.listEntries(shop.account.id, { offset: 0, limit: 10 })).total, 0);
    });
  }

  test('sofers have no credits section', async () => {
    const sofer = await makeSofer(t.deps);
    const page = await browser.get(accountPath(sofer));
    assert.ok(!page.body.includes('/credits"'));
  });
});

describe('GET /admin/scrolls', () => {
  test('every awaiting scroll, with its megiah; the admin confirms one in their own name', async () => {
    const shop = await makeStore(t.deps, { credits: 5 });
    const megiahA = await makeMegiah(t.deps, { username: 'Rav Alef' });
    const megiahB = await makeMegiah(t.deps, { username: 'Rav Bet' });
    const a = await makeScroll(t.deps, shop.account, { megiah: megiahA.uuid });
    const b = await makeScroll(t.deps, shop.account, { megiah: megiahB.uuid });
    const done = await makeScroll(t.deps, shop.account, { verified: true });
    const page = await browser.get('/admin/scrolls');
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(a.uuid) && page.body.includes(b.uuid));
    assert.ok(page.body.includes('Rav Alef') && page.body.includes('Rav Bet'));
    assert.ok(!page.body.includes(done.uuid));

    const verified = await browser.post(`/admin/scrolls/${a.uuid}/verify`);
    assert.equal(verified.statusCode, 303);
    assert.equal(verified.headers.location, '/admin/scrolls');
    const stored = await t.db.scrolls.findByUuid(a.uuid);
    assert.equal(stored?.isVerified, true);
    assert.equal(stored?.verifiedById, admin.id);
    assert.equal((await t.app.inject({ method: 'GET', url: `/q/${a.qrCode}` })).statusCode, 200);
    const after = await browser.get('/admin/scrolls');
    assert.ok(after.body.includes('Examination confirmed.'));
    assert.ok(!after.body.includes(a.uuid));
  });
});

describe('who may', () => {
  const gets = ['/admin/accounts', '/admin/accounts/new', '/admin/scrolls'];
  const posts = (target: Account) => [
    ['/admin/accounts/new', { role: 'user', username: 'Intruder', email: 'intruder@x.test' }],
    [`${accountPath(target)}/confirm`, { confirmed: '1' }],
    [`${accountPath(target)}/agent`, { agent: '1' }],
    [`${accountPath(target)}/invitation`, {}],
    [`${accountPath(target)}/credits`, { amount: '100', reason: 'free money' }],
    ['/admin/scrolls/anything/verify', {}],
  ] as const;

  for (const role of ['store', 'agent', 'sofer', 'megiah', 'user'] as const) {
    test(`a signed-in ${role} gets 403 on every admin page and action, and nothing changes`, async () => {
      const shop = await makeStore(t.deps, { agent: false });
      const account = role === 'store' || role === 'agent' ? (await makeStore(t.deps, { agent: role === 'agent' })).account : await makeAccount(t.deps, { role, confirmed: true });
      const other = await signedInBrowser(t.app, t.deps, account);
      for (const path of [...gets, accountPath(shop.account)]) assert.equal((await other.get(path)).statusCode, 403, path);
      for (const [path, fields] of posts(shop.account)) assert.equal((await other.post(path, fields)).statusCode, 403, path);
      assert.equal((await t.db.accounts.findByUuid(shop.account.uuid))?.role, 'store');
      assert.equal(await t.db.credits.balanceOf(shop.account.id), 0);
      assert.equal(await t.db.accounts.findByEmail('intruder@x.test'), undefined);
    });
  }

  test('a visitor is sent to sign in', async () => {
    const visitor = portalBrowser(t.app, '10.0.0.20');
    for (const path of [...gets, accountPath(store.account)]) {
      const page = await visitor.get(path);
      assert.equal(page.statusCode, 303, path);
      assert.equal(page.headers.location, `/sign-in?next=${encodeURIComponent(path)}`);
    }
    await visitor.get('/sign-in');
    assert.equal((await visitor.post(`${accountPath(store.account)}/credits`, { amount: '5', reason: 'x' })).statusCode, 303);
    assert.equal(await t.db.credits.balanceOf(store.account.id), 0);
  });

  test('without the CSRF token every action is 403, and nothing changes', async () => {
    const shop = await makeStore(t.deps, { agent: false });
    await browser.get('/admin/accounts');
    for (const [path, fields] of posts(shop.account)) {
      assert.equal((await browser.post(path, { ...fields, _csrf: '' })).statusCode, 403, path);
      assert.equal((await browser.post(path, { ...fields, _csrf: 'forged' })).statusCode, 403, path);
    }
    assert.equal((await t.db.accounts.findByUuid(shop.account.uuid))?.role, 'store');
    assert.equal(await t.db.credits.balanceOf(shop.account.id), 0);
    assert.equal(await t.db.accounts.findByEmail('intruder@x.test'), undefined);
  });

  test('a cross-site submission is 403 even with the token', async () => {
    const shop = await makeStore(t.deps, { agent: false });
    await browser.get('/admin/accounts');
    const refused = await browser.post(`${accountPath(shop.account)}/credits`, { amount: '5', reason: 'x' }, { origin: 'https://evil.test' });
    assert.equal(refused.statusCode, 403);
    assert.equal(await t.db.credits.balanceOf(shop.account.id), 0);
  });
});
