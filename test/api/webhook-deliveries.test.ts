// Webhook events, from what happens to a store to its receiver: written with
// their cause (and not without it), sent signed, retried with growing waits,
// given up after three days, logged; a rotated secret signing beside the new
// one; two senders never sending one delivery twice at once.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { deliverDueWebhooks, retryWait } from '../../src/domain/deliver-webhooks.ts';
import { createWebhookEndpoint, rotateWebhookSecret, setLowCreditsThreshold } from '../../src/domain/manage-webhook-endpoints.ts';
import { rejectScroll } from '../../src/domain/reject-scroll.ts';
import { verifyScroll } from '../../src/domain/verify-scroll.ts';
import { httpWebhookSender } from '../../src/webhooks/webhook-sender.ts';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { register, sell } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signatureValid, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

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
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer(() => ({ status: 200 }));
});

const nowSeconds = () => t.clock.now().getTime() / 1000;

async function subscribed(store: TestStore, events: string[], url = receiver.url) {
  const created = await createWebhookEndpoint(t.deps, store.account, { url, events });
  assert.ok(created.ok, JSON.stringify(created));
  return created.value;
}

describe('events, written with what happened', () => {
  test('a sale: sale.recorded to the endpoints subscribed to it, signed; not to the others', async () => {
    const store = await makeStore(t.deps, { credits: 20 });
    const hook = await subscribed(store, ['sale.recorded']);
    await subscribed(store, ['scroll.verified'], `${receiver.url}/other`);
    const scroll = await makeScroll(t.deps, store.account);
    const buyer = await makeBuyer(t.deps);
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: 'Paid.' })).statusCode, 200);

    const pass = await deliverDueWebhooks(t.deps);
    assert.deepEqual(pass, { delivered: 1, retrying: 0, failed: 0 });
    assert.equal(receiver.received.length, 1);
    const [sent] = receiver.received;
    assert.equal(sent.headers['content-type'], 'application/json');
    assert.equal(sent.headers['mezuzah-event-type'], 'sale.recorded');
    assert.equal(sent.headers['mezuzah-event-id'], sent.event.id);
    assert.match(sent.event.id, /^evt_/);
    assert.deepEqual(sent.event, {
      id: sent.event.id,
      type: 'sale.recorded',
      created: '2025-03-01 10:00:00',
      data: { mezuzah_uuid: scroll.uuid, create_time: '2025-03-01 10:00:00', note: 'Paid.', to: { uuid: buyer.uuid, username: buyer.username } },
    });
    assert.ok(signatureValid(sent, hook.secret, { nowSeconds: nowSeconds() }));
    assert.ok(!signatureValid(sent, 'whsec_another', { nowSeconds: nowSeconds() }));
    assert.ok(!signatureValid({ ...sent, body: sent.body.replace('Paid.', 'Paid!') }, hook.secret, { nowSeconds: nowSeconds() }), 'a changed body fails');
    assert.ok(!signatureValid(sent, hook.secret, { nowSeconds: nowSeconds() + 3600 }), 'an old delivery replayed fails');
  });

  test('a sale refused (no credits) writes no event', async () => {
    const store = await makeStore(t.deps);
    await subscribed(store, ['sale.recorded', 'credits.low']);
    const scroll = await makeScroll(t.deps, store.account);
    const buyer = await makeBuyer(t.deps);
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid })).json().status, 'no_credits');
    assert.deepEqual(await deliverDueWebhooks(t.deps), { delivered: 0, retrying: 0, failed: 0 });
  });

  test('registration, verification and rejection reach the store that registered the scroll', async () => {
    const store = await makeStore(t.deps, { credits: 5 });
    await subscribed(store, ['scroll.registered', 'scroll.verified', 'scroll.rejected']);
    const sofer = await makeSofer(t.deps);
    const megiah = await makeMegiah(t.deps);
    const registered = await register(t.app, store.key, { photo: await scrollPhoto(), sofer: sofer.uuid, megiah: megiah.uuid });
    assert.equal(registered.statusCode, 200, registered.body);
    const { uuid } = registered.json();
    const rejected = await rejectScroll(t.deps, uuid, { reason: 'other', note: 'Line 3: a he touches.' }, { account: megiah });
    assert.ok(rejected.ok);
    assert.ok((await verifyScroll(t.deps, uuid, { account: megiah })).ok);
    assert.ok((await verifyScroll(t.deps, uuid, { account: megiah })).ok, 'a second confirmation changes nothing, and tells nothing');

    await deliverDueWebhooks(t.deps);
    const byType = Object.fromEntries(receiver.received.map((entry) => [entry.event.type, entry.event.data]));
    assert.deepEqual(receiver.received.map((entry) => entry.event.type).sort(), ['scroll.registered', 'scroll.rejected', 'scroll.verified']);
    assert.equal(byType['scroll.registered'].uuid, uuid);
    assert.deepEqual(byType['scroll.registered'].owner, { uuid: store.account.uuid, username: store.account.username, role: store.account.role });
    assert.deepEqual(byType['scroll.registered'].sofer, { uuid: sofer.uuid, username: sofer.username });
    assert.deepEqual(byType['scroll.rejected'].rejected_by, { uuid: megiah.uuid, username: megiah.username, role: 'megiah' });
    assert.equal(byType['scroll.rejected'].note, 'Line 3: a he touches.');
    assert.equal(byType['scroll.verified'].verified_by.uuid, megiah.uuid);
  });

  test('credits.low once, as a sale brings the balance down to the threshold', async () => {
    const store = await makeStore(t.deps, { credits: 4 });
    await subscribed(store, ['credits.low']);
    assert.ok((await setLowCreditsThreshold(t.deps, store.account, 2)).ok);
    const buyer = await makeBuyer(t.deps);
    for (let i = 0; i < 4; i += 1) {
      const scroll = await makeScroll(t.deps, store.account);
      assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid })).statusCode, 200);
    }
    await deliverDueWebhooks(t.deps);
    assert.deepEqual(receiver.received.map((entry) => entry.event.data), [{ credits: 2, threshold: 2 }]);
  });
});

