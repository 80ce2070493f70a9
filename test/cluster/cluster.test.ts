// `npm run test:cluster`: two server processes on different ports share one
// PostgreSQL database, one Redis and one storage folder, and everything that
// makes them one registry is checked over real HTTP. Needs PostgreSQL, Redis
// and ../shared/samples; without them it skips with one line, except in CI.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Database } from '../../src/db/database.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import type { Account } from '../../src/db/records.ts';
import { formatTimestamp, systemClock } from '../../src/domain/clock.ts';
import { createAccount } from '../../src/domain/create-account.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { newQrCode, newUuid } from '../../src/domain/identifiers.ts';
import { createApiKey } from '../../src/domain/manage-api-keys.ts';
import { localFileStorage } from '../../src/files/local-file-storage.ts';
import { haveSamples, manifest, samplePhoto } from '../engine/samples.ts';
import { adminQuery, postgresSkipReason, postgresTestUrl } from '../support/test-databases.ts';
import { redisNamespace, redisSkipReason, redisTestUrl } from '../support/test-redis.ts';
import { startNode, type NodeProcess } from '../support/node-process.ts';

async function skipReason(): Promise<string | false> {
  const reasons = [await postgresSkipReason(), await redisSkipReason()];
  if (!haveSamples) {
    if (process.env.CI) throw new Error('CI is set but ../shared/samples is missing; the cluster test must run in CI.');
    reasons.push('skipped: the shared sample photos are not beside the repository');
  }
  return reasons.find((reason) => reason !== null) ?? false;
}

const skip = await skipReason();
const RATE_LIMIT_SCALE = 10;
const SCAN_LIMIT = 30 * RATE_LIMIT_SCALE;

