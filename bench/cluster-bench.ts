// Load figures for docs/benchmarks.md: requests per second and p99 latency of
// GET inventory, GET credits, POST sell-mezuzah and POST check-mezuzah on
// SQLite (one node), PostgreSQL (one node) and PostgreSQL (two nodes sharing
// it and Redis), measured in one run with autocannon on loopback against real
// server processes. Two nodes are loaded evenly, one autocannon per node, as a
// round-robin balancer would split the traffic.
//
//   npm run bench:cluster [-- --seconds 10 --connections 16]
//
// Needs PostgreSQL and Redis (TEST_POSTGRES_URL, TEST_REDIS_URL) and
// ../shared/samples. Creates and drops its own database.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseLocation } from '../src/config.ts';
import { formatTimestamp } from '../src/domain/clock.ts';
import { newUuid } from '../src/domain/identifiers.ts';
import { seedBenchStore } from './lib/bench-store.ts';
import { startNode, type NodeProcess } from '../test/support/node-process.ts';
import { manifest, samplePhoto } from '../test/engine/samples.ts';
import { adminQuery, postgresTestUrl } from '../test/support/test-databases.ts';
import { redisNamespace, redisTestUrl } from '../test/support/test-redis.ts';

type Histogram = { readonly average: number; readonly p99: number };
type CannonResult = { readonly requests: Histogram; readonly latency: Histogram; readonly non2xx: number; readonly errors: number; readonly duration: number; readonly '2xx': number };
type CannonRequest = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer };
type CannonOptions = {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  requests: { method: string; path?: string; headers?: Record<string, string>; body?: string | Buffer; setupRequest?: (req: CannonRequest) => CannonRequest }[];
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '16' } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
/** Sales per configuration: each consumes one scroll and one credit, so they are counted, not timed. */
const SALES = 3000;

type Fixture = { storeKey: string; scrollsForSale: string[]; soferUuid: string; megiahUuid: string };

/** A store with credits and inventory, a sofer, a megiah and a buyer, written straight through the repositories. */
async function seed(location: DatabaseLocation, filesDir: string): Promise<Fixture> {
  // Inventory beyond what is sold, so listing reads a realistic page out of many rows.
  const seeded = await seedBenchStore(location, filesDir, { scrolls: SALES + 500, sofers: 1, credits: SALES }, async ({ db, clock }, { tag }) => {
    await db.accounts.create({
      uuid: newUuid(), role: 'user', username: 'Bench Buyer', email: `buyer-${tag}@example.test`, confirmed: false, megiahType: null,
      company: null, country: '', state: '', city: '', lat: null, lng: null, avatarKey: null, diplomaKey: null, createdAt: formatTimestamp(clock.now()),
    });
  });
  return {
    storeKey: seeded.key,
    scrollsForSale: seeded.scrolls.slice(0, SALES).map((scroll) => scroll.uuid),
    soferUuid: seeded.sofers[0].uuid,
    megiahUuid: seeded.megiah.uuid,
  };
}