describe('delivery', () => {
  test('a refusal is tried again after a growing wait, logged attempt by attempt, then delivered', async () => {
    const store = await makeStore(t.deps);
    const hook = await subscribed(store, ['sale.recorded']);
    receiver.answer((_request, index) => ({ status: index < 2 ? 503 : 204 }));
    await t.app.inject({ method: 'POST', url: `/api/v1/store/webhook-endpoints/${hook.endpoint.publicId}/test-event`, headers: { 'x-api-key': store.key } });

    assert.deepEqual(await deliverDueWebhooks(t.deps), { delivered: 0, retrying: 1, failed: 0 });
    assert.deepEqual(await deliverDueWebhooks(t.deps), { delivered: 0, retrying: 0, failed: 0 }, 'not due yet');
    const [first] = (await t.db.webhooks.listDeliveries(hook.endpoint.id, { offset: 0, limit: 10 })).items;
    assert.equal(first.lastStatus, 503);
    assert.equal(first.lastError, 'HTTP 503');
    const wait = new Date(`${first.nextAttemptAt!.replace(' ', 'T')}Z`).getTime() - t.clock.now().getTime();
    assert.ok(wait >= 48_000 && wait <= 72_000, `first wait ${wait} ms`);

    t.clock.advance(wait);
    assert.deepEqual(await deliverDueWebhooks(t.deps), { delivered: 0, retrying: 1, failed: 0 });
    t.clock.advance(4 * 60_000);
    assert.deepEqual(await deliverDueWebhooks(t.deps), { delivered: 1, retrying: 0, failed: 0 });
    const [done] = (await t.db.webhooks.listDeliveries(hook.endpoint.id, { offset: 0, limit: 10 })).items;
    assert.deepEqual([done.state, done.attempts, done.lastStatus, done.lastError], ['delivered', 3, 204, null]);
    assert.equal(receiver.received.length, 3);
    assert.equal(new Set(receiver.received.map((entry) => entry.event.id)).size, 1, 'one event, sent three times');
    assert.deepEqual(receiver.received.map((entry) => entry.headers['mezuzah-delivery-attempt']), ['1', '2', '3']);
  });

  test('a receiver that does not answer in time is cut off and tried again', async () => {
    const slow = await createTestApp({ webhooks: httpWebhookSender({ allowPrivate: true, timeoutMs: 500 }) });
    try {
      const store = await makeStore(slow.deps);
      const created = await createWebhookEndpoint(slow.deps, store.account, { url: receiver.url, events: ['sale.recorded'] });
      assert.ok(created.ok);
      receiver.answer(() => 'hang');
      await slow.app.inject({ method: 'POST', url: `/api/v1/store/webhook-endpoints/${created.value.endpoint.publicId}/test-event`, headers: { 'x-api-key': store.key } });
      const started = Date.now();
      assert.deepEqual(await deliverDueWebhooks(slow.deps), { delivered: 0, retrying: 1, failed: 0 });
      assert.ok(Date.now() - started < 5000);
      const [log] = (await slow.db.webhooks.listDeliveries(created.value.endpoint.id, { offset: 0, limit: 1 })).items;
      assert.equal(log.lastError, 'no answer within 500 ms');
      assert.equal(log.lastStatus, null);
    } finally {
      await slow.close();
    }
  });

  test('given up three days after the event; a deleted endpoint gets nothing more', async () => {
    const store = await makeStore(t.deps);
    const hook = await subscribed(store, ['sale.recorded']);
    receiver.answer(() => ({ status: 500 }));
    const testEvent = () => t.app.inject({ method: 'POST', url: `/api/v1/store/webhook-endpoints/${hook.endpoint.publicId}/test-event`, headers: { 'x-api-key': store.key } });
    await testEvent();
    let attempts = 0;
    for (let pass = 0; pass < 40; pass += 1) {
      const sent = await deliverDueWebhooks(t.deps);
      attempts += sent.retrying + sent.failed;
      if (sent.failed === 1) break;
      t.clock.advance(6 * 3600_000 * 1.25);
    }
    const [given] = (await t.db.webhooks.listDeliveries(hook.endpoint.id, { offset: 0, limit: 1 })).items;
    assert.equal(given.state, 'failed');
    assert.ok(attempts >= 10 && attempts <= 20, `${attempts} attempts`);

    await testEvent();
    receiver.received.length = 0;
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/store/webhook-endpoints/${hook.endpoint.publicId}`, headers: { 'x-api-key': store.key } })).statusCode, 200);
    assert.deepEqual(await deliverDueWebhooks(t.deps), { delivered: 0, retrying: 0, failed: 0 });
    assert.equal(receiver.received.length, 0);
  });

  test('after a rotation both secrets sign for 24 hours, then the new one alone', async () => {
    const store = await makeStore(t.deps);
    const hook = await subscribed(store, ['sale.recorded']);
    const rotated = await rotateWebhookSecret(t.deps, store.account, hook.endpoint.publicId);
    assert.ok(rotated.ok);
    const send = async () => {
      receiver.received.length = 0;
      await t.app.inject({ method: 'POST', url: `/api/v1/store/webhook-endpoints/${hook.endpoint.publicId}/test-event`, headers: { 'x-api-key': store.key } });
      await deliverDueWebhooks(t.deps);
      return receiver.received[0];
    };
    const during = await send();
    assert.equal((String(during.headers['mezuzah-signature']).match(/v1=/g) ?? []).length, 2);
    assert.ok(signatureValid(during, hook.secret, { nowSeconds: nowSeconds() }) && signatureValid(during, rotated.value.secret, { nowSeconds: nowSeconds() }));
    t.clock.advance(24 * 3600_000 + 1000);
    const later = await send();
    assert.ok(signatureValid(later, rotated.value.secret, { nowSeconds: nowSeconds() }));
    assert.ok(!signatureValid(later, hook.secret, { nowSeconds: nowSeconds() }));
  });

  test('two senders at once send each delivery once, one at a time to each endpoint', async () => {
    const store = await makeStore(t.deps, { credits: 10 });
    await subscribed(store, ['sale.recorded']);
    await subscribed(store, ['sale.recorded'], `${receiver.url}/second`);
    const buyer = await makeBuyer(t.deps);
    for (let i = 0; i < 6; i += 1) {
      const scroll = await makeScroll(t.deps, store.account);
      assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid })).statusCode, 200);
    }
    let inFlight = 0;
    let most = 0;
    receiver.answer(() => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => (inFlight -= 1), 20);
      return { status: 200, delayMs: 20 };
    });
    const passes = await Promise.all([deliverDueWebhooks(t.deps), deliverDueWebhooks(t.deps)]);
    const delivered = passes.reduce((sum, pass) => sum + pass.delivered, 0);
    // A pass ends when nothing is claimable; an endpoint busy with one delivery is not, so passes are repeated.
    let more = delivered;
    while (more < 12) more += (await deliverDueWebhooks(t.deps)).delivered;
    assert.equal(more, 12);
    assert.equal(receiver.received.length, 12);
    const ids = receiver.received.map((entry) => entry.event.id);
    assert.equal(new Set(ids).size, 6);
    assert.ok([...new Set(ids)].every((id) => ids.filter((other) => other === id).length === 2), 'each sale once to each endpoint');
    assert.ok(most <= 2, `${most} requests at once to two endpoints`);
  });

  test('the waits: 1, 3, 9, 27, 81 minutes, then at most 6 hours, each within a fifth either way', () => {
    assert.deepEqual([1, 2, 3, 4, 5].map((attempt) => retryWait(attempt, 0.5) / 60_000), [1, 3, 9, 27, 81]);
    assert.equal(retryWait(9, 0.5), 6 * 3600_000);
    assert.equal(retryWait(1, 0), 48_000);
    assert.equal(retryWait(1, 1), 72_000);
  });
});

describe('the sender refuses what is not public, at every attempt', () => {
  test('a name that resolves to loopback is refused when sending, not only when created', async () => {
    const strict = httpWebhookSender({ allowPrivate: false, timeoutMs: 1000 });
    const port = new URL(receiver.url).port;
    const viaName = await strict.post(`https://localhost:${port}/hooks`, '{}', {});
    assert.equal(viaName.status, null);
    assert.match(viaName.error ?? '', /localhost is not a public address/);
    const literal = await strict.post(`https://127.0.0.1:${port}/hooks`, '{}', {});
    assert.match(literal.error ?? '', /not a public address/);
    assert.equal(receiver.received.length, 0);
  });
});

