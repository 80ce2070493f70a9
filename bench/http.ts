// The JSON hot paths against Fastify's hello world, side by side in one run
// (issue 55): a hello world on the same Node, then the registry (SQLite, and
// PostgreSQL with --postgres), its default log level, rate limits scaled out of
// the way, 20 scrolls registered, each GET loaded in turn with autocannon on
// loopback, hello world first and last, the registry's /healthz as its floor.
// Prints req/s, p99 and the server's CPU per request (user and system, from
// /proc: steadier on this machine than req/s), each with its ratio to the mean
// of the two hello-world runs.
//
//   npm run bench:http [-- --seconds 8 --connections 50 --postgres]
//   npm run bench:http -- --only inventory --profile /tmp/prof   (the registry under
//   --cpu-prof, one .cpuprofile per database, for Chrome's DevTools or speedscope)
//   npm run bench:http -- --env REQUEST_LOG_SAMPLE=0.01   (a setting against the defaults)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseLocation } from '../src/config.ts';
import { formatTimestamp, systemClock } from '../src/domain/clock.ts';
import { sellScroll } from '../src/domain/sell-scroll.ts';
import { must, seedBenchStore } from './lib/bench-store.ts';
import { freePort } from '../test/support/node-process.ts';
import { adminQuery, postgresTestUrl } from '../test/support/test-databases.ts';

type Histogram = { readonly average: number; readonly p99: number };
type CannonResult = { readonly latency: Histogram; readonly non2xx: number; readonly errors: number; readonly duration: number; readonly '2xx': number; readonly statusCodeStats: Record<string, { count: number }> };
type CannonOptions = { url: string; connections: number; duration: number; requests: { method: string; path: string; headers?: Record<string, string> }[] };
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    postgres: { type: 'boolean', default: false },
    /** Only the targets whose name holds this text (hello world always runs). */
    only: { type: 'string' },
    /** A directory to write the registry's CPU profile into. */
    profile: { type: 'string' },
    /** A variable for the registry, NAME=value (repeatable), to compare a setting against the defaults. */
    env: { type: 'string', multiple: true, default: [] },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
