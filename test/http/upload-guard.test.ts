// Uploads over real sockets: a body that stalls or trickles is cut off, a
// node and a client address hold only so many uploads at once, a body
// declared too large is refused before it is read, and a draining node does
// not wait for uploads that have stopped sending.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { UploadLimits } from '../../src/http/upload-guard.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type RawClient = {
  readonly socket: net.Socket;
  /** Everything the server wrote back. */
  readonly received: () => string;
  /** Resolves with the milliseconds from the start when the server closed the connection. */
  readonly closed: Promise<number>;
};

const apps: TestApp[] = [];
after(async () => {
  for (const t of apps) await t.close();
});

async function listening(options: { uploadLimits?: Partial<UploadLimits>; timeouts?: Partial<TestApp['deps']['timeouts']>; trustProxy?: string[]; rateLimitScale?: number } = {}) {
  const t = await createTestApp(options);
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  return { t, port: address.port };
}

/** Opens a connection and writes `head` (and as much body as given), then sends nothing more. */
function rawClient(port: number, head: string, body: Buffer = Buffer.alloc(0)): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
    socket.once('connect', () => {
      socket.write(head);
      if (body.length > 0) socket.write(body);
      resolve({ socket, received: () => text, closed });
    });
    socket.once('error', reject);
  });
}

const BOUNDARY = 'guardBOUNDARY';

