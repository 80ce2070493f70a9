// A node that shuts down ends the connections that have stopped moving while
// they owe or are owed bytes (an upload that stalls, a download nobody
// reads), and lets requests that are only waiting for work finish.
import assert from 'node:assert/strict';
import { Agent, get } from 'node:http';
import net from 'node:net';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { scrollPhoto } from '../support/photos.ts';
import { multipartForm } from '../support/multipart.ts';
import { createTestApp } from '../support/test-app.ts';

async function listeningApp() {
  const t = await createTestApp({ uploadLimits: { minBytesPerSecond: 0 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as net.AddressInfo).port };
}

function rawClient(port: number, request: string | Buffer): Promise<{ socket: net.Socket; closed: Promise<void>; received: () => number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = 0;
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('connect', () => {
      socket.write(request);
      resolve({ socket, closed, received: () => received });
    });
    socket.on('data', (chunk) => (received += chunk.length));
    socket.once('error', reject);
  });
}

test('a download nobody reads, and an upload that stalls, do not hold the shutdown', async () => {
  const { t, port } = await listeningApp();
  try {
    // A public file far larger than the socket buffers between the two ends.
    await t.deps.files.put('public/certificates/drain/large.pdf', new Uint8Array(64 * 1024 * 1024));
    const reader = await rawClient(port, 'GET /static/certificates/drain/large.pdf HTTP/1.1\r\nhost: localhost\r\n\r\n');
    reader.socket.pause();
    const uploader = await rawClient(
      port,
      `POST /api/v1/public/check-mezuzah HTTP/1.1\r\nhost: localhost\r\ncontent-type: multipart/form-data; boundary=b\r\ncontent-length: 1000000\r\n\r\n--b\r\n`,
    );
    await sleep(500);
    const started = Date.now();
    await t.app.close();
    const took = Date.now() - started;
    assert.ok(took < 4000, `close took ${took} ms`);
    // Reading again, the client finds its connection ended before the whole file came.
    reader.socket.resume();
    await Promise.all([reader.closed, uploader.closed]);
    assert.ok(reader.received() < 64 * 1024 * 1024);
  } finally {
    await t.close();
  }
});

test('a request waiting for the engine, its body read and nothing owed, is finished, and its connection closed, before the node closes', async () => {
  const { t, port } = await listeningApp();
  try {
    const analyze = t.engine.analyzePhoto.bind(t.engine);
    t.engine.analyzePhoto = async (...args) => {
      await sleep(2500);
      return analyze(...args);
    };
    const form = multipartForm({ image: { data: await scrollPhoto() } });
    const head = `POST /api/v1/public/check-mezuzah HTTP/1.1\r\nhost: localhost\r\ncontent-type: ${form.headers['content-type']}\r\ncontent-length: ${form.payload.length}\r\n\r\n`;
    const client = await rawClient(port, Buffer.concat([Buffer.from(head), form.payload]));
    let answer = '';
    client.socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    await sleep(300);
    const started = Date.now();
    await t.app.close();
    await client.closed;
    assert.match(answer, /^HTTP\/1\.1 (200|400) /, 'answered, not cut off');
    assert.match(answer, /\r\nconnection: close\r\n/i, 'and told the connection ends');
    // Not the keep-alive timeout (72 s) that an idle connection left open would have cost.
    const took = Date.now() - started;
    assert.ok(took < 6000, `close took ${took} ms`);
  } finally {
    await t.close();
  }
});

test('an answer under way when the node closes, its head sent keep-alive, is finished and its connection then ended', async () => {
  const { t, port } = await listeningApp();
  try {
    const size = 64 * 1024 * 1024;
    await t.deps.files.put('public/certificates/drain/under-way.pdf', new Uint8Array(size));
    const reader = await rawClient(port, 'GET /static/certificates/drain/under-way.pdf HTTP/1.1\r\nhost: localhost\r\n\r\n');
    // A client reading steadily but slowly: bytes keep moving, so nothing stalls.
    reader.socket.pause();
    const pace = setInterval(() => {
      reader.socket.resume();
      setTimeout(() => reader.socket.pause(), 1);
    }, 40);
    try {
      await sleep(200);
      assert.ok(reader.received() > 0 && reader.received() < size, `the answer is under way, its head sent before the close (${reader.received()} bytes read)`);
      const started = Date.now();
      await t.app.close();
      await reader.closed;
      // Not the keep-alive timeout (72 s) the connection, idle once the answer was sent, would have held the close for.
      const took = Date.now() - started;
      assert.ok(took < 6000, `close took ${took} ms`);
      assert.ok(reader.received() > size, 'the whole file came');
    } finally {
      clearInterval(pace);
    }
  } finally {
    await t.close();
  }
});

test('many requests on one keep-alive connection leave no listener behind on its socket', async () => {
  const { t, port } = await listeningApp();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const sockets: net.Socket[] = [];
    t.app.server.on('connection', (socket: net.Socket) => sockets.push(socket));
    const healthz = () =>
      new Promise<number>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/healthz', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        }).on('error', reject);
      });
    for (let i = 0; i < 30; i++) assert.equal(await healthz(), 200);
    assert.equal(sockets.length, 1, 'one connection served them all');
    assert.ok(sockets[0].listenerCount('close') < 10, `${sockets[0].listenerCount('close')} close listeners on the socket`);
  } finally {
    agent.destroy();
    await t.close();
  }
});
