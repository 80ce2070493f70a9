// The Redis the rate-limit tests use (TEST_REDIS_URL, by default the
// machine's at 127.0.0.1:6379), and a TCP proxy in front of it that a test can
// cut or stall, to see what a node does when Redis goes away mid-run without
// stopping a server that others share.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

export const redisTestUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Null when Redis answers; else the one-line skip reason. In CI (CI set) an unreachable Redis is a failure. */
export async function redisSkipReason(url = redisTestUrl): Promise<string | null> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  client.on('error', () => undefined);
  let reason: string | null = null;
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    reason = `no Redis at ${url} (${(error as Error).message})`;
  } finally {
    client.disconnect();
  }
  if (reason !== null && process.env.CI) throw new Error(`CI is set but ${reason}; these tests must run in CI.`);
  return reason === null ? null : `skipped: ${reason} (set TEST_REDIS_URL)`;
}

/** A key prefix no other test run uses, and the call that deletes its keys afterwards. */
export function redisNamespace(url = redisTestUrl) {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  return {
    prefix,
    async clear(): Promise<void> {
      const client = new Redis(url);
      try {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
      } finally {
        client.disconnect();
      }
    },
  };
}

export type RedisProxy = {
  readonly url: string;
  /** Drops every connection and refuses new ones (Redis unreachable). */
  cut(): void;
  /** Keeps connections open but forwards nothing more (Redis hung). */
  stall(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function redisProxy(url = redisTestUrl): Promise<RedisProxy> {
  const upstream = new URL(url);
  let mode: 'open' | 'cut' | 'stall' = 'open';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const redis = net.connect(Number(upstream.port || 6379), upstream.hostname);
    for (const socket of [client, redis]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk) => mode === 'open' && redis.write(chunk));
    redis.on('data', (chunk) => mode === 'open' && client.write(chunk));
    client.on('close', () => redis.destroy());
    redis.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      mode = 'cut';
      for (const socket of sockets) socket.destroy();
    },
    stall() {
      mode = 'stall';
    },
    restore() {
      mode = 'open';
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
