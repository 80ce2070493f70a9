// The portal's forms that store text (issue 50, finding 6): each refuses a
// control or a bidi override with a 400 page naming the field, stores
// nothing, and shows the typed value back with the character as U+FFFD.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeAccount, makeMegiah, makeSofer, makeStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: PortalBrowser;
let agent: Account;
let agentBrowser: PortalBrowser;

before(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  admin = await signedInBrowser(t.app, t.deps, await makeAccount(t.deps, { role: 'admin' }));
  agent = (await makeStore(t.deps, { agent: true })).account;
  agentBrowser = await signedInBrowser(t.app, t.deps, agent);
});
after(() => t.close());

const override = 'Shop\u202Ename';

function assertRefusedPage(res: { statusCode: number; body: string }, message: string): void {
  assert.equal(res.statusCode, 400);
  assert.ok(res.body.includes(message), `no "${message}" in the page`);
  assert.ok(!res.body.includes('\u202E'), 'the override came back into the page');
}

describe('refused with the field named', () => {
  test('an admin\'s new account: username, email and the other text fields', async () => {
    const fields: readonly [string, Record<string, string>][] = [
      ['username', { username: override }],
      ['email', { email: `shop${override}@example.test` }],
      ['country', { country: override }],
      ['state', { state: override }],
      ['city', { city: override }],
      ['company', { company: override }],
    ];
    for (const [name, typed] of fields) {
      await admin.get('/admin/accounts/new');
      const res = await admin.post('/admin/accounts/new', { role: 'store', username: 'Shop', email: 'shop@example.test', ...typed });
      assertRefusedPage(res, `${name} must not contain bidirectional embedding, override or isolate controls (found U+202E)`);
    }
    const megiah = await admin.post('/admin/accounts/new', { role: 'megiah', username: 'Levi', email: 'levi@example.test', megiah_type: 'certified\u0001' });
    assertRefusedPage(megiah, 'megiah-type must not contain control characters (found U+0001)');
    assert.equal(await t.db.accounts.findByEmail('shop@example.test'), undefined);
    assert.equal(await t.db.accounts.findByEmail('levi@example.test'), undefined);
  });

  test('an admin\'s grant of credits: the reason', async () => {
    const shop = await makeStore(t.deps);
    await admin.get(`/admin/accounts/${shop.account.uuid}`);
    const res = await admin.post(`/admin/accounts/${shop.account.uuid}/credits`, { amount: '5', reason: `Invoice ${override}` });
    assertRefusedPage(res, 'reason must not contain bidirectional embedding, override or isolate controls (found U+202E)');
    assert.ok(res.body.includes('Invoice Shop\uFFFDname'), 'the typed reason is shown back, the override as U+FFFD');
    assert.equal(await t.db.credits.balanceOf(shop.account.id), 0);
  });

  test('an API key\'s label', async () => {
    await agentBrowser.get('/settings/api-keys');
    const before = (await t.db.apiKeys.listByAccount(agent.id)).length;
    const res = await agentBrowser.post('/settings/api-keys', { label: `till${override}` });
    assertRefusedPage(res, 'label must not contain bidirectional embedding, override or isolate controls (found U+202E)');
    assert.equal((await t.db.apiKeys.listByAccount(agent.id)).length, before);
  });

  test('an agent\'s registration form: font, size and note', async () => {
    const people = { sofer: (await makeSofer(t.deps)).uuid, megiah: (await makeMegiah(t.deps)).uuid };
    const details = { ...people, writtendate: '2024-01-10', examinateddate: '2024-02-20', font: 'Beit Yosef', size: '12 cm', note: '' };
    const cases: readonly [string, string, string][] = [
      ['font', override, 'font must not contain bidirectional embedding, override or isolate controls (found U+202E)'],
      ['size', '\u202E10cm\u0001x', 'size must not contain bidirectional embedding, override or isolate controls (found U+202E)'],
      ['note', 'Checked\u0001twice', 'note must not contain control characters other than line feeds and tabs (found U+0001)'],
    ];
    for (const [field, value, message] of cases) {
      await agentBrowser.get('/store/register');
      const res = await agentBrowser.upload('/store/register', { ...details, [field]: value, mezuzah: { data: await scrollPhoto() } });
      assertRefusedPage(res, message);
      assert.ok(!res.body.includes('\u0001'), 'the control came back into the page');
    }
    assert.equal((await t.db.scrolls.listOwnedBy(agent.id, { offset: 0, limit: 5 })).total, 0);
  });
});
