// Starts the real server process (real engine, real config) and stops it the
// way an orchestrator does.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/node-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(root, 'src/main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function listening(server: ReturnType<typeof start>): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!/Server listening/.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output()}`);
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('serves on the configured port, then drains and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-server-'));
  const port = await freePort();
  // No plain success logged: the refusals below are.
  const server = start({ DATA_DIR: dataDir, PORT: String(port), ENGINE_WORKERS: '1', REQUEST_LOG_SAMPLE: '0' });
  try {
    await listening(server);
    // The start-up log says where to go next.
    await until(() => /Mezuzah Registry ready/.test(server.output()), 'the ready line');
    const base = `http://127.0.0.1:${port}`;
    assert.ok(server.output().includes(`the portal at ${base}/, the API's reference at ${base}/api/v1/docs; \`npm run demo\``), server.output());
    const res = await fetch(`${base}/api/v1/store/credits`);
    assert.equal(res.status, 401);
    assert.equal((await res.json()).status, 'unauthorized');
    // The metrics as main.ts wires them: the engine it started (its warm-up not counted as a client's photo), the index it loaded, that 401.
    const metrics = await (await fetch(`${base}/metrics`)).text();
    assert.match(metrics, /^mezuzah_engine_workers 1$/m);
    assert.match(metrics, /^mezuzah_index_scrolls 0$/m);
    assert.match(metrics, /^mezuzah_index_refresh_lag_seconds \d/m);
    assert.match(metrics, /^mezuzah_rate_limit_store_mode\{mode="local"\} 1$/m);
    assert.match(metrics, /^mezuzah_db_connections\{pool="queries",state="size"\} 1$/m);
    assert.match(metrics, /^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/store\/credits",status_code="401"\} 1$/m);
    assert.doesNotMatch(metrics, /^mezuzah_photo_analysis_seconds_count/m);
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    // A refusal after it: once its line is out, the success's would have been too.
    assert.equal((await fetch(`${base}/api/v1/store/credits?after=healthz`)).status, 401);
    await until(() => /"url":"\/api\/v1\/store\/credits\?after=healthz".*"statusCode":401.*"request completed"/.test(server.output()), 'the second 401\'s line');
    assert.match(server.output(), /"url":"\/api\/v1\/store\/credits".*"statusCode":401/);
    assert.doesNotMatch(server.output(), /"url":"\/(healthz|metrics)"/, 'plain successes at REQUEST_LOG_SAMPLE=0');

    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0, server.output());
    assert.match(server.output(), /shutting down/);
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('SIGTERM finishes the request in flight, refuses new connections, then closes the database', { timeout: 60_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-server-'));
  const port = await freePort();
  // At debug, a request's arrival is logged, so the test sees the upload reach the server.
  const server = start({ DATA_DIR: dataDir, PORT: String(port), ENGINE_WORKERS: '1', LOG_LEVEL: 'debug' });
  try {
    await listening(server);
    // An upload whose body is still arriving when the signal comes.
    const boundary = 'inflight';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const tail = `not a photo\r\n--${boundary}--\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/v1/public/check-mezuzah HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(head + tail)}\r\n\r\n${head}`,
    );
    await until(() => /incoming request/.test(server.output()), 'the upload to reach the server');

    server.child.kill('SIGTERM');
    await until(() => /shutting down/.test(server.output()), 'the shutdown to begin');
    await assert.rejects(fetch(`http://127.0.0.1:${port}/api/v1/store/credits`), 'a new connection was accepted while closing');
    assert.equal(server.child.exitCode, null, 'exited before the request in flight was answered');

    socket.write(tail);
    await ended;
    assert.match(response, /^HTTP\/1\.1 400 /);
    assert.match(response, /"status":"invalid_request"/);
    assert.equal(await server.exited, 0, server.output());
    // SQLite removes the write-ahead log when the last connection closes cleanly.
    await assert.rejects(access(path.join(dataDir, 'registry.sqlite-wal')));
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a bad variable stops start-up with a message naming it', { timeout: 30_000 }, async () => {
  const server = start({ PORT: 'eighty', RATE_LIMIT_SCALE: '0' });
  assert.notEqual(await server.exited, 0);
  assert.match(server.output(), /PORT/);
  assert.match(server.output(), /RATE_LIMIT_SCALE/);
});