/** Headers and the start of a multipart photo upload that declares `declared` bytes. */
function uploadStart(path: string, declared: number, extraHeaders: Record<string, string> = {}): { head: string; body: Buffer } {
  const headers = {
    host: 'localhost',
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'content-length': String(declared),
    ...extraHeaders,
  };
  const head = `POST ${path} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`;
  const body = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff`, 'latin1');
  return { head, body };
}

const CHECK = '/api/v1/public/check-mezuzah';
const DECLARED = 24 * 1024 * 1024;

/** Waits until `condition` holds, for at most `ms`. */
async function eventually(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`not within ${ms} ms: ${what}`);
    await sleep(20);
  }
}

describe('a body that does not keep up', () => {
  test('a stalled upload is closed once its average falls under the minimum rate, and its slot is given back', async () => {
    const { t, port } = await listening({ uploadLimits: { minBytesPerSecond: 10_000, graceMs: 500 } });
    const { head, body } = uploadStart(CHECK, DECLARED);
    const client = await rawClient(port, head, body);
    await eventually(() => t.deps.uploads.inFlight === 1, 2000, 'the upload is admitted');
    const closedAfter = await client.closed;
    assert.ok(closedAfter < 4000, `closed after ${closedAfter} ms`);
    await eventually(() => t.deps.uploads.inFlight === 0, 2000, 'the slot is given back');
    assert.equal(t.engine.requesters.length, 0);
  });

  test('a body that trickles in faster than the minimum is left alone', async () => {
    const { t, port } = await listening({ uploadLimits: { minBytesPerSecond: 1000, graceMs: 300 } });
    const { head, body } = uploadStart(CHECK, DECLARED);
    const client = await rawClient(port, head, body);
    for (let second = 0; second < 10; second++) {
      client.socket.write(Buffer.alloc(500, 1));
      await sleep(200);
    }
    assert.equal(client.socket.destroyed, false);
    assert.equal(t.deps.uploads.inFlight, 1);
    client.socket.destroy();
    await eventually(() => t.deps.uploads.inFlight === 0, 2000, 'the slot is given back when the client leaves');
  });

  test('headers that never finish, and a body past REQUEST_TIMEOUT_MS, are cut off by the server', async () => {
    const { port } = await listening({ uploadLimits: { minBytesPerSecond: 0 }, timeouts: { headersMs: 1000, requestMs: 2000 } });
    const slowHeaders = await rawClient(port, `POST ${CHECK} HTTP/1.1\r\nhost: localhost\r\n`);
    const { head, body } = uploadStart(CHECK, DECLARED);
    const slowBody = await rawClient(port, head, body);
    const [headersClosed, bodyClosed] = await Promise.all([slowHeaders.closed, slowBody.closed]);
    assert.ok(headersClosed < 3500, `headers: closed after ${headersClosed} ms`);
    assert.ok(bodyClosed >= 1900 && bodyClosed < 4500, `body: closed after ${bodyClosed} ms`);
    assert.match(slowBody.received(), /^HTTP\/1\.1 408/);
  });
});

describe('uploads in flight', () => {
  test('one address holds at most UPLOADS_PER_IP; the next gets 503 busy with Retry-After, unread, until one ends', async () => {
    const { t, port } = await listening({ uploadLimits: { perIp: 2, perNode: 10, minBytesPerSecond: 0 } });
    const { head, body } = uploadStart(CHECK, DECLARED);
    const held = [await rawClient(port, head, body), await rawClient(port, head, body)];
    await eventually(() => t.deps.uploads.inFlight === 2, 2000, 'two uploads admitted');
    const refused = await rawClient(port, head, body);
    await refused.closed;
    assert.match(refused.received(), /^HTTP\/1\.1 503/);
    assert.match(refused.received(), /\r\nretry-after: \d+\r\n/i);
    assert.match(refused.received(), /\r\nconnection: close\r\n/i);
    assert.match(refused.received(), /"status":"busy"/);
    held[0].socket.destroy();
    await eventually(() => t.deps.uploads.inFlight === 1, 2000, 'the slot is given back');
    const admitted = await rawClient(port, head, body);
    await eventually(() => t.deps.uploads.inFlight === 2, 2000, 'a new upload takes the free slot');
    for (const client of [held[1], admitted]) client.socket.destroy();
  });

  test('a node holds at most UPLOADS_PER_NODE, whichever addresses they come from', async () => {
    const { t, port } = await listening({ uploadLimits: { perIp: 10, perNode: 3, minBytesPerSecond: 0 }, trustProxy: ['127.0.0.1'] });
    const held: RawClient[] = [];
    for (let i = 1; i <= 3; i++) {
      const { head, body } = uploadStart(CHECK, DECLARED, { 'x-forwarded-for': `203.0.113.${i}` });
      held.push(await rawClient(port, head, body));
    }
    await eventually(() => t.deps.uploads.inFlight === 3, 2000, 'three uploads admitted');
    const { head, body } = uploadStart(CHECK, DECLARED, { 'x-forwarded-for': '198.51.100.7' });
    const refused = await rawClient(port, head, body);
    await refused.closed;
    assert.match(refused.received(), /^HTTP\/1\.1 503/);
    for (const client of held) client.socket.destroy();
  });

  test('a body declared larger than the form can be is refused at once, before it is read', async () => {
    const { t, port } = await listening();
    const { head, body } = uploadStart(CHECK, 60 * 1024 * 1024);
    const client = await rawClient(port, head, body);
    const closedAfter = await client.closed;
    assert.ok(closedAfter < 2000, `closed after ${closedAfter} ms`);
    assert.match(client.received(), /^HTTP\/1\.1 413/);
    assert.match(client.received(), /"status":"too_large"/);
    assert.equal(t.deps.uploads.inFlight, 0);
  });
});

describe('a refusal before the body is read', () => {
  test('closes the connection (429 here), rather than reading and discarding the rest of the body', async () => {
    const { port } = await listening({ rateLimitScale: 0.1, uploadLimits: { minBytesPerSecond: 0 } });
    const { head, body } = uploadStart(CHECK, DECLARED);
    const admitted = await rawClient(port, head, body);
    const limited = await rawClient(port, head, body);
    const closedAfter = await limited.closed;
    assert.match(limited.received(), /^HTTP\/1\.1 429/);
    assert.match(limited.received(), /\r\nconnection: close\r\n/i);
    assert.ok(closedAfter < 2000, `closed after ${closedAfter} ms`);
    admitted.socket.destroy();
  });
});

describe('a node that shuts down', () => {
  test('closes uploads that have stopped sending instead of waiting for them', async () => {
    const { t, port } = await listening({ uploadLimits: { minBytesPerSecond: 0 } });
    const { head, body } = uploadStart(CHECK, DECLARED);
    const client = await rawClient(port, head, body);
    await eventually(() => t.deps.uploads.inFlight === 1, 2000, 'the upload is admitted');
    await sleep(1200);
    const started = Date.now();
    await t.app.close();
    const took = Date.now() - started;
    assert.ok(took < 3000, `close took ${took} ms`);
    assert.ok(client.socket.destroyed || (await client.closed) >= 0);
  });
});
