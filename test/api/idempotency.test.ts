// Idempotency keys on sell-mezuzah, register-mezuzah and the sticker sheet:
// a retry gets the first answer again and nothing is done twice.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashApiKey } from '../../src/domain/identifiers.ts';
import { makeBuyer, makeKeyFor, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { creditBalance, postForm, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

function sellWithKey(key: string, scrollUuid: string, body: Record<string, unknown>, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/store/sell-mezuzah/${scrollUuid}`,
    headers: { 'x-api-key': key, 'idempotency-key': token },
    payload: body,
  });
}

/**
 * Holds the next answer back after its work is done, before it is kept (as a
 * slow database would): `reached` resolves once a request is there, and it
 * goes on when `release` is called. Undone by `restore`.
 */
function holdNextAnswer(): { reached: Promise<void>; release(): void; restore(): void } {
  const repository = t.db.idempotentRequests;
  const complete = repository.complete;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  repository.complete = async (...args) => {
    arrived();
    await held;
    return complete(...args);
  };
  return { reached, release, restore: () => (repository.complete = complete) };
}

async function salesOf(store: TestStore): Promise<number> {
  return (await storeGet(t.app, store.key, '/api/v1/store/sales-history')).json().sales.length;
}

describe('sell-mezuzah', () => {
  test('a retry with the same key and body replays the first answer: one sale, one credit', async () => {
    const store = await makeStore(t.deps, { credits: 3 });
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const first = await sellWithKey(store.key, scroll.uuid, { to_uuid: buyer.uuid, note: 'cash' }, 'sale-1');
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const retry = await sellWithKey(store.key, scroll.uuid, { note: 'cash', to_uuid: buyer.uuid }, 'sale-1');
    assert.equal(retry.statusCode, 200);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.body, first.body);
    assert.match(String(retry.headers['content-type']), /application\/json/);
    assert.equal(await creditBalance(t.app, store.key), 2);
    assert.equal(await salesOf(store), 1);
  });

  test('without a key nothing is kept: a second sale of the sold scroll is refused as before', async () => {
    const store = await makeStore(t.deps, { credits: 3 });
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const body = { to_uuid: buyer.uuid, note: '' };
    assert.equal((await t.app.inject({ method: 'POST', url: `/api/v1/store/sell-mezuzah/${scroll.uuid}`, headers: { 'x-api-key': store.key }, payload: body })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'POST', url: `/api/v1/store/sell-mezuzah/${scroll.uuid}`, headers: { 'x-api-key': store.key }, payload: body })).statusCode, 403);
  });

  test('the same key with another request is 422, and does nothing', async () => {
    const store = await makeStore(t.deps, { credits: 3 });
    const buyer = await makeBuyer(t.deps);
    const [a, b] = [await makeScroll(t.deps, store.account), await makeScroll(t.deps, store.account)];
    assert.equal((await sellWithKey(store.key, a.uuid, { to_uuid: buyer.uuid }, 'reused')).statusCode, 200);
    const otherScroll = await sellWithKey(store.key, b.uuid, { to_uuid: buyer.uuid }, 'reused');
    assert.equal(otherScroll.statusCode, 422);
    assert.deepEqual(otherScroll.json().status, 'idempotency_key_reused');
    const otherBody = await sellWithKey(store.key, a.uuid, { to_uuid: buyer.uuid, note: 'changed' }, 'reused');
    assert.equal(otherBody.statusCode, 422);
    assert.equal(await creditBalance(t.app, store.key), 2);
    assert.equal(await salesOf(store), 1);
  });

  test('a retry while the first still runs is 409; once it is answered, the retry replays it', async () => {
    const store = await makeStore(t.deps, { credits: 3 });
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const hold = holdNextAnswer();
    try {
      const first = sellWithKey(store.key, scroll.uuid, { to_uuid: buyer.uuid }, 'slow');
      await hold.reached;
      const meanwhile = await sellWithKey(store.key, scroll.uuid, { to_uuid: buyer.uuid }, 'slow');
      assert.equal(meanwhile.statusCode, 409);
      assert.equal(meanwhile.json().status, 'idempotency_key_in_use');
      hold.release();
      assert.equal((await first).statusCode, 200);
      const later = await sellWithKey(store.key, scroll.uuid, { to_uuid: buyer.uuid }, 'slow');
      assert.equal(later.statusCode, 200);
      assert.equal(later.headers['idempotent-replayed'], 'true');
    } finally {
      hold.restore();
      hold.release();
    }
    assert.equal(await salesOf(store), 1);
  });

  test('a refusal the operation gave is replayed too; a failure of the server is not kept', async () => {
    const store = await makeStore(t.deps, { credits: 0 });
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const refused = await sellWithKey(store.key, scroll.uuid, { to_uuid: buyer.uuid }, 'no-credit');
    assert.equal(refused.statusCode, 400);
    const again = await sellWithKey(store.key, scroll.uuid, { to_uuid: buyer.uuid }, 'no-credit');
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body, refused.body);

    const rich = await makeStore(t.deps, { credits: 2 });
    const other = await makeScroll(t.deps, rich.account);
    const transaction = t.db.transaction;
    t.db.transaction = async () => {
      throw new Error('the database went away');
    };
    try {
      assert.equal((await sellWithKey(rich.key, other.uuid, { to_uuid: buyer.uuid }, 'flaky')).statusCode, 500);
    } finally {
      t.db.transaction = transaction;
    }
    const retried = await sellWithKey(rich.key, other.uuid, { to_uuid: buyer.uuid }, 'flaky');
    assert.equal(retried.statusCode, 200);
    assert.equal(retried.headers['idempotent-replayed'], undefined);
    assert.equal(await creditBalance(t.app, rich.key), 1);
  });

  test('keys belong to one API key; after 24 hours a key is forgotten', async () => {
    const store = await makeStore(t.deps, { credits: 5 });
    const secondKey = await makeKeyFor(t.deps, store.account);
    const buyer = await makeBuyer(t.deps);
    const [a, b, c] = [await makeScroll(t.deps, store.account), await makeScroll(t.deps, store.account), await makeScroll(t.deps, store.account)];
    assert.equal((await sellWithKey(store.key, a.uuid, { to_uuid: buyer.uuid }, 'shared-token')).statusCode, 200);
    const otherKey = await sellWithKey(secondKey, b.uuid, { to_uuid: buyer.uuid }, 'shared-token');
    assert.equal(otherKey.statusCode, 200);
    assert.equal(otherKey.headers['idempotent-replayed'], undefined);
    t.clock.advance(24 * 3600_000 + 1000);
    const later = await sellWithKey(store.key, c.uuid, { to_uuid: buyer.uuid }, 'shared-token');
    assert.equal(later.statusCode, 200);
    assert.equal(later.headers['idempotent-replayed'], undefined);
    assert.equal(await salesOf(store), 3);
  });

  test('a claim left running by a node that stopped is taken over after ten minutes', async () => {
    const store = await makeStore(t.deps, { credits: 2 });
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const body = { to_uuid: buyer.uuid };
    // The first request claims its key and then never gets to its sale, as on a node that was killed.
    const transaction = t.db.transaction;
    let abandon!: (error: Error) => void;
    const never = new Promise<never>((_resolve, reject) => (abandon = reject));
    t.db.transaction = () => never;
    const first = sellWithKey(store.key, scroll.uuid, body, 'left-running');
    await sleep(50);
    t.db.transaction = transaction;
    try {
      assert.equal((await sellWithKey(store.key, scroll.uuid, body, 'left-running')).statusCode, 409);
      t.clock.advance(9 * 60_000);
      assert.equal((await sellWithKey(store.key, scroll.uuid, body, 'left-running')).statusCode, 409);
      t.clock.advance(2 * 60_000);
      const taken = await sellWithKey(store.key, scroll.uuid, body, 'left-running');
      assert.equal(taken.statusCode, 200);
      assert.equal(taken.headers['idempotent-replayed'], undefined);
    } finally {
      abandon(new Error('the node is gone'));
      await first;
    }
    // The abandoned request's end does not undo the answer kept by the one that took over.
    const replay = await sellWithKey(store.key, scroll.uuid, body, 'left-running');
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.statusCode, 200);
    assert.equal(await salesOf(store), 1);
  });

  test('a malformed key is 400', async () => {
    const store = await makeStore(t.deps, { credits: 1 });
    const scroll = await makeScroll(t.deps, store.account);
    for (const token of ['', 'x'.repeat(256), 'with space', 'ünïcode']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/store/sell-mezuzah/${scroll.uuid}`,
        headers: { 'x-api-key': store.key, 'idempotency-key': token },
        payload: { to_uuid: 'x' },
      });
      assert.equal(response.statusCode, 400, JSON.stringify(token));
      assert.match(response.json().msg, /Idempotency-Key/);
    }
  });
});

