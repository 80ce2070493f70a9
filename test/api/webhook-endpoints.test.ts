// A store's webhook endpoints through the API: created (its secret shown
// once), listed, limited in number, refused for URLs that are not public
// https, deleted, their secret rotated, a test event sent; and the credit
// threshold of credits.low.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { httpWebhookSender } from '../../src/webhooks/webhook-sender.ts';
import { makeStore, type TestStore } from '../support/factories.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'https://93.184.216.34/hooks/mezuzah';

let t: TestApp;
before(async () => {
  // Production's sender: only public https URLs.
  t = await createTestApp({ webhooks: httpWebhookSender({ allowPrivate: false, timeoutMs: 1000 }) });
});
after(() => t.close());

const create = (store: TestStore, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/store/webhook-endpoints', headers: { 'x-api-key': store.key, ...headers }, payload });
const post = (store: TestStore, url: string) => t.app.inject({ method: 'POST', url, headers: { 'x-api-key': store.key } });

describe('create and list', () => {
  test('200: the endpoint and its secret, once; the list shows it without the secret', async () => {
    const store = await makeStore(t.deps);
    const res = await create(store, { url: PUBLIC_URL, events: ['sale.recorded', 'scroll.verified'], description: 'Web shop' });
    assert.equal(res.statusCode, 200, res.body);
    const endpoint = res.json();
    assert.match(endpoint.id, /^we_[0-9a-z]{16}$/);
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(endpoint.events, ['scroll.verified', 'sale.recorded'], 'in the document\'s order');
    assert.equal(endpoint.previous_secret_expires_time, null);
    const list = (await storeGet(t.app, store.key, '/api/v1/store/webhook-endpoints')).json();
    assert.deepEqual(list, { webhook_endpoints: [{ id: endpoint.id, url: PUBLIC_URL, description: 'Web shop', events: endpoint.events, create_time: endpoint.create_time }] });
    assert.ok(!JSON.stringify(list).includes('whsec_'));
  });

  test('at most 5 an account: the sixth is 400 webhook_endpoint_limit, and another store is not counted', async () => {
    const store = await makeStore(t.deps);
    for (let i = 0; i < 5; i += 1) assert.equal((await create(store, { url: `${PUBLIC_URL}/${i}`, events: ['credits.low'] })).statusCode, 200);
    const sixth = await create(store, { url: PUBLIC_URL, events: ['credits.low'] });
    assert.equal(sixth.statusCode, 400);
    assert.equal(sixth.json().status, 'webhook_endpoint_limit');
    assert.equal((await create(await makeStore(t.deps), { url: PUBLIC_URL, events: ['credits.low'] })).statusCode, 200);
  });

  const refused: [string, Record<string, unknown>, RegExp][] = [
    ['plain http', { url: 'http://93.184.216.34/hook', events: ['sale.recorded'] }, /https/],
    ['loopback', { url: 'https://127.0.0.1/hook', events: ['sale.recorded'] }, /not a public address/],
    ['localhost by name', { url: 'https://localhost:8443/hook', events: ['sale.recorded'] }, /not a public address/],
    ['a private network', { url: 'https://10.1.2.3/hook', events: ['sale.recorded'] }, /not a public address/],
    ['the cloud metadata service', { url: 'https://169.254.169.254/latest', events: ['sale.recorded'] }, /not a public address/],
    ['IPv6 loopback', { url: 'https://[::1]/hook', events: ['sale.recorded'] }, /not a public address/],
    ['IPv4-mapped loopback', { url: 'https://[::ffff:127.0.0.1]/hook', events: ['sale.recorded'] }, /not a public address/],
    ['unique-local IPv6', { url: 'https://[fd00::1]/hook', events: ['sale.recorded'] }, /not a public address/],
    ['credentials in the URL', { url: 'https://user:pw@93.184.216.34/hook', events: ['sale.recorded'] }, /user name or password/],
    ['not a URL', { url: 'shop.example/hook', events: ['sale.recorded'] }, /absolute URL/],
    ['no events', { url: PUBLIC_URL, events: [] }, /events/],
    ['an unknown event', { url: PUBLIC_URL, events: ['scroll.deleted'] }, /events/],
    ['no url', { events: ['sale.recorded'] }, /url/],
  ];
  for (const [name, payload, message] of refused) {
    test(`400 invalid_request: ${name}`, async () => {
      const store = await makeStore(t.deps);
      const res = await create(store, payload);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().status, 'invalid_request');
      assert.match(res.json().msg, message);
      assert.deepEqual((await storeGet(t.app, store.key, '/api/v1/store/webhook-endpoints')).json().webhook_endpoints, []);
    });
  }

  test('a retry with the same Idempotency-Key creates one endpoint and gets the same secret', async () => {
    const store = await makeStore(t.deps);
    const first = await create(store, { url: PUBLIC_URL, events: ['sale.recorded'] }, { 'idempotency-key': 'hook-1' });
    const again = await create(store, { url: PUBLIC_URL, events: ['sale.recorded'] }, { 'idempotency-key': 'hook-1' });
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json(), first.json());
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/webhook-endpoints')).json().webhook_endpoints.length, 1);
  });
});