/** What the bench itself sets for the registry: where its seeded data is, where it listens. */
const BENCH_OWNED = new Set(['DATA_DIR', 'DATABASE_URL', 'PORT', 'HOST']);
const extraEnv = Object.fromEntries(
  args.env.map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`--env takes NAME=value, got "${pair}"`);
    if (BENCH_OWNED.has(pair.slice(0, at))) throw new Error(`--env ${pair.slice(0, at)}: the bench sets it (the seeded database, the port)`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
/** Each target's warm-up before its measured run: the JIT and the database's caches settle. */
const WARM_UP_SECONDS = 2;
/** Issue 55: 20 scrolls registered, a full page of inventory. */
const SCROLLS = 20;
const SALES = 5;

const root = path.resolve(import.meta.dirname, '..');

type Fixture = { readonly key: string; readonly scrollUuid: string; readonly qrCode: string };

/** A store with 20 scrolls in its inventory (the first inserted verified, its QR code resolving), 5 more sold, and a directory to list. */
async function seed(location: DatabaseLocation, filesDir: string): Promise<Fixture> {
  const seeded = await seedBenchStore(location, filesDir, { scrolls: SCROLLS + SALES, sofers: 4, credits: 100, note: (i) => `Bench scroll ${i}` }, async (deps, { store, megiah, scrolls, tag }) => {
    const at = formatTimestamp(systemClock.now());
    // Each awaits its text check, as a registration leaves it.
    await deps.db.transaction(async (tx) => {
      for (const scroll of scrolls) await tx.scrollTextChecks.insertPending(scroll.id, at);
      await tx.scrolls.markVerified(scrolls[0].id, megiah.id, at);
    });
    for (const scroll of scrolls.slice(SCROLLS)) {
      must(await sellScroll(deps, store, { scrollUuid: scroll.uuid, buyer: { kind: 'new', username: 'Bench Buyer', email: `buyer-${tag}@example.test` }, note: 'Paid.' }));
    }
  });
  return { key: seeded.key, scrollUuid: seeded.scrolls[0].uuid, qrCode: seeded.scrolls[0].qrCode };
}

type Server = { readonly url: string; /** The process's CPU time so far, user and system, in µs (Linux; NaN elsewhere). */ cpu(): number; stop(): Promise<void> };

/** A process's CPU time, user and system, in µs, from /proc (clock ticks of 10 ms); NaN where /proc is not. */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat; after the command's closing parenthesis, the 12th and 13th.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

/** A server process whose output goes to a file (a log at the default level is part of what is measured, not kept in memory). */
async function start(script: string, env: Record<string, string>, logFile: string, nodeFlags: readonly string[] = []): Promise<Server> {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(script.includes('hello') ? url : `${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    cpu: () => cpuOf(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

type Row = { readonly target: string; readonly rps: number; readonly p99: number; readonly failed: number; /** The server's CPU per answered request, µs. */ readonly cpu: number };

async function load(target: string, server: Server, pathname: string, headers: Record<string, string> = {}, expect = 200): Promise<Row> {
  const options = (duration: number): CannonOptions => ({ url: server.url, connections: CONNECTIONS, duration, requests: [{ method: 'GET', path: pathname, headers }] });
  await autocannon(options(WARM_UP_SECONDS));
  const cpuBefore = server.cpu();
  const result = await autocannon(options(SECONDS));
  const cpu = server.cpu() - cpuBefore;
  const expected = result.statusCodeStats[String(expect)]?.count ?? 0;
  const total = Object.values(result.statusCodeStats).reduce((sum, stat) => sum + stat.count, 0);
  return { target, rps: expected / result.duration, p99: result.latency.p99, failed: total - expected + result.errors, cpu: cpu / total };
}

async function runRegistry(kind: 'sqlite' | 'postgres', hello: Server, workDir: string): Promise<Row[]> {
  const dataDir = path.join(workDir, kind);
  const database = `mezuzah_bench_http_${randomBytes(4).toString('hex')}`;
  let location: DatabaseLocation;
  if (kind === 'postgres') {
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(postgresTestUrl);
    url.pathname = `/${database}`;
    location = { kind: 'postgres', url: url.toString() };
  } else {
    location = { kind: 'sqlite', file: path.join(dataDir, 'registry.sqlite') };
  }
  let registry: Server | undefined;
  try {
    const fixture = await seed(location, path.join(dataDir, 'files'));
    registry = await start(
      'src/main.ts',
      {
        DATA_DIR: dataDir,
        DATABASE_URL: location.kind === 'postgres' ? location.url : '',
        RATE_LIMIT_SCALE: '1000000',
        ENGINE_WORKERS: '1',
        // The default log level: LOG_LEVEL unset.
        LOG_LEVEL: '',
        ...extraEnv,
      },
      path.join(workDir, `registry-${kind}.log`),
      args.profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`, `--cpu-prof-name=registry-${kind}.cpuprofile`],
    );
    const key = { 'x-api-key': fixture.key };
    const targets: [string, string, Record<string, string>, number][] = [
      // The registry's floor: every hook each request passes, no key, no database, a body as small as hello world's.
      ['GET /healthz', '/healthz', {}, 200],
      ['GET credits', '/api/v1/store/credits', key, 200],
      ['GET inventory (20)', '/api/v1/store/inventory', key, 200],
      ['GET mezuzah/{uuid}', `/api/v1/store/mezuzah/${fixture.scrollUuid}`, key, 200],
      ['GET sales-history', '/api/v1/store/sales-history', key, 200],
      ['GET sofers-megiahs', '/api/v1/store/sofers-megiahs', key, 200],
      ['GET scan-qrcode (found)', `/api/v1/public/scan-qrcode/${fixture.qrCode}`, {}, 200],
      ['GET scan-qrcode (404)', '/api/v1/public/scan-qrcode/ZZZZZZZZZZZZ', {}, 404],
    ];
    const rows: Row[] = [await load('hello world', hello, '/')];
    for (const [target, pathname, headers, expect] of targets) {
      if (args.only === undefined || target.includes(args.only)) rows.push(await load(target, registry, pathname, headers, expect));
    }
    rows.push(await load('hello world', hello, '/'));
    return rows;
  } finally {
    await registry?.stop();
    if (kind === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

function print(kind: string, rows: readonly Row[]): void {
  const hellos = rows.filter((row) => row.target === 'hello world');
  const helloRps = hellos.reduce((sum, row) => sum + row.rps, 0) / hellos.length;
  const helloP99 = hellos.reduce((sum, row) => sum + row.p99, 0) / hellos.length;
  const settings = args.env.length > 0 ? ` with ${args.env.join(' ')}` : '';
  console.log(`\n${kind}${settings}: ${CONNECTIONS} connections, ${SECONDS} s each (after ${WARM_UP_SECONDS} s of warm-up), hello world ${Math.round(helloRps)} req/s, p99 ${helloP99.toFixed(1)} ms (mean of first and last)`);
  const helloCpu = hellos.reduce((sum, row) => sum + row.cpu, 0) / hellos.length;
  console.log('| target | req/s | × hello | p99 ms | p99 × hello | server CPU µs a request | × hello | failed |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.target} | ${Math.round(row.rps)} | ${(row.rps / helloRps).toFixed(2)} | ${row.p99.toFixed(1)} | ${(row.p99 / helloP99).toFixed(2)} | ${row.cpu.toFixed(0)} | ${(row.cpu / helloCpu).toFixed(2)} | ${row.failed} |`,
    );
  }
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-bench-http-'));
const hello = await start('bench/lib/hello-server.ts', {}, path.join(workDir, 'hello.log'));
try {
  console.log(`Node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}`);
  print('SQLite', await runRegistry('sqlite', hello, workDir));
  if (args.postgres) print('PostgreSQL', await runRegistry('postgres', hello, workDir));
} finally {
  await hello.stop();
  await rm(workDir, { recursive: true, force: true });
}