describe('register-mezuzah', () => {
  test('a retry of a registration (a fresh multipart boundary, the same photo and fields) replays it: one scroll, one credit', async () => {
    const store = await makeStore(t.deps, { credits: 2 });
    const buyer = await makeBuyer(t.deps);
    const [sofer, megiah] = [await makeSofer(t.deps), await makeMegiah(t.deps)];
    const photo = await scrollPhoto();
    const fields = {
      writtendate: '2024-01-10', examinateddate: '2024-02-20', font: 'Beit Yosef', size: '12 cm',
      sofer: sofer.uuid, megiah: megiah.uuid, owner_uuid: buyer.uuid, mezuzah: { data: photo },
    };
    const headers = { 'x-api-key': store.key, 'idempotency-key': 'register-1' };
    const first = await postForm(t.app, '/api/v1/store/register-mezuzah', fields, headers);
    assert.equal(first.statusCode, 200, first.body);
    const retry = await postForm(t.app, '/api/v1/store/register-mezuzah', fields, headers);
    assert.equal(retry.statusCode, 200);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.body, first.body);
    assert.equal(await creditBalance(t.app, store.key), 1);
    const otherPhoto = await postForm(t.app, '/api/v1/store/register-mezuzah', { ...fields, mezuzah: { data: await scrollPhoto() } }, headers);
    assert.equal(otherPhoto.statusCode, 422);
  });

  test('an engine too busy to read the photo (503) keeps nothing: the retry registers', async () => {
    const store = await makeStore(t.deps);
    const [sofer, megiah] = [await makeSofer(t.deps), await makeMegiah(t.deps)];
    const fields = { writtendate: '2024-01-10', examinateddate: '2024-02-20', font: 'Beit Yosef', size: '12 cm', sofer: sofer.uuid, megiah: megiah.uuid, mezuzah: { data: await scrollPhoto() } };
    const headers = { 'x-api-key': store.key, 'idempotency-key': 'busy-then-free' };
    t.engine.busy = true;
    try {
      assert.equal((await postForm(t.app, '/api/v1/store/register-mezuzah', fields, headers)).statusCode, 503);
    } finally {
      t.engine.busy = false;
    }
    const retry = await postForm(t.app, '/api/v1/store/register-mezuzah', fields, headers);
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.headers['idempotent-replayed'], undefined);
  });
});

