// Webhooks survive a node killed mid-delivery: the real server process sends
// events to a real receiver on loopback; while deliveries are in flight the
// node is killed (SIGKILL: no shutdown of any kind), and a node started on the
// same database sends every event again once the dead node's claims have
// lapsed. Every event reaches the receiver, each request signed; some twice
// (at least once, as documented: the receiver drops repeats by event id).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startNode, type NodeProcess } from '../support/node-process.ts';
import { signatureValid, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** One test event to each of an account's five endpoints: a test event replaces an earlier one to its endpoint, and an endpoint gets one delivery at a time. */
const ENDPOINTS = 5;

let dataDir: string | undefined;
let receiver: WebhookReceiver | undefined;
const nodes: NodeProcess[] = [];
after(async () => {
  for (const node of nodes) node.kill();
  await receiver?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

async function cli(env: Record<string, string>, ...args: string[]): Promise<Record<string, string>> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'src/cli/main.ts'), ...args], { cwd: root, env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}

test('a node killed mid-delivery loses no event: the next node delivers every one, signed', { timeout: 240_000 }, async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'webhook-crash-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // Short, so that the dead node's claims lapse (three attempts' time) within the test.
    WEBHOOK_TIMEOUT_MS: '1500',
  };
  receiver = await startWebhookReceiver();
  const store = await cli(env, 'account', 'create', '--role', 'store', '--username', 'Crash Test Judaica', '--email', 'crash@webhooks.test');
  const { key } = await cli(env, 'apikey', 'create', '--account', store.uuid, '--label', 'till');

  // Until the node is killed, the receiver takes requests and never answers them.
  let killed = false;
  const answered: string[] = [];
  receiver.answer((request) => {
    if (!killed) return 'hang';
    answered.push(request.event.id);
    return { status: 200 };
  });

  const first = await startNode('first', env);
  nodes.push(first);
  const call = (node: NodeProcess, url: string, method = 'POST', body?: unknown) =>
    fetch(`${node.url}${url}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const endpoints: { id: string; secret: string; path: string }[] = [];
  for (let i = 0; i < ENDPOINTS; i += 1) {
    const created = await (await call(first, '/api/v1/store/webhook-endpoints', 'POST', { url: `${receiver.url}/${i}`, events: ['sale.recorded'] })).json();
    assert.match(created.secret, /^whsec_/, JSON.stringify(created));
    endpoints.push({ id: created.id, secret: created.secret, path: new URL(created.url).pathname });
  }
  const events: string[] = [];
  for (const endpoint of endpoints) events.push((await (await call(first, `/api/v1/store/webhook-endpoints/${endpoint.id}/test-event`)).json()).event_id);

  // Four deliveries are in flight, one to each of four endpoints (all of a node's senders; the receiver holds them): the node dies now.
  await receiver.waitFor(4);
  first.kill();
  await first.stop();
  killed = true;
  const inFlight = receiver.received.length;

  const second = await startNode('second', env);
  nodes.push(second);
  const deadline = Date.now() + 60_000;
  while (!events.every((id) => answered.includes(id))) {
    if (Date.now() > deadline) {
      throw new Error(`delivered ${new Set(answered).size} of ${ENDPOINTS} events (${inFlight} in flight at the crash):\n${second.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  assert.equal(inFlight, 4, 'four in flight at the crash, the fifth waiting');
  for (const request of receiver.received) {
    const endpoint = endpoints.find((candidate) => candidate.path === request.path);
    assert.ok(endpoint !== undefined && signatureValid(request, endpoint.secret), `signature of ${request.event.id}`);
  }
  assert.deepEqual([...new Set(answered)].sort(), [...events].sort(), 'every event delivered after the crash');
  // Those in flight at the crash reached the receiver twice, as documented; no event was sent more often than its attempts.
  const times = events.map((id) => receiver!.received.filter((request) => request.event.id === id).length);
  assert.ok(times.every((count) => count >= 1 && count <= 2), `sent ${times}`);

  for (const endpoint of endpoints) {
    const log = await (await call(second, `/api/v1/store/webhook-endpoints/${endpoint.id}/deliveries`, 'GET')).json();
    assert.deepEqual(log.deliveries.map((delivery: { state: string }) => delivery.state), ['delivered'], JSON.stringify(log.deliveries));
  }
  await second.stop();
});
