// Rate-limit counters in Redis, shared by every node, so N nodes together
// allow a key or IP exactly its limit. Redis keeps the window (PEXPIRE), so
// the nodes' clocks never need to agree.
//
// When Redis cannot answer (down, unreachable, slower than the command
// timeout) the limits fail open to this node's own counters: requests are
// still limited, per node, so a client gets at most N times its limit across
// N nodes until Redis answers again, and no request fails because of Redis.
// Each change between shared and degraded is reported once, not per request.
import { Redis } from 'ioredis';
import { memoryRateLimitStore } from './memory-rate-limit-store.ts';
import type { RateLimitStore, WindowCount } from './rate-limit-store.ts';

// INCR, then PEXPIRE when the window opens; a key that lost its expiry (it
// cannot here, but a manual SET could) gets one rather than living forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

// The count and the time left of a window, or nothing when none is open.
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

/** How long start-up waits for the first connection before serving with local counters. */
const DEFAULT_CONNECT_WAIT_MS = 3000;

export type RedisRateLimitOptions = {
  readonly url: string;
  /** Prefix of every key; registries sharing one Redis need different ones. */
  readonly keyPrefix?: string;
  /** How long a count waits for Redis before this node counts it alone (REDIS_COMMAND_TIMEOUT_MS). */
  readonly commandTimeoutMs: number;
  /** Called once when counting falls back to this node (with the reason) and once when Redis is back. */
  readonly onModeChange?: (mode: 'shared' | 'degraded', reason?: Error) => void;
};

type HitClient = Redis & {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitPeek(key: string): Promise<[number, number] | null>;
};

export async function redisRateLimitStore(
  options: RedisRateLimitOptions & { readonly connectWaitMs?: number },
): Promise<RateLimitStore> {
  const prefix = options.keyPrefix ?? 'mezuzah:ratelimit:';
  const client = new Redis(options.url, {
    // Fail fast instead of queueing while disconnected: the request falls back at once.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: 2000,
    // Keep reconnecting for as long as the node runs.
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
    lazyConnect: true,
  }) as HitClient;
  client.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  client.defineCommand('rateLimitPeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });

  const local = memoryRateLimitStore();
  let mode: 'shared' | 'degraded' = 'shared';
  const setMode = (next: 'shared' | 'degraded', reason?: Error) => {
    if (next === mode) return;
    mode = next;
    options.onModeChange?.(next, reason);
  };
  // Connection errors are reported through the mode, not as unhandled events.
  client.on('error', (error: Error) => setMode('degraded', error));
  client.on('ready', () => setMode('shared'));

  const connectWaitMs = options.connectWaitMs ?? DEFAULT_CONNECT_WAIT_MS;
  const connected = client.connect().then(
    () => true,
    (error: Error) => {
      setMode('degraded', error);
      return false;
    },
  );
  await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, connectWaitMs).unref())]);
  if (client.status !== 'ready') setMode('degraded', new Error(`Redis not ready after ${connectWaitMs} ms (${client.status})`));

  return {
    get mode() {
      return mode;
    },
    async hit(bucket, windowMs, nowMs): Promise<WindowCount> {
      try {
        const [count, ttlMs] = await client.rateLimitHit(prefix + bucket, windowMs);
        setMode('shared');
        return { count: Number(count), resetAtMs: nowMs + Number(ttlMs) };
      } catch (error) {
        setMode('degraded', error as Error);
        return local.hit(bucket, windowMs, nowMs);
      }
    },
    async peek(bucket, nowMs): Promise<WindowCount | null> {
      try {
        const window = await client.rateLimitPeek(prefix + bucket);
        setMode('shared');
        // A key that has just expired (PTTL -2) holds no window.
        return window === null || Number(window[1]) < 0 ? null : { count: Number(window[0]), resetAtMs: nowMs + Number(window[1]) };
      } catch (error) {
        setMode('degraded', error as Error);
        return local.peek(bucket, nowMs);
      }
    },
    async close() {
      await local.close();
      client.disconnect();
    },
  };
}
