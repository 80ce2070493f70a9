// The SDK against a live registry on loopback (real HTTP, the app the tests
// build): one method per operation of the document, answers typed as served,
// errors carrying the HTTP status and the body's code, retries that never do
// a write twice, and the rate limit obeyed.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { MezuzahApiError, MezuzahConnectionError, MezuzahRegistryClient, MezuzahSignatureError, verifyWebhook, type ClientOptions } from '../../sdk/src/index.ts';
import { deliverDueWebhooks } from '../../src/domain/deliver-webhooks.ts';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { creditBalance } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

let t: TestApp;
let origin: string;
let store: TestStore;
let sofer: { uuid: string };
let megiah: { uuid: string };
before(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  store = await makeStore(t.deps, { credits: 10 });
  sofer = await makeSofer(t.deps);
  megiah = await makeMegiah(t.deps);
});
after(() => t.close());

/** A client whose waits are recorded, not slept. */
function client(options: Partial<ClientOptions> = {}) {
  const waits: number[] = [];
  const sdk = new MezuzahRegistryClient({
    baseUrl: origin,
    apiKey: store.key,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { sdk, waits };
}

describe('operations', () => {
  test('every operation of the served document is a method of the client', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const ids = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    assert.ok(ids.length >= 18);
    const { sdk } = client();
    for (const id of ids) assert.equal(typeof (sdk as unknown as Record<string, unknown>)[id], 'function', id);
  });

  test('a store registers, lists, reads, sells and sees its sale, its credits moving', async () => {
    const { sdk } = client();
    const registered = await sdk.registerMezuzah({
      photo: await scrollPhoto(),
      sofer: sofer.uuid,
      megiah: megiah.uuid,
      writtendate: '2025-01-10',
      examinateddate: '2025-01-20',
      font: 'Beit Yosef',
      size: '12 cm',
    });
    assert.match(registered.uuid, /^[0-9a-f-]{36}$/);
    assert.match(registered.qr_code, /^[0-9A-Z]{12}$/);

    const inventory = await sdk.listInventory({ per_page: 5 });
    assert.equal(inventory.per_page, 5);
    assert.ok(inventory.mezuzot.some((scroll) => scroll.uuid === registered.uuid));
    const record = await sdk.getMezuzah(registered.uuid);
    assert.equal(record.sofer.uuid, sofer.uuid);
    assert.equal(record.is_verified, false);

    const before = (await sdk.getCredits()).credits;
    const sale = await sdk.sellMezuzah(registered.uuid, { buyer: { username: 'Rachel Cohen', email: 'rachel.sdk@example.test' }, note: 'Paid.' });
    assert.match(sale.to_uuid, /^[0-9a-f-]{36}$/);
    assert.equal((await sdk.getCredits()).credits, before - 1);
    const sales = await sdk.listSales();
    assert.equal(sales.sales[0].mezuzah_uuid, registered.uuid);
    assert.equal(sales.sales[0].to.uuid, sale.to_uuid);
    assert.ok(sdk.rateLimit !== undefined && sdk.rateLimit.limit > 0, 'the last answer\'s rate limit is known');
  });

  test('public operations need no key; the directory pages through every entry', async () => {
    const { sdk } = client({ apiKey: undefined });
    const scroll = await makeScroll(t.deps, store.account);
    const found = await sdk.checkMezuzah(scroll.photo);
    assert.equal(found.uuid, scroll.uuid);
    const same = await sdk.compareMezuzot(scroll.photo, scroll.photo);
    assert.equal(same.is_matched, true);
    await assert.rejects(sdk.getCredits(), /needs an API key/);

    const keyed = client().sdk;
    const everyone = [];
    for await (const entry of keyed.eachSoferMegiah()) everyone.push(entry.uuid);
    assert.ok(everyone.includes(sofer.uuid) && everyone.includes(megiah.uuid));
    assert.equal((await keyed.lookupSoferMegiah({ email: (await t.db.accounts.findByUuid(megiah.uuid))!.email })).uuid, megiah.uuid);
  });

  test('a sticker and a sheet come back as bytes', async () => {
    const { sdk } = client();
    const scroll = await makeScroll(t.deps, store.account);
    const png = await sdk.getMezuzahSticker(scroll.uuid);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    const pdf = await sdk.printStickerSheet({ uuids: [scroll.uuid] });
    assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), '%PDF-');
  });
});

