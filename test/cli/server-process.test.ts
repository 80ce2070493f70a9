// Starts the real server process (real engine, real config) and stops it the
// way an orchestrator does.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

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

test('serves on the configured port, then drains and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-server-'));
  const port = await freePort();
  const server = start({ DATA_DIR: dataDir, PORT: String(port), ENGINE_WORKERS: '1' });
  try {
    const deadline = Date.now() + 45_000;
    while (!/Server listening/.test(server.output())) {
      if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output()}`);
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/store/credits`);
    assert.equal(res.status, 401);
    assert.equal((await res.json()).status, 'unauthorized');

    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0, server.output());
    assert.match(server.output(), /shutting down/);
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
