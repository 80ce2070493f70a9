// A real registry process for the end-to-end figures: a SQLite data folder
// seeded with N registered scrolls (rows and fingerprints, written through the
// repositories in large transactions), then the server started as the cluster
// test starts its nodes.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/open-database.ts';
import { formatTimestamp, systemClock } from '../../src/domain/clock.ts';
import { createAccount } from '../../src/domain/create-account.ts';
import { localFileStorage } from '../../src/files/local-file-storage.ts';
import { startNode, type NodeProcess } from '../../test/support/node-process.ts';

const BATCH = 5000;

export type Seeder = {
  /** Registers `count` more scrolls whose fingerprints `fingerprint(i)` gives (i counts from the first ever added). */
  add(count: number, fingerprint: (i: number) => Uint8Array, uuid?: (i: number) => string): Promise<void>;
  readonly total: number;
  close(): Promise<void>;
};

export async function openSeeder(dataDir: string): Promise<Seeder> {
  const file = path.join(dataDir, 'registry.sqlite');
  const now = () => formatTimestamp(systemClock.now());
  const db = await openDatabase({ kind: 'sqlite', file }, now);
  const deps = { db, files: localFileStorage(path.join(dataDir, 'files')), clock: systemClock };
  const must = async (input: Parameters<typeof createAccount>[1]) => {
    const r = await createAccount(deps, input);
    if (!r.ok) throw new Error(`seeding: ${r.msg}`);
    return r.value;
  };
  const tag = randomUUID().slice(0, 8);
  const store = await must({ role: 'store', agent: true, username: `Bench store ${tag}`, email: `store-${tag}@bench.invalid`, country: 'Israel', city: 'Jerusalem' });
  const sofer = await must({ role: 'sofer', confirmed: true, username: `Bench sofer ${tag}`, email: `sofer-${tag}@bench.invalid`, country: 'Israel', city: 'Safed' });
  const megiah = await must({ role: 'megiah', confirmed: true, username: `Bench megiah ${tag}`, email: `megiah-${tag}@bench.invalid`, country: 'Israel', city: 'Bnei Brak', megiahType: 'computer' });
  let total = 0;
  return {
    get total() {
      return total;
    },
    async add(count, fingerprint, uuid = () => randomUUID()) {
      for (let done = 0; done < count; ) {
        const n = Math.min(BATCH, count - done);
        const at = now();
        await db.transaction(async (tx) => {
          for (let k = 0; k < n; k++) {
            const i = total + done + k;
            const id = uuid(i);
            const scroll = await tx.scrolls.insert({
              uuid: id,
              qrCode: `B${i.toString(36).toUpperCase().padStart(9, '0')}`,
              registeredById: store.id,
              ownerId: store.id,
              soferId: sofer.id,
              megiahId: megiah.id,
              font: 'Beit Yosef',
              size: '12 cm',
              note: '',
              writtenDate: '2024-01-10',
              examinedDate: '2024-02-20',
              photoKey: `private/photos/${id}`,
              previewKey: `public/previews/${id}.jpg`,
              createdAt: at,
            });
            await tx.fingerprints.insert(scroll.id, fingerprint(i), at);
          }
        });
        done += n;
      }
      total += count;
    },
    close: () => db.close(),
  };
}

export type RunningServer = { readonly node: NodeProcess; readonly startupMs: number; rssBytes(): Promise<number> };

/** Starts the service on the data folder; resolved once /readyz answers 200, i.e. after the index has loaded. */
export async function startServer(dataDir: string): Promise<RunningServer> {
  const started = performance.now();
  const node = await startNode('bench', {
    DATA_DIR: dataDir,
    ENGINE_WORKERS: String(os.cpus().length),
    RATE_LIMIT_SCALE: '100000',
    DATABASE_URL: '',
    REDIS_URL: '',
  }, 30 * 60_000);
  return {
    node,
    startupMs: performance.now() - started,
    async rssBytes() {
      const status = await fs.readFile(`/proc/${node.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
  };
}
