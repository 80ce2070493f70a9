// The production app (buildApp) over a fresh SQLite database and data folder
// per call, with the test engine double and a controllable clock.
import './no-network.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { renderCertificateDocx } from '../../src/certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from '../../src/certificates/render-certificate-pdf.ts';
import { renderCertificatePng } from '../../src/certificates/render-certificate-png.ts';
import type { Database } from '../../src/db/database.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { formatTimestamp, type Clock } from '../../src/domain/clock.ts';
import type { CertificateRenderers } from '../../src/domain/deps.ts';
import { inProcessLock } from '../../src/domain/keyed-lock.ts';
import { localFileStorage } from '../../src/files/local-file-storage.ts';
import type { AppDeps } from '../../src/http/app-deps.ts';
import type { IdentificationEngine } from '../../src/engine/types.ts';
import { memoryRateLimitStore } from '../../src/http/rate-limit/memory-rate-limit-store.ts';
import { createTestEngine, type TestEngine } from './test-engine.ts';

export const TEST_BASE_URL = 'https://registry.test';

/** A clock tests can move; starts at a fixed instant so timestamps are predictable. */
export function testClock(start = '2025-03-01T10:00:00Z'): Clock & { advance(ms: number): void; set(iso: string): void } {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (iso) => {
      now = new Date(iso).getTime();
    },
  };
}

export type TestApp = {
  readonly app: FastifyInstance;
  readonly deps: AppDeps;
  readonly db: Database;
  readonly engine: TestEngine;
  readonly clock: ReturnType<typeof testClock>;
  readonly dataDir: string;
  close(): Promise<void>;
};

export async function createTestApp(
  options: {
    /** Rate limits are real; most tests raise them so they never interfere. */
    readonly rateLimitScale?: number;
    readonly trustProxy?: readonly string[];
    readonly renderers?: CertificateRenderers;
    /** Reopen an earlier app's data (a restart); that folder is then left for its owner to remove. */
    readonly dataDir?: string;
    /** The production engine instead of the double, for end-to-end tests with real photos; the caller closes it. */
    readonly engine?: IdentificationEngine;
  } = {},
): Promise<TestApp> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'mezuzah-test-')));
  const clock = testClock();
  const db = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'registry.sqlite') }, () =>
    formatTimestamp(clock.now()),
  );
  const engine = createTestEngine();
  const deps: AppDeps = {
    db,
    engine: options.engine ?? engine,
    files: localFileStorage(path.join(dataDir, 'files')),
    clock,
    locks: inProcessLock(),
    renderers: options.renderers ?? { pdf: renderCertificatePdf, png: renderCertificatePng, docx: renderCertificateDocx },
    publicBaseUrl: TEST_BASE_URL,
    rateLimit: { store: memoryRateLimitStore(), scale: options.rateLimitScale ?? 1000 },
    trustProxy: options.trustProxy ?? [],
    logger: false,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    db,
    engine,
    clock,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
