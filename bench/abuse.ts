// npm run bench:abuse [-- --seconds 30 --scenarios slow-uploads,heic,non-scroll,drain]
//
// Issue 50's attacks, rerun against a real server process (SQLite, default
// settings, two engine workers) on loopback: each attacker is one client
// address (127.0.0.2 …, which Linux routes to this machine like 127.0.0.1),
// and a genuine client at another address checks a scroll photo every second
// meanwhile. Per scenario it prints the server's largest RSS (sampled every
// 250 ms, and the kernel's high-water mark), what became of the attacker's
// requests, and the genuine check's latencies against the same checks on an
// idle server. Every scenario is bounded in requests and seconds, and every
// socket is closed at its end.
//
//   slow-uploads  one upload declaring 24 MB every 5 s (12 a minute) that sends
//                 4 MB and stalls, and 300 sockets trickling a body at 100
//                 bytes/s, all from one address
//   heic          10 HEIC bombs (10,000 × 10,000, 23 KB) and 4 blank 24 MP HEICs
//                 at once, from one address (the check's 10/min per address)
//   non-scroll    10 images without a scroll at once, from one address
//                 (../shared/samples/invalid, cycled)
//   drain         SIGTERM while an upload stalls: how long the node takes to exit, and its code
import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { startNode, type NodeProcess } from '../test/support/node-process.ts';
import { multipartForm } from '../test/support/multipart.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    scenarios: { type: 'string', default: 'slow-uploads,heic,non-scroll,drain' },
  },
});
const SECONDS = Number(values.seconds);
if (!(SECONDS >= 5 && SECONDS <= 300)) throw new Error('--seconds must be between 5 and 300');
const scenarios = values.scenarios.split(',');

const root = path.resolve(import.meta.dirname, '..');
const samples = path.resolve(root, '../shared/samples');
const CHECK = '/api/v1/public/check-mezuzah';
const GENUINE_PHOTO = new Uint8Array(await readFile(path.join(samples, 'query', (await readdir(path.join(samples, 'query'))).sort()[0])));
const INVALID_PHOTOS = await Promise.all(
  (await readdir(path.join(samples, 'invalid'))).sort().map(async (name) => new Uint8Array(await readFile(path.join(samples, 'invalid', name)))),
);
const fixture = (name: string) => readFile(path.join(root, 'test/fixtures/photos', name)).then((bytes) => new Uint8Array(bytes));

/** The server process's resident memory now and at its peak (VmHWM), in MB. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Samples RSS until stopped; gives the largest seen. */
function sampleRss(pid: number): { stop(): Promise<number> } {
  let largest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      largest = Math.max(largest, (await memoryOf(pid)).rss);
      await sleep(250);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return largest;
    },
  };
}

type Answer = { status: number; ms: number };

/** One multipart POST from a chosen local address; resolves with the status (0: the connection failed) and the time taken. */
function post(url: string, fields: Record<string, { data: Uint8Array; filename?: string; contentType?: string }>, from: string, timeoutMs = 60_000): Promise<Answer> {
  const form = multipartForm(fields);
  const target = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', localAddress: from, headers: { ...form.headers, 'content-length': form.payload.length }, timeout: timeoutMs },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.on('timeout', () => request.destroy());
    request.end(form.payload);
  });
}