describe('what a store cannot pile up', () => {
  test('a new test event replaces the one still waiting; a deleted endpoint\'s delivery is given up, not sent', async () => {
    const store = await makeStore(t.deps);
    const hook = await subscribed(store, ['sale.recorded']);
    const testEvent = () => t.app.inject({ method: 'POST', url: `/api/v1/store/webhook-endpoints/${hook.endpoint.publicId}/test-event`, headers: { 'x-api-key': store.key } });
    for (let i = 0; i < 5; i += 1) await testEvent();
    const log = (await t.db.webhooks.listDeliveries(hook.endpoint.id, { offset: 0, limit: 10 })).items;
    assert.deepEqual(log.map((delivery) => delivery.state), ['pending', 'failed', 'failed', 'failed', 'failed']);
    assert.equal(log[1].lastError, 'a newer test event replaced it');

    // Written for the endpoint as it was deleted (a transaction that read it just before): given up when claimed.
    const { id: endpointRow } = hook.endpoint;
    await t.db.transaction((tx) => tx.webhooks.deleteEndpoint(hook.endpoint, '2025-03-01 10:00:00'));
    await t.db.webhooks.insertEvent(
      { publicId: 'evt_written_at_deletion', accountId: store.account.id, type: 'sale.recorded', data: {}, createdAt: '2025-03-01 10:00:00' },
      { endpointIds: [endpointRow], giveUpAt: '2025-03-04 10:00:00' },
    );
    assert.deepEqual(await deliverDueWebhooks(t.deps), { delivered: 0, retrying: 0, failed: 1 });
    assert.equal(receiver.received.length, 0);
  });
});
