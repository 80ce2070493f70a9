// Settings → Webhooks in the portal: a store adds an address, sees its
// secret on the address's page, sends a test event and watches it delivered
// in the log, replaces the secret, sets the credits.low threshold, deletes the
// address. Other roles are turned away.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deliverDueWebhooks } from '../../src/domain/deliver-webhooks.ts';
import { signedInBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
before(async () => {
  t = await createTestApp();
  receiver = await startWebhookReceiver();
});
after(async () => {
  await receiver.close();
  await t.close();
});

test('a store adds an address, tests it, reads its log, replaces its secret and deletes it', async () => {
  const { account } = await makeStore(t.deps);
  const browser = await signedInBrowser(t.app, t.deps, account);
  const list = await browser.get('/settings/webhooks');
  assert.equal(list.statusCode, 200);
  assert.match(list.body, /href="\/settings\/webhooks" aria-current="page"/);
  assert.match(list.body, /No addresses yet/);

  const refused = await browser.post('/settings/webhooks', { url: 'ftp://shop.example/hook', description: 'Till', 'event_sale.recorded': '1' });
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /url must be an https:\/\/ URL/);
  assert.match(refused.body, /value="Till"/, 'what was typed is kept');
  assert.match(refused.body, /name="event_sale.recorded" value="1" checked/);

  const added = await browser.post('/settings/webhooks', { url: receiver.url, description: 'Till', 'event_sale.recorded': '1', 'event_credits.low': '1' });
  assert.equal(added.statusCode, 303, added.body);
  const location = String(added.headers.location);
  assert.match(location, /^\/settings\/webhooks\/we_[0-9a-z]{16}$/);
  const id = location.split('/').pop()!;
  const endpoint = await t.db.webhooks.findEndpoint(account.id, id);
  assert.deepEqual(endpoint?.eventTypes, ['sale.recorded', 'credits.low']);

  const page = await browser.get(location);
  assert.equal(page.statusCode, 200);
  assert.equal(page.headers['cache-control'], 'no-store');
  assert.match(page.body, /The address is added/);
  assert.ok(page.body.includes(`<code class="secret" id="webhook-secret">${endpoint!.secret}</code>`));
  assert.match(page.body, /Nothing sent yet/);

  assert.equal((await browser.post(`${location}/test-event`)).statusCode, 303);
  await deliverDueWebhooks(t.deps);
  const log = await browser.get(location);
  assert.match(log.body, /A test event is on its way/);
  assert.match(log.body, /webhook\.test[\s\S]*Delivered[\s\S]*HTTP 200/);
  assert.equal(receiver.received.at(-1)?.event.type, 'webhook.test');

  assert.equal((await browser.post(`${location}/rotate-secret`)).statusCode, 303);
  const rotated = await browser.get(location);
  assert.match(rotated.body, /The previous secret also signs until/);
  assert.ok(!rotated.body.includes(endpoint!.secret), 'the page shows the new secret, not the old');

  assert.equal((await browser.post('/settings/webhooks/threshold', { threshold: '7' })).statusCode, 303);
  assert.match((await browser.get('/settings/webhooks')).body, /name="threshold" type="number" value="7"/);
  await browser.post('/settings/webhooks/threshold', { threshold: '-3' });
  assert.match((await browser.get('/settings/webhooks')).body, /The threshold must be a whole number[\s\S]*value="7"/);

  const deleted = await browser.post(`${location}/delete`);
  assert.equal(deleted.headers.location, '/settings/webhooks');
  assert.match((await browser.get('/settings/webhooks')).body, /The address is deleted[\s\S]*No addresses yet/);
  assert.equal((await browser.get(location)).statusCode, 404);
});

test('another store\'s address is a 404; a megiah has no webhooks page', async () => {
  const owner = await makeStore(t.deps);
  const ownerBrowser = await signedInBrowser(t.app, t.deps, owner.account);
  await ownerBrowser.get('/settings/webhooks');
  const added = await ownerBrowser.post('/settings/webhooks', { url: receiver.url, 'event_sale.recorded': '1' });
  assert.equal(added.statusCode, 303);
  const location = String(added.headers.location);
  const other = await signedInBrowser(t.app, t.deps, (await makeStore(t.deps)).account);
  assert.equal((await other.get(location)).statusCode, 404);
  await other.get('/settings/webhooks');
  const attempt = await other.post(`${location}/delete`);
  assert.equal(attempt.statusCode, 303, attempt.body.slice(0, 300));
  assert.equal(attempt.headers.location, '/settings/webhooks');
  assert.ok(await t.db.webhooks.findEndpoint(owner.account.id, location.split('/').pop()!), 'still there');
  const megiah = await signedInBrowser(t.app, t.deps, await makeMegiah(t.deps));
  assert.equal((await megiah.get('/settings/webhooks')).statusCode, 403);
});