describe('errors', () => {
  test('an HTTP error is a MezuzahApiError with the status and the body\'s code', async () => {
    const { sdk } = client();
    const missing = await sdk.getMezuzah('00000000-0000-4000-8000-000000000000').catch((error: unknown) => error);
    assert.ok(missing instanceof MezuzahApiError);
    assert.equal(missing.status, 404);
    assert.equal(missing.code, undefined, 'the spec\'s 404 carries msg alone');
    assert.deepEqual(missing.body, { msg: 'Scroll not found.' });

    const bad = await sdk.listInventory({ per_page: 1000 }).catch((error: unknown) => error);
    assert.ok(bad instanceof MezuzahApiError);
    assert.deepEqual([bad.status, bad.code], [400, 'invalid_request']);
    assert.match(bad.message, /per_page/);

    const unknownKey = await client({ apiKey: 'mzr_nope' }).sdk.getCredits().catch((error: unknown) => error);
    assert.ok(unknownKey instanceof MezuzahApiError);
    assert.deepEqual([unknownKey.status, unknownKey.code], [401, 'unauthorized']);
  });

  test('a redirect is not followed: the key goes nowhere but the registry', async () => {
    const elsewhere: (string | undefined)[] = [];
    const other = http.createServer((request, response) => {
      elsewhere.push(request.headers['x-api-key'] as string | undefined);
      response.end('{}');
    });
    await new Promise<void>((listening) => other.listen(0, '127.0.0.1', listening));
    const moved = http.createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${(other.address() as AddressInfo).port}/api/v1/store/credits` }).end();
    });
    await new Promise<void>((listening) => moved.listen(0, '127.0.0.1', listening));
    try {
      const { sdk, waits } = client({ baseUrl: `http://127.0.0.1:${(moved.address() as AddressInfo).port}` });
      await assert.rejects(sdk.getCredits(), (error: unknown) => error instanceof MezuzahConnectionError && /redirected to http:\/\/127\.0\.0\.1/.test(error.message));
      assert.deepEqual(elsewhere, []);
      assert.deepEqual(waits, [], 'a redirect is not retried');
    } finally {
      moved.close();
      other.close();
    }
  });

  test('an id that would be read as a path step is refused before any request', async () => {
    const { sdk } = client();
    assert.throws(() => sdk.getMezuzah('..'), TypeError);
    assert.throws(() => sdk.scanQrcode(''), TypeError);
  });

  test('no answer at all is a MezuzahConnectionError, after the retries', async () => {
    const { sdk, waits } = client({ baseUrl: 'http://127.0.0.1:1', maxRetries: 2 });
    await assert.rejects(sdk.getCredits(), MezuzahConnectionError);
    assert.equal(waits.length, 2);
  });
});

describe('retries', () => {
  test('a sale whose answer is lost is sent again with the same Idempotency-Key: sold once, the answer replayed', async () => {
    const seller = await makeStore(t.deps, { credits: 3 });
    const scroll = await makeScroll(t.deps, seller.account);
    const buyer = await makeBuyer(t.deps);
    const sent: { key: string | null; status: number; replayed: string | null }[] = [];
    let lose = true;
    const { sdk } = client({
      apiKey: seller.key,
      // The first answer reaches the registry's side of the wire and is dropped on the way back.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        sent.push({ key: new Headers(init?.headers).get('idempotency-key'), status: response.status, replayed: response.headers.get('idempotent-replayed') });
        if (lose) {
          lose = false;
          throw new TypeError('fetch failed: the connection was reset');
        }
        return response;
      },
    });
    const sale = await sdk.sellMezuzah(scroll.uuid, { to_uuid: buyer.uuid });
    assert.equal(sale.to_uuid, buyer.uuid);
    assert.equal(sent.length, 2);
    assert.ok(sent[0].key !== null && sent[0].key === sent[1].key, 'one key for both attempts');
    assert.deepEqual([sent[0].status, sent[1].status, sent[1].replayed], [200, 200, 'true']);
    assert.equal(await creditBalance(t.app, seller.key), 2, 'one credit consumed');
  });

  test('the caller\'s own Idempotency-Key is sent as given', async () => {
    const seller = await makeStore(t.deps, { credits: 3 });
    const scroll = await makeScroll(t.deps, seller.account);
    const buyer = await makeBuyer(t.deps);
    const { sdk } = client({ apiKey: seller.key });
    await sdk.sellMezuzah(scroll.uuid, { to_uuid: buyer.uuid }, { idempotencyKey: 'order-1041' });
    // The same order sent again by a restarted program: the same answer, nothing sold twice.
    const again = await sdk.sellMezuzah(scroll.uuid, { to_uuid: buyer.uuid }, { idempotencyKey: 'order-1041' });
    assert.equal(again.to_uuid, buyer.uuid);
    assert.equal(await creditBalance(t.app, seller.key), 2);
  });

  test('a 429 is waited out as Retry-After says, then retried; past maxRetryDelayMs it is thrown at once', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const url = await limited.app.listen({ host: '127.0.0.1', port: 0 });
      const seller = await makeStore(limited.deps);
      let calls = 0;
      const { sdk, waits } = client({
        baseUrl: url,
        apiKey: seller.key,
        fetch: async (input, init) => {
          calls += 1;
          return fetch(input, init);
        },
      });
      for (let i = 0; i < 60; i += 1) await sdk.getCredits();
      assert.equal(sdk.rateLimit?.remaining, 0);
      assert.equal(calls, 60);
      // The 61st is refused; the client waits as told and tries again (here, still within the window: refused again, until the retries are spent).
      const refused = await sdk.getCredits().catch((error: unknown) => error);
      assert.ok(refused instanceof MezuzahApiError);
      assert.deepEqual([refused.status, refused.code], [429, 'rate_limit_exceeded']);
      assert.equal(waits.length, 3);
      assert.ok(waits.every((ms) => ms >= 1000 && ms <= 60_000 && ms % 1000 === 0), `waits ${waits}`);

      const impatient = client({ baseUrl: url, apiKey: seller.key, maxRetryDelayMs: 500 });
      await assert.rejects(impatient.sdk.getCredits(), (error: unknown) => error instanceof MezuzahApiError && error.status === 429);
      assert.deepEqual(impatient.waits, []);
    } finally {
      await limited.close();
    }
  });

  test('409 idempotency_key_in_use (the first request still running) is waited for longer, then retried', async () => {
    let calls = 0;
    const seller = await makeStore(t.deps, { credits: 2 });
    const scroll = await makeScroll(t.deps, seller.account);
    const buyer = await makeBuyer(t.deps);
    const { sdk, waits } = client({
      apiKey: seller.key,
      fetch: async (input, init) => {
        calls += 1;
        if (calls === 1) return Response.json({ msg: 'still running', status: 'idempotency_key_in_use' }, { status: 409 });
        return fetch(input, init);
      },
    });
    assert.equal((await sdk.sellMezuzah(scroll.uuid, { to_uuid: buyer.uuid })).to_uuid, buyer.uuid);
    assert.deepEqual(waits, [5000]);
  });

  test('a 503 busy is retried; a 400 never is', async () => {
    let calls = 0;
    const { sdk, waits } = client({
      apiKey: undefined,
      fetch: async (input, init) => {
        calls += 1;
        if (calls === 1) return new Response(JSON.stringify({ msg: 'busy', status: 'busy' }), { status: 503, headers: { 'retry-after': '2', 'content-type': 'application/json' } });
        return fetch(input, init);
      },
    });
    const scroll = await makeScroll(t.deps, store.account);
    assert.equal((await sdk.checkMezuzah(scroll.photo)).uuid, scroll.uuid);
    assert.deepEqual(waits, [2000]);

    const strict = client();
    await assert.rejects(strict.sdk.listInventory({ page: -1 }), (error: unknown) => error instanceof MezuzahApiError && error.status === 400);
    assert.deepEqual(strict.waits, []);
  });
});

