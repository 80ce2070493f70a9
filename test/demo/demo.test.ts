// The demo at small scale against a listening registry with the production
// engine: its accounts, its registrations through HTTP, and sample photos that
// answer as their README says. Then a rerun, which must reuse what exists.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createEngine, type IdentificationEngine } from '../../src/engine/index.ts';
import { DEMO_KEY_LABEL } from '../../tools/demo/demo-accounts.ts';
import { parseDemoNote } from '../../tools/demo/demo-plan.ts';
import { runDemo, type DemoOptions, type DemoReport } from '../../tools/demo/run-demo.ts';
import { registryClient } from '../../tools/demo/registry-client.ts';
import { portalBrowser } from '../support/browser-session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let engine: IdentificationEngine;
let t: TestApp;
let options: DemoOptions;
let first: DemoReport;

before(async () => {
  engine = await createEngine({ workers: 1 });
  t = await createTestApp({ engine });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  options = { baseUrl: address, scrolls: 3, seed: 1, outDir: await mkdtemp(path.join(os.tmpdir(), 'mezuzah-demo-')), renderThreads: 1, uploads: 1 };
  first = await runDemo({ ...t.deps, verifier: engine }, options);
});
after(async () => {
  await t.close();
  await engine.close();
  await rm(options.outDir, { recursive: true, force: true });
});

// Over real HTTP, as the printed curl commands do.
const check = async (file: string) => registryClient(options.baseUrl).check(new Uint8Array(await readFile(path.resolve(file))));

test('registers the scrolls through the API, under notes that name them, in the demo stores', async () => {
  assert.equal(first.registered + first.unreadable, 3);
  assert.equal(first.alreadyRegistered, 0);
  assert.equal(first.accounts.created, first.accounts.stores.length + first.accounts.sofers.length + first.accounts.megiahs.length + 1);
  assert.equal(engine.indexedCount, first.registered);
  const credits = await t.app.inject({ method: 'GET', url: '/api/v1/store/credits', headers: { 'x-api-key': first.accounts.stores[0].key } });
  assert.equal(credits.json().credits, 25);
  let notes: string[] = [];
  for (const store of first.accounts.stores) {
    const inventory = await t.app.inject({ method: 'GET', url: '/api/v1/store/inventory?per_page=100', headers: { 'x-api-key': store.key } });
    notes = notes.concat(inventory.json().mezuzot.map((m: { note: string }) => m.note));
  }
  const numbers = notes.map((note) => parseDemoNote(note)?.number).sort();
  assert.deepEqual(numbers, [1, 2, 3].filter((n) => !first.unreadableScrolls.includes(n)));
});

test('a phone photo it offers as a registered scroll is identified by check-mezuzah as that scroll', async () => {
  const registered = first.ready.samples.filter((s) => s.endpoint === 'check-mezuzah' && s.expect.startsWith('success'));
  assert.ok(registered.length >= 1, JSON.stringify(first.ready.samples));
  for (const sample of registered) {
    const res = await check(sample.file);
    assert.equal(res.status, 200, `${sample.file}: ${JSON.stringify(res.body)}`);
    const number = Number(/demo scroll (\d+)/.exec(sample.expect)![1]);
    const scroll = await t.db.scrolls.findByUuid(String(res.body.uuid));
    assert.equal(parseDemoNote(scroll!.note)?.number, number);
  }
});

test('the unregistered sibling is not_found, the non-scroll image invalid, and the README lists every sample', async () => {
  const sibling = first.ready.samples.find((s) => s.file.includes('unregistered-sibling'))!;
  assert.match(sibling.expect, /^not_found/);
  assert.equal((await check(sibling.file)).body.status, 'not_found');
  const nonScroll = first.ready.samples.find((s) => s.file.includes('not-a-scroll'))!;
  assert.match(nonScroll.expect, /^invalid/);
  assert.equal((await check(nonScroll.file)).body.status, 'invalid');
  const readme = await readFile(path.join(options.outDir, 'README.md'), 'utf8');
  for (const sample of first.ready.samples) assert.ok(readme.includes(sample.file), sample.file);
});

test('a rerun reuses the accounts and registers nothing twice', async () => {
  const again = await runDemo({ ...t.deps, verifier: engine }, options);
  assert.equal(again.accounts.created, 0);
  assert.equal(again.registered, 0);
  assert.equal(again.alreadyRegistered, first.registered);
  assert.notEqual(again.accounts.stores[0].key, first.accounts.stores[0].key);
  // One demo key per store, however often the demo runs: the earlier one is revoked, not piled up.
  const storeKeys = await t.db.apiKeys.listByAccount(again.accounts.stores[0].account.id);
  assert.deepEqual(storeKeys.filter((key) => key.revokedAt === null).map((key) => key.label), [DEMO_KEY_LABEL]);
  const refused = await t.app.inject({ method: 'GET', url: '/api/v1/store/credits', headers: { 'x-api-key': first.accounts.stores[0].key } });
  assert.equal(refused.statusCode, 401);
  // The portal passwords it printed sign in.
  assert.deepEqual(again.accounts.signIns.map(({ account }) => account.role), ['agent', 'megiah']);
  for (const { account, password } of again.accounts.signIns) {
    const browser = portalBrowser(t.app);
    await browser.get('/sign-in');
    assert.equal((await browser.post('/sign-in', { email: account.email, password })).statusCode, 303, account.email);
  }
  assert.deepEqual(again.accounts.stores.map((s) => s.account.uuid), first.accounts.stores.map((s) => s.account.uuid));
  assert.equal(engine.indexedCount, first.registered);
});
