// Configuration is read from the environment once, at start-up, by one schema
// that yields both the checked values and their TypeScript type. A bad value
// stops the process with a message that names the variable.
import { isIP } from 'node:net';
import path from 'node:path';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

type Field<T> = { readonly variable: string; readonly parse: (raw: string | undefined, env: Env) => T };

function field<T>(variable: string, parse: (raw: string | undefined, env: Env) => T): Field<T> {
  return { variable, parse };
}

function integer(min: number, max: number, fallback: number) {
  return (raw: string | undefined): number => {
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw new Error(`must be an integer between ${min} and ${max}, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max) throw new Error(`must be an integer between ${min} and ${max}, got ${value}`);
    return value;
  };
}

function optionalInteger(min: number, max: number) {
  return (raw: string | undefined): number | undefined =>
    raw === undefined || raw === '' ? undefined : integer(min, max, 0)(raw);
}

function text(fallback: string) {
  return (raw: string | undefined): string => (raw === undefined || raw === '' ? fallback : raw);
}

function positiveNumber(fallback: number) {
  return (raw: string | undefined): number => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d*\.?\d+$/.test(raw) || !Number.isFinite(value) || value <= 0) {
      throw new Error(`must be a positive number, got "${raw}"`);
    }
    return value;
  };
}

const dataDirectory = (raw: string | undefined): string => path.resolve(text('./data')(raw));
const host = text('127.0.0.1');

export type DatabaseLocation =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string };

// Several nodes share one folder (a shared volume) for previews, certificates,
// avatars and photos; by default it lies inside DATA_DIR.
function filesDirectory(raw: string | undefined, env: Env): string {
  return raw === undefined || raw === '' ? path.join(dataDirectory(env.DATA_DIR), 'files') : path.resolve(raw);
}

function databaseLocation(raw: string | undefined, env: Env): DatabaseLocation {
  if (raw === undefined || raw === '') return { kind: 'sqlite', file: path.join(dataDirectory(env.DATA_DIR), 'registry.sqlite') };
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    try {
      new URL(raw);
    } catch {
      throw new Error(`is not a valid postgres:// URL`);
    }
    return { kind: 'postgres', url: raw };
  }
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file === '') throw new Error('sqlite: URL names no file');
    return { kind: 'sqlite', file: path.resolve(file) };
  }
  throw new Error(`must be postgres://..., sqlite:<file>, or unset for SQLite in DATA_DIR; got "${raw}"`);
}

function redisUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^rediss?:\/\//.test(raw)) throw new Error(`must start with redis:// or rediss://, got "${raw}"`);
  return raw;
}

function publicBaseUrl(raw: string | undefined, env: Env): string {
  // A bad PORT is reported under its own name; here it only shapes the default.
  const port = /^\d+$/.test(env.PORT ?? '') ? Number(env.PORT) : 3000;
  const fallback = `http://${hostForUrl(host(env.HOST))}:${port}`;
  const value = raw === undefined || raw === '' ? fallback : raw;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`must be an http(s) URL, got "${value}"`);
  if (url.search !== '' || url.hash !== '') throw new Error(`must not carry a query or fragment, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return isIP(host) === 6 ? `[${host}]` : host;
}

// Only listed proxies are believed: with none, a client cannot choose its own
// per-IP rate-limit bucket by sending X-Forwarded-For.
function trustedProxies(raw: string | undefined): readonly string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const entries = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !validBits || rest.length > 0) {
      throw new Error(`must be a comma-separated list of IP addresses or CIDR ranges, got "${entry}"`);
    }
  }
  return entries;
}

/** A guessable token would guard nothing; 16 characters of a password generator's output or more. */
const MIN_METRICS_TOKEN_LENGTH = 16;

// Unset: GET /metrics answers anyone (an operator who exposes the node publicly sets one).
function metricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new Error('must be printable ASCII without spaces (it is sent as a bearer token)');
  if (raw.length < MIN_METRICS_TOKEN_LENGTH) throw new Error(`must be at least ${MIN_METRICS_TOKEN_LENGTH} characters, got ${raw.length}`);
  return raw;
}

// '*' (any page may call the public operations) unless the operator lists the origins that may.
function corsOrigins(raw: string | undefined): '*' | readonly string[] {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return '*';
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
      throw new Error(`must be * or a comma-separated list of origins such as https://shop.example (scheme, host and port only), got "${origin}"`);
    }
    return origin;
  });
}

function flag(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`must be true or false, got "${raw}"`);
}

/** A share in [0, 1], as `0.1` or `1`. */
function share(fallback: number) {
  return (raw: string | undefined): number => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d*\.?\d+$/.test(raw) || value > 1) throw new Error(`must be a decimal from 0 to 1, such as 0.05, got "${raw}"`);
    return value;
  };
}

function logLevel(raw: string | undefined): string {
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const value = raw === undefined || raw === '' ? 'info' : raw;
  if (!levels.includes(value)) throw new Error(`must be one of ${levels.join(', ')}, got "${value}"`);
  return value;
}