function multipart(fields: Record<string, string | Uint8Array>): { body: Buffer; contentType: string } {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const file = typeof value !== 'string';
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${name}.jpg"\r\nContent-Type: image/jpeg` : ''}\r\n\r\n`));
    parts.push(typeof value === 'string' ? Buffer.from(value) : Buffer.from(value));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

type Row = { config: string; endpoint: string; rps: number; p99: number; ok: number; failed: number };

/** Runs one autocannon per node at once; sums throughput, reports the worst p99. */
async function load(nodes: NodeProcess[], endpoint: string, make: (node: NodeProcess, index: number) => CannonOptions): Promise<Omit<Row, 'config'>> {
  const results = await Promise.all(nodes.map((node, i) => autocannon(make(node, i))));
  return {
    endpoint,
    rps: results.reduce((sum, r) => sum + r['2xx'] / r.duration, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    ok: results.reduce((sum, r) => sum + r['2xx'], 0),
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}

async function measure(config: string, nodes: NodeProcess[], fixture: Fixture, checkPhoto: Uint8Array): Promise<Row[]> {
  const key = { 'x-api-key': fixture.storeKey };
  const connections = Math.max(1, Math.floor(CONNECTIONS / nodes.length));
  const rows: Omit<Row, 'config'>[] = [];
  rows.push(await load(nodes, 'GET inventory', (node) => ({ url: node.url, connections, duration: SECONDS, requests: [{ method: 'GET', path: '/api/v1/store/inventory', headers: key }] })));
  rows.push(await load(nodes, 'GET credits', (node) => ({ url: node.url, connections, duration: SECONDS, requests: [{ method: 'GET', path: '/api/v1/store/credits', headers: key }] })));
  const buyerEmail = `sold-${randomBytes(3).toString('hex')}@example.test`;
  rows.push(
    await load(nodes, 'POST sell-mezuzah', (node, i) => {
      const mine = fixture.scrollsForSale.filter((_, n) => n % nodes.length === i);
      let next = 0;
      return {
        url: node.url,
        connections,
        amount: mine.length,
        requests: [
          {
            method: 'POST',
            headers: { ...key, 'content-type': 'application/json' },
            body: JSON.stringify({ buyer: { username: 'Bench Buyer', email: buyerEmail } }),
            setupRequest: (req) => ({ ...req, path: `/api/v1/store/sell-mezuzah/${mine[next++ % mine.length]}` }),
          },
        ],
      };
    }),
  );
  const form = multipart({ image: checkPhoto });
  rows.push(
    await load(nodes, 'POST check-mezuzah', (node) => ({
      url: node.url,
      connections: Math.max(1, Math.floor(4 / nodes.length)),
      duration: SECONDS * 2,
      requests: [{ method: 'POST', path: '/api/v1/public/check-mezuzah', headers: { 'content-type': form.contentType }, body: form.body }],
    })),
  );
  return rows.map((row) => ({ config, ...row }));
}

/** Registers a sample scroll through the API; returns another photo of it for the checks. */
async function registerForChecks(node: NodeProcess, fixture: Fixture): Promise<Uint8Array> {
  const sample = manifest().scrolls[0];
  const form = multipart({
    sofer: fixture.soferUuid, megiah: fixture.megiahUuid, writtendate: '2024-01-10', examinateddate: '2024-02-20',
    font: 'Beit Yosef', size: '12 cm', mezuzah: samplePhoto(sample.reference),
  });
  const res = await fetch(`${node.url}/api/v1/store/register-mezuzah`, {
    method: 'POST', headers: { 'x-api-key': fixture.storeKey, 'content-type': form.contentType }, body: new Uint8Array(form.body),
  });
  if (res.status !== 200) throw new Error(`registration for the check benchmark failed: ${res.status} ${await res.text()}`);
  return samplePhoto(sample.queries[0]);
}

async function runConfig(name: string, kind: 'sqlite' | 'postgres', nodeCount: number): Promise<Row[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-bench-'));
  const database = `mezuzah_bench_${randomBytes(4).toString('hex')}`;
  const redis = redisNamespace();
  const filesDir = path.join(root, 'files');
  let location: DatabaseLocation;
  if (kind === 'postgres') {
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(postgresTestUrl);
    url.pathname = `/${database}`;
    location = { kind: 'postgres', url: url.toString() };
  } else {
    location = { kind: 'sqlite', file: path.join(root, 'node-0', 'registry.sqlite') };
  }
  const nodes: NodeProcess[] = [];
  try {
    const fixture = await seed(location, filesDir);
    const env: Record<string, string> = {
      FILES_DIR: filesDir,
      RATE_LIMIT_SCALE: '1000000',
      LOG_LEVEL: 'error',
      ...(kind === 'postgres' ? { DATABASE_URL: location.kind === 'postgres' ? location.url : '', REDIS_URL: redisTestUrl, REDIS_KEY_PREFIX: redis.prefix } : {}),
    };
    for (let i = 0; i < nodeCount; i++) nodes.push(await startNode(`${name} ${i}`, { ...env, DATA_DIR: path.join(root, `node-${i}`) }));
    const checkPhoto = await registerForChecks(nodes[0], fixture);
    return await measure(name, nodes, fixture, checkPhoto);
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    if (kind === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await redis.clear();
    await rm(root, { recursive: true, force: true });
  }
}

const started = new Date();
const rows = [
  ...(await runConfig('SQLite, 1 node', 'sqlite', 1)),
  ...(await runConfig('PostgreSQL, 1 node', 'postgres', 1)),
  ...(await runConfig('PostgreSQL + Redis, 2 nodes', 'postgres', 2)),
];
console.log(`Measured ${started.toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; ` +
  `${SECONDS} s per GET (check-mezuzah ${SECONDS * 2} s), ${SALES} sales per configuration, ${CONNECTIONS} connections in all (check-mezuzah 4).\n`);
console.log('| Configuration | Endpoint | Requests/s | p99 latency (ms) | 2xx | non-2xx/errors |');
console.log('|---|---|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.config} | ${row.endpoint} | ${row.rps.toFixed(0)} | ${row.p99.toFixed(0)} | ${row.ok} | ${row.failed} |`);
}
