import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { makeBuyer, makeKeyFor, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { blankPhoto, decompressionBomb, rephotographed, scrollPhoto } from '../support/photos.ts';
import { register, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { requestersDuring } from '../support/test-engine.ts';

let t: TestApp;
let agent: TestStore;
let sofer: string;
let megiah: string;

before(async () => {
  t = await createTestApp();
  agent = await makeStore(t.deps, { agent: true });
  sofer = (await makeSofer(t.deps)).uuid;
  megiah = (await makeMegiah(t.deps)).uuid;
});
after(() => t.close());

async function filesUnder(folder: string): Promise<string[]> {
  try {
    return await readdir(path.join(t.dataDir, 'files', folder));
  } catch {
    return [];
  }
}

describe('200', () => {
  test('registers into the inventory and answers msg, uuid and an unguessable QR code', async () => {
    const res = await register(t.app, agent.key, { photo: await scrollPhoto(), sofer, megiah, note: 'from the test' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(typeof body.msg, 'string');
    assert.match(body.uuid, /^[0-9a-f-]{36}$/);
    assert.match(body.qr_code, /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{12}$/);

    const read = await storeGet(t.app, agent.key, `/api/v1/store/mezuzah/${body.uuid}`);
    assert.equal(read.statusCode, 200);
    assert.equal(read.json().note, 'from the test');
    assert.equal(read.json().is_verified, false);
  });

  test('keeps the photo privately and a public preview of at most 640 px without metadata', async () => {
    const big = new Uint8Array(
      await sharp(await scrollPhoto(), {})
        .resize(1600, 1200, { kernel: 'nearest' })
        .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
        .jpeg()
        .toBuffer(),
    );
    const res = await register(t.app, agent.key, { photo: big, sofer, megiah });
    assert.equal(res.statusCode, 200);
    const uuid = res.json().uuid;
    assert.ok((await filesUnder('private/photos')).includes(uuid));
    const preview = await t.app.inject({ method: 'GET', url: `/static/previews/${uuid}.jpg` });
    assert.equal(preview.statusCode, 200);
    assert.equal(preview.headers['content-type'], 'image/jpeg');
    const meta = await sharp(preview.rawPayload).metadata();
    assert.ok(Math.max(meta.width ?? 0, meta.height ?? 0) <= 640);
    assert.equal(meta.exif, undefined);
    const privatePhoto = await t.app.inject({ method: 'GET', url: `/static/../private/photos/${uuid}` });
    assert.equal(privatePhoto.statusCode, 404);
  });

  test('with owner_uuid, assigns the scroll to the buyer and consumes one credit', async () => {
    const store = await makeStore(t.deps, { agent: true, credits: 2 });
    const buyer = await makeBuyer(t.deps);
    const res = await register(t.app, store.key, { photo: await scrollPhoto(), sofer, megiah, owner_uuid: buyer.uuid });
    assert.equal(res.statusCode, 200);
    assert.deepEqual((await storeGet(t.app, store.key, '/api/v1/store/credits')).json(), { credits: 1 });
    assert.equal((await storeGet(t.app, store.key, '/api/v1/store/inventory')).json().total, 0);
    const ledger = await t.db.credits.entries(store.account.id);
    assert.deepEqual(ledger.map((e) => [e.delta, e.reason]), [[2, 'grant'], [-1, 'owner_registration']]);
  });

  test('the fingerprint is stored, so a rebuilt index still recognises the scroll', async () => {
    const photo = await scrollPhoto();
    const res = await register(t.app, agent.key, { photo, sofer, megiah });
    assert.equal(res.statusCode, 200);
    const page = await t.db.fingerprints.page(0, 10_000);
    assert.ok(page.items.some((item) => item.scrollUuid === res.json().uuid));
  });
});

describe('400 duplicate', () => {
  test('the same scroll photographed again is refused, and nothing is stored twice', async () => {
    const photo = await scrollPhoto();
    assert.equal((await register(t.app, agent.key, { photo, sofer, megiah })).statusCode, 200);
    const before = (await storeGet(t.app, agent.key, '/api/v1/store/inventory')).json().total;
    const res = await register(t.app, agent.key, { photo: await rephotographed(photo), sofer, megiah });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'duplicate');
    assert.equal(typeof res.json().msg, 'string');
    assert.equal((await storeGet(t.app, agent.key, '/api/v1/store/inventory')).json().total, before);
  });

  test('a duplicate registered with owner_uuid consumes no credit', async () => {
    const store = await makeStore(t.deps, { agent: true, credits: 2 });
    const buyer = await makeBuyer(t.deps);
    const photo = await scrollPhoto();
    assert.equal((await register(t.app, store.key, { photo, sofer, megiah, owner_uuid: buyer.uuid })).statusCode, 200);
    const res = await register(t.app, store.key, { photo: await rephotographed(photo), sofer, megiah, owner_uuid: buyer.uuid });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'duplicate');
    assert.deepEqual((await storeGet(t.app, store.key, '/api/v1/store/credits')).json(), { credits: 1 });
    assert.deepEqual((await t.db.credits.entries(store.account.id)).map((e) => e.reason), ['grant', 'owner_registration']);
  });

  test('two concurrent uploads of one scroll: exactly one is registered', async () => {
    const photo = await scrollPhoto();
    const results = await Promise.all([
      register(t.app, agent.key, { photo, sofer, megiah }),
      register(t.app, agent.key, { photo: await rephotographed(photo), sofer, megiah }),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 400]);
    assert.equal(results.find((r) => r.statusCode === 400)?.json().status, 'duplicate');
  });
});

describe('400 no_credits', () => {
  test('registration with owner_uuid and no credit consumes nothing and leaves no scroll or file', async () => {
    const store = await makeStore(t.deps, { agent: true, credits: 0 });
    const buyer = await makeBuyer(t.deps);
    const previewsBefore = (await filesUnder('public/previews')).length;
    const photo = await scrollPhoto();
    const res = await register(t.app, store.key, { photo, sofer, megiah, owner_uuid: buyer.uuid });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'no_credits');
    assert.equal(typeof res.json().msg, 'string');
    assert.equal((await filesUnder('public/previews')).length, previewsBefore);
    assert.deepEqual(await t.db.credits.entries(store.account.id), []);
    // Not half-registered: the same photo registers fine without an owner.
    assert.equal((await register(t.app, store.key, { photo, sofer, megiah })).statusCode, 200);
  });
});

describe('400 invalid (unreadable photo)', () => {
  test('a photo with no readable scroll text', async () => {
    const res = await register(t.app, agent.key, { photo: await blankPhoto(), sofer, megiah });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid');
    assert.match(res.json().msg, /mezuzah/);
  });
});

describe('400 invalid_request', () => {
  const cases: [string, (f: { sofer: string; megiah: string; buyerOrStore: string }) => Record<string, string>, RegExp][] = [
    ['missing font', () => ({ font: '' }), /font/],
    ['missing sofer', () => ({ sofer: '' }), /sofer/],
    ['malformed writtendate', () => ({ writtendate: '10/01/2024' }), /writtendate/],
    ['impossible date', () => ({ writtendate: '2024-02-30' }), /writtendate/],
    ['examined before written', () => ({ writtendate: '2024-03-01', examinateddate: '2024-02-01' }), /examinateddate/],
    ['future date', () => ({ writtendate: '2024-01-01', examinateddate: '2099-01-01' }), /examinateddate/],
    ['unknown sofer uuid', () => ({ sofer: '00000000-0000-4000-8000-000000000000' }), /sofer/],
    ['sofer uuid naming a megiah', (f) => ({ sofer: f.megiah }), /sofer/],
    ['megiah uuid naming a sofer', (f) => ({ megiah: f.sofer }), /megiah/],
    ['owner_uuid naming a store', (f) => ({ owner_uuid: f.buyerOrStore }), /owner_uuid/],
  ];
  for (const [name, fields, field] of cases) {
    test(name, async () => {
      const res = await register(t.app, agent.key, {
        photo: await scrollPhoto(),
        sofer,
        megiah,
        ...fields({ sofer, megiah, buyerOrStore: agent.account.uuid }),
      });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().status, 'invalid_request');
      assert.match(res.json().msg, field);
    });
  }

  test('a uuid that cannot fill its field gets one answer per field whatever the reason, so no uuid is shown to have an account', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const unconfirmedSofer = (await makeSofer(t.deps, { confirmed: false })).uuid;
    const unconfirmedMegiah = (await makeMegiah(t.deps, { confirmed: false })).uuid;
    const store = agent.account.uuid;
    const buyer = (await makeBuyer(t.deps)).uuid;
    const wrongUuids: Record<string, string[]> = {
      sofer: [unknown, megiah, store, buyer, unconfirmedSofer],
      megiah: [unknown, sofer, store, buyer, unconfirmedMegiah],
      owner_uuid: [unknown, sofer, megiah, store],
    };
    for (const [field, uuids] of Object.entries(wrongUuids)) {
      const answers = [];
      for (const uuid of uuids) {
        const res = await register(t.app, agent.key, { photo: await scrollPhoto(), sofer, megiah, [field]: uuid });
        answers.push(`${res.statusCode} ${res.body}`);
      }
      assert.equal(new Set(answers).size, 1, answers.join('\n'));
      assert.match(answers[0] ?? '', new RegExp(`^400 \\{"msg":"${field} [^"]+","status":"invalid_request"\\}$`));
    }
  });

  test('a required field left out of the form is named as required', async () => {
    for (const name of ['megiah', 'examinateddate', 'size'] as const) {
      const res = await register(t.app, agent.key, { photo: await scrollPhoto(), sofer, megiah, [name]: undefined });
      assert.equal(res.statusCode, 400, name);
      assert.deepEqual(res.json(), { msg: `${name} is required.`, status: 'invalid_request' });
    }
  });

  test('text fields are trimmed before they are checked and stored', async () => {
    const res = await register(t.app, agent.key, {
      photo: await scrollPhoto(),
      sofer: ` ${sofer} `,
      megiah: `${megiah}\n`,
      writtendate: ' 2024-01-10',
      examinateddate: '2024-02-20 ',
      font: '  Ari ',
    });
    assert.equal(res.statusCode, 200, res.body);
    const record = (await storeGet(t.app, agent.key, `/api/v1/store/mezuzah/${res.json().uuid}`)).json();
    assert.equal(record.font, 'Ari');
    assert.equal(record.written_time, '2024-01-10 00:00:00');
    assert.equal(record.sofer.uuid, sofer);
  });

  test('an unconfirmed sofer cannot be named', async () => {
    const unconfirmed = await makeSofer(t.deps, { confirmed: false });
    const res = await register(t.app, agent.key, { photo: await scrollPhoto(), sofer: unconfirmed.uuid, megiah });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().msg, /sofer/);
  });

  test('a non-image upload names the field', async () => {
    const res = await register(t.app, agent.key, { photo: new TextEncoder().encode('%PDF-1.4 not a photo'), sofer, megiah });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), {
      msg: 'mezuzah: the file is not an image; JPEG, PNG, WebP and HEIC/HEIF photos are accepted.',
      status: 'invalid_request',
    });
  });

  test('an image over 100 megapixels is refused from its header, before decoding', async () => {
    const bomb = decompressionBomb(20_000, 20_000);
    const analysedBefore = t.engine.analyzed;
    const res = await register(t.app, agent.key, { photo: bomb, sofer, megiah });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
    assert.match(res.json().msg, /megapixels/);
    assert.equal(t.engine.analyzed, analysedBefore);
  });

  test('a JSON body instead of multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/register-mezuzah',
      headers: { 'x-api-key': agent.key },
      payload: { sofer, megiah },
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'invalid_request');
  });

  test('no photo', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/register-mezuzah',
      headers: { 'x-api-key': agent.key, 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="font"\r\n\r\nA\r\n--x--\r\n`,
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().msg, /mezuzah/);
  });
});

describe('413', () => {
  test('a photo over 25 MB', async () => {
    const huge = new Uint8Array(25 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff]);
    const res = await register(t.app, agent.key, { photo: huge, sofer, megiah });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().status, 'too_large');
    assert.equal(typeof res.json().msg, 'string');
  });
});

describe('403', () => {
  test('a store that is not an agent, with msg only', async () => {
    const store = await makeStore(t.deps, { agent: false });
    const res = await register(t.app, store.key, { photo: await scrollPhoto(), sofer, megiah });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });
});

describe('503', () => {
  test('a saturated engine answers busy with Retry-After, and registers nothing', async () => {
    t.engine.busy = true;
    try {
      const res = await register(t.app, agent.key, { photo: await scrollPhoto(), sofer, megiah });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().status, 'busy');
      assert.ok(Number(res.headers['retry-after']) > 0);
    } finally {
      t.engine.busy = false;
    }
  });
});

test('factories register through the same rules (sanity of the test data)', async () => {
  const scroll = await makeScroll(t.deps, agent.account);
  assert.equal((await storeGet(t.app, agent.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).statusCode, 200);
});

describe('whose photo the engine is told it is', () => {
  test('the store, whichever of its keys it uses', async () => {
    const secondKey = await makeKeyFor(t.deps, agent.account);
    const got = await requestersDuring(t.engine, async () => {
      for (const key of [agent.key, secondKey]) assert.equal((await register(t.app, key, { photo: await scrollPhoto(), sofer, megiah })).statusCode, 200);
    });
    assert.deepEqual(got, [`store:${agent.account.uuid}`, `store:${agent.account.uuid}`]);
  });
});