// Time for a whole request to arrive, body included: a 25 MB photo at 210 KB/s, a phone's usual 3-5 MB at 40 KB/s.
const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

// A request's headers arrive in one round trip or two; a client that takes longer is holding the socket, not sending.
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/** Node refuses a headers timeout longer than the request timeout it is part of. */
function headersTimeout(raw: string | undefined, env: Env): number {
  const value = integer(1000, 3_600_000, DEFAULT_HEADERS_TIMEOUT_MS)(raw);
  const request = /^\d+$/.test(env.REQUEST_TIMEOUT_MS ?? '') ? Number(env.REQUEST_TIMEOUT_MS) : DEFAULT_REQUEST_TIMEOUT_MS;
  if (value > request) throw new Error(`must not exceed REQUEST_TIMEOUT_MS (${request}), got ${value}`);
  return value;
}

const schema = {
  port: field('PORT', integer(0, 65535, 3000)),
  host: field('HOST', host),
  dataDir: field('DATA_DIR', dataDirectory),
  filesDir: field('FILES_DIR', filesDirectory),
  // How often this node removes files no row names (domain/sweep-orphan-files.ts), also once at start; 0: never, e.g. to leave it to one node.
  orphanSweepIntervalMs: field('ORPHAN_SWEEP_INTERVAL_MS', integer(0, 7 * 24 * 3_600_000, 3_600_000)),
  database: field('DATABASE_URL', databaseLocation),
  databasePoolSize: field('DATABASE_POOL_SIZE', integer(2, 1000, 10)),
  redisUrl: field('REDIS_URL', redisUrl),
  redisKeyPrefix: field('REDIS_KEY_PREFIX', text('mezuzah:')),
  // Longer than a healthy round trip on a LAN by far, short enough that a hung Redis barely delays a request.
  redisCommandTimeoutMs: field('REDIS_COMMAND_TIMEOUT_MS', integer(10, 60_000, 250)),
  indexRefreshMs: field('INDEX_REFRESH_MS', integer(50, 60_000, 500)),
  publicBaseUrl: field('PUBLIC_BASE_URL', publicBaseUrl),
  rateLimitScale: field('RATE_LIMIT_SCALE', positiveNumber(1)),
  trustProxy: field('TRUST_PROXY', trustedProxies),
  corsOrigins: field('CORS_ORIGINS', corsOrigins),
  // Webhooks to private, loopback and link-local addresses, and over plain http: for development and tests, never in production.
  webhookAllowPrivateUrls: field('WEBHOOK_ALLOW_PRIVATE_URLS', flag),
  // A receiver answers at once and does its work later (as Stripe asks of its own); one that takes longer is cut off and tried again.
  webhookTimeoutMs: field('WEBHOOK_TIMEOUT_MS', integer(500, 60_000, 10_000)),
  logLevel: field('LOG_LEVEL', logLevel),
  // Every success logged by default; a busy node may keep a share (refusals, failures and slow answers always).
  requestLogSample: field('REQUEST_LOG_SAMPLE', share(1)),
  metricsToken: field('METRICS_TOKEN', metricsToken),
  engineWorkers: field('ENGINE_WORKERS', optionalInteger(1, 64)),
  engineMaxQueue: field('ENGINE_MAX_QUEUE', optionalInteger(1, 100_000)),
  shutdownTimeoutMs: field('SHUTDOWN_TIMEOUT_MS', integer(0, 600_000, 30_000)),
  drainDelayMs: field('DRAIN_DELAY_MS', integer(0, 600_000, 0)),
  requestTimeoutMs: field('REQUEST_TIMEOUT_MS', integer(1000, 3_600_000, DEFAULT_REQUEST_TIMEOUT_MS)),
  headersTimeoutMs: field('HEADERS_TIMEOUT_MS', headersTimeout),
  // No byte either way for this long: a client that stopped reading its answer, or a socket left open. Longer than any answer takes to compute.
  idleTimeoutMs: field('IDLE_TIMEOUT_MS', integer(1000, 3_600_000, 120_000)),
  // 16 photos of 25 MB is 400 MB at most held by uploads; two engine workers never need more waiting.
  uploadsPerNode: field('UPLOADS_PER_NODE', integer(1, 10_000, 16)),
  // A phone sends one photo at a time; a few allow a shop's several tabs behind one address.
  uploadsPerIp: field('UPLOADS_PER_IP', integer(1, 10_000, 4)),
  // Slower than any network a phone could upload a photo over within REQUEST_TIMEOUT_MS.
  uploadMinBytesPerSecond: field('UPLOAD_MIN_BYTES_PER_SECOND', integer(0, 100_000_000, 8192)),
} as const;

export type Config = { readonly [K in keyof typeof schema]: ReturnType<(typeof schema)[K]['parse']> };

/** Parses every variable and reports all bad ones at once. */
export function parseConfig(env: Env): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, { variable, parse }] of Object.entries(schema)) {
    try {
      values[key] = parse(env[variable], env);
    } catch (error) {
      problems.push(`${variable} ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return values as Config;
}
