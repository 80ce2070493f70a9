// Starts the real server (src/main.ts) as a separate process, the way a
// deployment runs each node, and stops it the way an orchestrator does.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type NodeProcess = {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  output(): string;
  /** SIGTERM, then the exit code once it has drained and exited. */
  stop(): Promise<number | null>;
  kill(): void;
};

/** Starts a node and resolves once its /readyz answers 200. */
export async function startNode(name: string, env: Record<string, string>, readyWithinMs = 90_000): Promise<NodeProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'src/main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ENGINE_WORKERS: '1', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const node: NodeProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node ${name} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${node.url}/readyz`)).status === 200) return node;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      node.kill();
      throw new Error(`node ${name} was not ready within ${readyWithinMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