function expectOk<T>(outcome: { ok: true; value: T } | { ok: false; code: string; msg: string }): T {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.msg}`);
  return outcome.value;
}

function form(fields: Record<string, string | Uint8Array>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, new Blob([new Uint8Array(value)], { type: 'image/jpeg' }), `${name}.jpg`);
  }
  return body;
}

describe('two nodes sharing PostgreSQL, Redis and a storage folder', { skip, timeout: 600_000 }, () => {
  const database = `mezuzah_cluster_${randomBytes(5).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(postgresTestUrl);
    url.pathname = `/${database}`;
    url.search = '';
    return url.toString();
  })();
  const redis = redisNamespace();
  let root: string;
  let env: Record<string, string>;
  let a: NodeProcess;
  let b: NodeProcess;
  let admin: Database;
  let adminDeps: { db: Database; files: ReturnType<typeof localFileStorage>; clock: typeof systemClock };
  let store: Account;
  let storeKey: string;
  let sofer: Account;
  let megiah: Account;

  const startB = (name = 'B', extra: Record<string, string> = {}) => startNode(name, { ...env, DATA_DIR: path.join(root, 'node-b'), ...extra });

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-cluster-'));
    await adminQuery(`CREATE DATABASE ${database}`);
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisTestUrl,
      REDIS_KEY_PREFIX: redis.prefix,
      // The exact counts below need every request counted in Redis: a loaded CI
      // machine can keep a reply past the default 250 ms, and the node would
      // count that request alone (by design; logged, and checked below).
      REDIS_COMMAND_TIMEOUT_MS: '10000',
      FILES_DIR: path.join(root, 'shared-files'),
      RATE_LIMIT_SCALE: String(RATE_LIMIT_SCALE),
      PUBLIC_BASE_URL: 'https://registry.test',
    };
    // Started together on an empty database: the migration lock lets one migrate while the other waits.
    [a, b] = await Promise.all([startNode('A', { ...env, DATA_DIR: path.join(root, 'node-a') }), startB()]);

    admin = await openDatabase({ kind: 'postgres', url: databaseUrl }, () => formatTimestamp(systemClock.now()));
    adminDeps = { db: admin, files: localFileStorage(env.FILES_DIR), clock: systemClock };
    const account = async (role: string, extra: Record<string, unknown> = {}) =>
      expectOk(
        await createAccount(adminDeps, {
          role,
          username: `${role}-${randomBytes(3).toString('hex')}`,
          email: `${role}-${randomBytes(3).toString('hex')}@example.test`,
          country: 'Israel',
          city: 'Jerusalem',
          ...extra,
        }),
      );
    store = await account('store', { agent: true });
    storeKey = expectOk(await createApiKey(adminDeps, store.uuid)).key;
    sofer = await account('sofer', { confirmed: true });
    megiah = await account('megiah', { confirmed: true, megiahType: 'senior' });
  });

  after(async () => {
    const exits = await Promise.all([a, b].filter((node) => node !== undefined).map((node) => node.stop()));
    await admin?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await redis.clear();
    if (root !== undefined) await rm(root, { recursive: true, force: true });
    assert.ok(exits.every((code) => code === 0), `a node did not exit cleanly: ${exits.join(', ')}`);
  });

  const register = (node: NodeProcess, photo: Uint8Array) =>
    fetch(`${node.url}/api/v1/store/register-mezuzah`, {
      method: 'POST',
      headers: { 'x-api-key': storeKey },
      body: form({
        sofer: sofer.uuid,
        megiah: megiah.uuid,
        writtendate: '2024-01-10',
        examinateddate: '2024-02-20',
        font: 'Beit Yosef',
        size: '12 cm',
        mezuzah: photo,
      }),
    });
  const check = (node: NodeProcess, photo: Uint8Array) =>
    fetch(`${node.url}/api/v1/public/check-mezuzah`, { method: 'POST', body: form({ image: photo }) });
  const indexedOn = async (node: NodeProcess): Promise<number> =>
    (await (await fetch(`${node.url}/readyz`)).json()).indexed_scrolls;

  const samples = () => manifest().scrolls;
  let firstUuid: string;

  test('a scroll registered through A is in B\'s index within a second, found by B\'s check, and B serves its preview', async () => {
    const scroll = samples()[0];
    const registered = await register(a, samplePhoto(scroll.reference));
    assert.equal(registered.status, 200, await registered.clone().text());
    const registeredAt = Date.now();
    firstUuid = (await registered.json()).uuid;

    while ((await indexedOn(b)) < 1) {
      assert.ok(Date.now() - registeredAt < 1000, 'B had not indexed the scroll after one second');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const found = await check(b, samplePhoto(scroll.queries[0]));
    assert.equal(found.status, 200, await found.clone().text());
    const result = await found.json();
    assert.equal(result.uuid, firstUuid);

    // The preview was written by A into the shared folder; B serves the same bytes.
    const fromB = await fetch(`${b.url}/${result.preview_url}`);
    const fromA = await fetch(`${a.url}/${result.preview_url}`);
    assert.equal(fromB.status, 200);
    assert.equal(fromB.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(new Uint8Array(await fromB.arrayBuffer()), new Uint8Array(await fromA.arrayBuffer()));
  });

  test("that scroll's registration photo is text-checked after it answered, and either node reads the same check", async () => {
    const read = async (node: NodeProcess) => (await fetch(`${node.url}/api/v1/store/mezuzah-text-check/${firstUuid}`, { headers: { 'x-api-key': storeKey } })).json();
    const deadline = Date.now() + 60_000;
    let check = await read(b);
    while (check.state === 'pending') {
      assert.ok(Date.now() < deadline, 'the text check had not run after a minute');
      await new Promise((resolve) => setTimeout(resolve, 100));
      check = await read(b);
    }
    assert.equal(check.state, 'done', JSON.stringify(check));
    assert.ok(check.read.letters <= 713 && check.findings.length >= 0);
    assert.deepEqual(await read(a), check);
  });

  test('one scroll registered through A and B at the same moment: one wins, the other gets duplicate', async () => {
    const photo = samplePhoto(samples()[1].reference);
    const responses = await Promise.all([register(a, photo), register(b, photo)]);
    const bodies = await Promise.all(responses.map((res) => res.json()));
    const statuses = responses.map((res) => res.status).sort();
    assert.deepEqual(statuses, [200, 400], JSON.stringify(bodies));
    assert.deepEqual(
      bodies.map((body) => body.status ?? 'registered').sort(),
      ['duplicate', 'registered'],
      JSON.stringify(bodies),
    );
    const rows = await admin.fingerprints.page(0, 100);
    assert.equal(rows.items.length, 2, 'exactly two scrolls are registered');
  });

  test('a certificate issued through A is served by B from the shared folder', async () => {
    const issued = await fetch(`${a.url}/api/v1/store/mezuzah-certificate/${firstUuid}`, { headers: { 'x-api-key': storeKey } });
    assert.equal(issued.status, 200, await issued.clone().text());
    const urls = await issued.json();
    for (const url of [urls.pdf_url, urls.img_url]) {
      const res = await fetch(`${b.url}/${url}`);
      assert.equal(res.status, 200, url);
      assert.ok((await res.arrayBuffer()).byteLength > 1000);
    }
  });

  test('N credits and many concurrent sales through both nodes: exactly N succeed, balance 0, the ledger sums to it', async () => {
    const credits = 8;
    const seller = expectOk(
      await createAccount(adminDeps, {
        role: 'store', agent: true, username: `seller-${randomBytes(3).toString('hex')}`,
        email: `seller-${randomBytes(3).toString('hex')}@example.test`, country: 'Israel', city: 'Haifa',
      }),
    );
    const sellerKey = expectOk(await createApiKey(adminDeps, seller.uuid)).key;
    expectOk(await grantCredits(adminDeps, seller.uuid, credits));
    const buyer = expectOk(
      await createAccount(adminDeps, { role: 'user', username: 'Buyer', email: `buyer-${randomBytes(3).toString('hex')}@example.test` }),
    );
    // Inventory for the sales, inserted as any node would; sales need no photos.
    const at = formatTimestamp(new Date());
    const scrolls: string[] = [];
    for (let i = 0; i < credits + 6; i++) {
      const uuid = newUuid();
      await admin.scrolls.insert({
        uuid, qrCode: newQrCode(), registeredById: seller.id, ownerId: seller.id, soferId: sofer.id, megiahId: megiah.id,
        font: 'Ari', size: '10 cm', note: '', writtenDate: '2024-01-01', examinedDate: '2024-01-02',
        photoKey: `private/photos/${uuid}`, previewKey: `public/previews/${uuid}.jpg`, createdAt: at,
      });
      scrolls.push(uuid);
    }
    const sell = (node: NodeProcess, uuid: string) =>
      fetch(`${node.url}/api/v1/store/sell-mezuzah/${uuid}`, {
        method: 'POST',
        headers: { 'x-api-key': sellerKey, 'content-type': 'application/json' },
        body: JSON.stringify({ to_uuid: buyer.uuid }),
      });
    // Every scroll through one node; the first four also through the other at the same moment.
    const attempts = [
      ...scrolls.map((uuid, i) => sell(i % 2 === 0 ? a : b, uuid)),
      ...scrolls.slice(0, 4).map((uuid, i) => sell(i % 2 === 0 ? b : a, uuid)),
    ];
    const responses = await Promise.all(attempts);
    const statuses = responses.map((res) => res.status);
    const bodies = await Promise.all(responses.map((res) => res.json()));
    assert.equal(statuses.filter((status) => status === 200).length, credits, JSON.stringify(bodies));
    assert.ok(statuses.every((status) => status === 200 || status === 400 || status === 403), statuses.join(' '));
    assert.ok(bodies.filter((_, i) => statuses[i] === 400).every((body) => body.status === 'no_credits'));

    const balance = await (await fetch(`${b.url}/api/v1/store/credits`, { headers: { 'x-api-key': sellerKey } })).json();
    assert.deepEqual(balance, { credits: 0 });
    const entries = await admin.credits.entries(seller.id);
    assert.equal(entries.reduce((sum, entry) => sum + entry.delta, 0), 0);
    assert.equal(entries.filter((entry) => entry.reason === 'sale').length, credits);
    const history = await admin.sales.listBySeller(seller.id, { offset: 0, limit: 100 });
    assert.equal(history.total, credits);
    assert.equal(new Set(history.items.map((sale) => sale.scrollUuid)).size, credits, 'a scroll was sold twice');
  });

  test('an IP gets exactly its limit across both nodes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SCAN_LIMIT + 4; i++) {
      const node = i % 2 === 0 ? a : b;
      statuses.push((await fetch(`${node.url}/api/v1/public/scan-qrcode/ZZZZZZZZZZZZ`)).status);
    }
    for (const node of [a, b]) assert.doesNotMatch(node.output(), /Redis unavailable/, `${node.name} counted alone:\n${node.output()}`);
    assert.equal(statuses.filter((status) => status !== 429).length, SCAN_LIMIT);
    assert.ok(statuses.slice(SCAN_LIMIT).every((status) => status === 429));
  });

  test('a restarted node rebuilds its index from the database and warms its engine workers before it is ready', async () => {
    assert.equal(await b.stop(), 0, b.output());
    b = await startB('B restarted', { LOG_LEVEL: 'info' });
    // Ready means listening, which main.ts does only after the warm-up: its log line is already out.
    const warmed = b.output().split('\n').filter((line) => line.includes('"msg":"engine workers warmed up"')).map((line) => JSON.parse(line));
    assert.equal(warmed.length, 1, b.output());
    assert.equal(warmed[0].workers, 1);
    assert.equal(warmed[0].readAsScroll, 1);
    assert.equal(await indexedOn(b), 2);
    const found = await check(b, samplePhoto(samples()[0].queries[1] ?? samples()[0].queries[0]));
    assert.equal(found.status, 200, await found.clone().text());
    assert.equal((await found.json()).uuid, firstUuid);
  });
});