describe('webhooks', () => {
  test('a store adds an endpoint, sends a test event, and its receiver verifies the delivery with the SDK', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const seller = await makeStore(t.deps);
      const { sdk } = client({ apiKey: seller.key });
      const endpoint = await sdk.createWebhookEndpoint({ url: receiver.url, events: ['sale.recorded', 'credits.low'] });
      assert.match(endpoint.secret, /^whsec_/);
      assert.deepEqual((await sdk.listWebhookEndpoints()).webhook_endpoints.map((listed) => listed.id), [endpoint.id]);
      const { event_id: eventId } = await sdk.sendTestWebhookEvent(endpoint.id);
      await deliverDueWebhooks(t.deps);
      const [delivery] = receiver.received;
      const now = t.clock.now().getTime() / 1000;
      const event = await verifyWebhook(delivery.body, delivery.headers['mezuzah-signature'] as string, endpoint.secret, { nowSeconds: now });
      assert.deepEqual([event.id, event.type], [eventId, 'webhook.test']);
      await assert.rejects(verifyWebhook(delivery.body.replace('webhook.test', 'sale.recorded'), delivery.headers['mezuzah-signature'] as string, endpoint.secret, { nowSeconds: now }), MezuzahSignatureError);
      await assert.rejects(verifyWebhook(delivery.body, delivery.headers['mezuzah-signature'] as string, endpoint.secret), MezuzahSignatureError, 'too old by the real clock');
      await assert.rejects(verifyWebhook(delivery.body, undefined, endpoint.secret, { nowSeconds: now }), MezuzahSignatureError);
      const log = await sdk.listWebhookDeliveries(endpoint.id);
      assert.deepEqual([log.deliveries[0].event_id, log.deliveries[0].state], [eventId, 'delivered']);

      const rotated = await sdk.rotateWebhookSecret(endpoint.id);
      assert.notEqual(rotated.secret, endpoint.secret);
      assert.deepEqual(await sdk.setLowCreditsThreshold(3), { threshold: 3 });
      assert.deepEqual(await sdk.getLowCreditsThreshold(), { threshold: 3 });
      assert.equal((await sdk.deleteWebhookEndpoint(endpoint.id)).id, endpoint.id);
      assert.deepEqual((await sdk.listWebhookEndpoints()).webhook_endpoints, []);
    } finally {
      await receiver.close();
    }
  });
});