describe('mezuzah-sticker-sheet', () => {
  test('a retry gets the same PDF, with its file name', async () => {
    const store = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const request = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/store/mezuzah-sticker-sheet', headers: { 'x-api-key': store.key, 'idempotency-key': 'sheet' }, payload: { uuids: [scroll.uuid] } });
    const first = await request();
    assert.equal(first.statusCode, 200);
    const retry = await request();
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.headers['content-type'], 'application/pdf');
    assert.equal(retry.headers['content-disposition'], first.headers['content-disposition']);
    assert.ok(retry.rawPayload.equals(first.rawPayload));
  });
});

describe('over a real connection', () => {
  test('a sale whose connection drops before the answer, retried with its key, is one sale and one credit', async () => {
    const store = await makeStore(t.deps, { credits: 3 });
    const buyer = await makeBuyer(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const body = JSON.stringify({ to_uuid: buyer.uuid, note: 'dropped' });
    // The answer is held back until the client has gone: the sale is made, and its answer is lost on the way.
    const hold = holdNextAnswer();
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.write(
      `POST /api/v1/store/sell-mezuzah/${scroll.uuid} HTTP/1.1\r\nhost: localhost\r\nx-api-key: ${store.key}\r\nidempotency-key: dropped-sale\r\n` +
        `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await hold.reached;
    socket.destroy();
    hold.restore();
    hold.release();
    assert.equal(received, '', 'the client never saw an answer');
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      answer = await fetch(`http://127.0.0.1:${port}/api/v1/store/sell-mezuzah/${scroll.uuid}`, {
        method: 'POST',
        headers: { 'x-api-key': store.key, 'idempotency-key': 'dropped-sale', 'content-type': 'application/json' },
        body,
      });
      if (answer.status !== 409) break;
      await sleep(50);
    }
    assert.equal(answer?.status, 200);
    assert.equal(answer?.headers.get('idempotent-replayed'), 'true');
    assert.equal((await answer?.json()).to_uuid, buyer.uuid);
    assert.equal(await salesOf(store), 1);
    assert.equal(await creditBalance(t.app, store.key), 2);
  });
});