/** A genuine client checking a real scroll photo every second until stopped. */
function genuineClient(url: string, from: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const answer = await post(url + CHECK, { image: { data: GENUINE_PHOTO, filename: 'scroll.jpg', contentType: 'image/jpeg' } }, from);
      if (answer.status === 200 || answer.status === 400) latencies.push(answer.ms);
      await sleep(1000);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** Opens a socket from `from`, sends an upload's headers and `first` bytes of body, and returns it (closed by the caller or the server). */
function openUpload(url: string, from: string, declared: number, first: number): Promise<net.Socket & { closedByServer: Promise<string> }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port), localAddress: from });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    const closedByServer = new Promise<string>((done) => socket.on('close', () => done(answer.split('\r\n')[0] || 'closed without an answer')));
    socket.once('connect', () => {
      const boundary = 'abuseBOUNDARY';
      socket.write(
        `POST ${CHECK} HTTP/1.1\r\nhost: ${target.host}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${declared}\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      if (first > 0) socket.write(Buffer.alloc(first, 0xff));
      resolve(Object.assign(socket, { closedByServer }));
    });
  });
}

const median = (xs: readonly number[]) => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
const fmt = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`);
function tally(items: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([what, n]) => `${n} × ${what}`).join(', ');
}

async function withServer<T>(work: (node: NodeProcess) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-abuse-'));
  const node = await startNode('abuse', { DATA_DIR: dataDir, ENGINE_WORKERS: '2', LOG_LEVEL: 'warn' });
  try {
    return await work(node);
  } finally {
    node.kill();
    await node.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs `attack` while sampling the server's RSS and a genuine client's checks; prints one block. */
async function scenario(name: string, node: NodeProcess, genuineFrom: string, attack: () => Promise<string>): Promise<void> {
  const before = await memoryOf(node.pid);
  const rss = sampleRss(node.pid);
  const genuine = genuineClient(node.url, genuineFrom);
  const started = performance.now();
  const outcome = await attack();
  const tookMs = performance.now() - started;
  const latencies = await genuine.stop();
  const largest = await rss.stop();
  const after = await memoryOf(node.pid);
  console.log(`\n## ${name} (${fmt(tookMs)})`);
  console.log(`attacker: ${outcome}`);
  console.log(`server RSS: ${before.rss.toFixed(0)} MB before, largest ${largest.toFixed(0)} MB (kernel's peak ${after.peak.toFixed(0)} MB), ${after.rss.toFixed(0)} MB after`);
  console.log(`genuine check from ${genuineFrom}: median ${fmt(median(latencies))}, slowest ${fmt(Math.max(...latencies))} over ${latencies.length}`);
}

console.log(`# bench:abuse, ${new Date().toISOString()}, ${os.cpus().length} cores, attacks of at most ${SECONDS} s`);

await withServer(async (node) => {
  // The genuine client alone first: the latency to compare against.
  const idle: number[] = [];
  for (let i = 0; i < 5; i++) {
    idle.push((await post(node.url + CHECK, { image: { data: GENUINE_PHOTO, filename: 'scroll.jpg', contentType: 'image/jpeg' } }, '127.0.0.20')).ms);
    await sleep(300);
  }
  console.log(`\nidle server: RSS ${(await memoryOf(node.pid)).rss.toFixed(0)} MB, genuine check median ${fmt(median(idle))}`);

  if (scenarios.includes('slow-uploads')) {
    await scenario('slow-uploads: a stalled 24 MB upload every 5 s + 300 trickling sockets, one address', node, '127.0.0.21', async () => {
      const trickling: (net.Socket & { closedByServer: Promise<string> })[] = [];
      for (let i = 0; i < 300; i++) trickling.push(await openUpload(node.url, '127.0.0.2', 24 * 1024 * 1024, 0));
      const ticker = setInterval(() => {
        for (const socket of trickling) if (!socket.destroyed) socket.write(Buffer.alloc(100, 0xff));
      }, 1000);
      const stalled: (net.Socket & { closedByServer: Promise<string> })[] = [];
      const end = Date.now() + SECONDS * 1000;
      while (Date.now() < end - 5000) {
        stalled.push(await openUpload(node.url, '127.0.0.2', 24 * 1024 * 1024, 4 * 1024 * 1024));
        await sleep(5000);
      }
      const everyone = [...stalled, ...trickling];
      const deadline = sleep(Math.max(0, end - Date.now())).then(() => 'still open at the end');
      const ends = await Promise.all(everyone.map((socket) => Promise.race([socket.closedByServer, deadline])));
      clearInterval(ticker);
      for (const socket of everyone) socket.destroy();
      return tally(ends);
    });
  }

  if (scenarios.includes('heic')) {
    const bomb = await fixture('heic-100mp-blank.heic');
    const big = await fixture('heic-24mp-blank.heic');
    await scenario('heic: 10 bombs of 100 MP and 4 blank 24 MP HEICs at once, one address', node, '127.0.0.22', async () => {
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => post(node.url + CHECK, { image: { data: bomb, filename: 'bomb.heic', contentType: 'image/heic' } }, '127.0.0.3')),
        ...Array.from({ length: 4 }, () => post(node.url + CHECK, { image: { data: big, filename: 'big.heic', contentType: 'image/heic' } }, '127.0.0.4')),
      ]);
      await sleep(3000);
      return tally(answers.map((answer, i) => `${i < 10 ? 'bomb' : '24 MP'} ${answer.status}`));
    });
  }

  if (scenarios.includes('non-scroll')) {
    await scenario('non-scroll: 10 images without a scroll at once, one address', node, '127.0.0.23', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(node.url + CHECK, { image: { data: INVALID_PHOTOS[i % INVALID_PHOTOS.length], filename: 'x.jpg', contentType: 'image/jpeg' } }, '127.0.0.5')),
      );
      return `${tally(answers.map((answer) => String(answer.status)))}; all answered after ${fmt(Math.max(...answers.map((answer) => answer.ms)))}, median ${fmt(median(answers.map((answer) => answer.ms)))}`;
    });
  }
});

if (scenarios.includes('drain')) {
  await withServer(async (node) => {
    const upload = await openUpload(node.url, '127.0.0.6', 24 * 1024 * 1024, 64 * 1024);
    await sleep(1500);
    const started = performance.now();
    const code = await node.stop();
    console.log(`\n## drain: SIGTERM with one stalled upload\nexited ${code} after ${fmt(performance.now() - started)}; the upload: ${await upload.closedByServer}`);
    upload.destroy();
  });
}