describe('one endpoint', () => {
  test('delete: 200, then gone (404), and another store cannot touch it', async () => {
    const store = await makeStore(t.deps);
    const other = await makeStore(t.deps);
    const { id } = (await create(store, { url: PUBLIC_URL, events: ['sale.recorded'] })).json();
    for (const url of [`/api/v1/store/webhook-endpoints/${id}/rotate-secret`, `/api/v1/store/webhook-endpoints/${id}/test-event`]) {
      assert.equal((await post(other, url)).statusCode, 404, url);
    }
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/store/webhook-endpoints/${id}`, headers: { 'x-api-key': other.key } })).statusCode, 404);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/store/webhook-endpoints/${id}`, headers: { 'x-api-key': store.key } });
    assert.equal(deleted.statusCode, 200);
    assert.equal(deleted.json().id, id);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/store/webhook-endpoints/${id}`, headers: { 'x-api-key': store.key } });
    assert.equal(again.statusCode, 404);
    assert.deepEqual(again.json(), { msg: 'No such webhook endpoint.' });
    assert.deepEqual((await storeGet(t.app, store.key, '/api/v1/store/webhook-endpoints')).json().webhook_endpoints, []);
  });

  test('rotate-secret: a new secret, the previous one signing for 24 hours more', async () => {
    const store = await makeStore(t.deps);
    const created = (await create(store, { url: PUBLIC_URL, events: ['sale.recorded'] })).json();
    const rotated = await post(store, `/api/v1/store/webhook-endpoints/${created.id}/rotate-secret`);
    assert.equal(rotated.statusCode, 200);
    assert.notEqual(rotated.json().secret, created.secret);
    assert.match(rotated.json().secret, /^whsec_/);
    assert.equal(rotated.json().previous_secret_expires_time, '2025-03-02 10:00:00');
    const stored = await t.db.webhooks.findEndpoint(store.account.id, created.id);
    assert.deepEqual([stored?.secret, stored?.previousSecret], [rotated.json().secret, created.secret]);
  });

  test('test-event: queued for this endpoint alone, shown in its log as pending', async () => {
    const store = await makeStore(t.deps);
    const first = (await create(store, { url: PUBLIC_URL, events: ['sale.recorded'] })).json();
    const second = (await create(store, { url: `${PUBLIC_URL}/2`, events: ['sale.recorded'] })).json();
    const sent = await post(store, `/api/v1/store/webhook-endpoints/${first.id}/test-event`);
    assert.equal(sent.statusCode, 200);
    assert.match(sent.json().event_id, /^evt_[0-9a-z]{20}$/);
    const log = (await storeGet(t.app, store.key, `/api/v1/store/webhook-endpoints/${first.id}/deliveries`)).json();
    assert.equal(log.total, 1);
    assert.deepEqual(
      { ...log.deliveries[0] },
      {
        event_id: sent.json().event_id,
        event_type: 'webhook.test',
        state: 'pending',
        attempts: 0,
        last_status: null,
        last_error: null,
        last_attempt_time: null,
        next_attempt_time: '2025-03-01 10:00:00',
        delivered_time: null,
        create_time: '2025-03-01 10:00:00',
      },
    );
    assert.equal((await storeGet(t.app, store.key, `/api/v1/store/webhook-endpoints/${second.id}/deliveries`)).json().total, 0);
  });
});

describe('credits-low-threshold', () => {
  test('5 until set; set to any integer from 0; a negative or fractional one is 400', async () => {
    const store = await makeStore(t.deps);
    assert.deepEqual((await storeGet(t.app, store.key, '/api/v1/store/credits-low-threshold')).json(), { threshold: 5 });
    const set = await t.app.inject({ method: 'POST', url: '/api/v1/store/credits-low-threshold', headers: { 'x-api-key': store.key }, payload: { threshold: 12 } });
    assert.deepEqual(set.json(), { threshold: 12 });
    assert.deepEqual((await storeGet(t.app, store.key, '/api/v1/store/credits-low-threshold')).json(), { threshold: 12 });
    for (const threshold of [-1, 2.5, '3', 2_000_000]) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/v1/store/credits-low-threshold', headers: { 'x-api-key': store.key }, payload: { threshold } });
      assert.equal(bad.statusCode, 400, String(threshold));
      assert.equal(bad.json().status, 'invalid_request');
    }
  });
});
