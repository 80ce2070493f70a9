// The production app (buildApp) over a fresh database (SQLite, or a PostgreSQL
// schema when TEST_DATABASE=postgres) and data folder per call, with the test
// engine double and a controllable clock.
import './no-network.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { renderCertificateDocx } from '../../src/certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from '../../src/certificates/render-certificate-pdf.ts';
import { renderCertificatePng } from '../../src/certificates/render-certificate-png.ts';
import type { Database } from '../../src/db/database.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { formatTimestamp, type Clock } from '../../src/domain/clock.ts';
import type { CertificateRenderers } from '../../src/domain/deps.ts';
import { fingerprintIndexSync } from '../../src/domain/sync-fingerprint-index.ts';
import type { FileStorage } from '../../src/files/file-storage.ts';
import { localFileStorage } from '../../src/files/local-file-storage.ts';
import type { AppDeps } from '../../src/http/app-deps.ts';
import type { IdentificationEngine } from '../../src/engine/types.ts';
import { memoryRateLimitStore } from '../../src/http/rate-limit/memory-rate-limit-store.ts';
import type { RateLimitStore } from '../../src/http/rate-limit/rate-limit-store.ts';
import { uploadGuard, type UploadLimits } from '../../src/http/upload-guard.ts';
import { httpWebhookSender } from '../../src/webhooks/webhook-sender.ts';
import { apiKeyCache } from '../../src/domain/api-key-cache.ts';
import { createMetrics } from '../../src/metrics/metrics.ts';
import { createTestEngine, type TestEngine } from './test-engine.ts';
import { freshDatabaseLocation, type FreshDatabaseLocation } from './test-databases.ts';

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
  /** Where its database lives, and how to drop it. */
  readonly database: FreshDatabaseLocation;
  /** Stops the app and removes its data (unless it was reopened by another app, which then owns it). */
  close(): Promise<void>;
  /** Stops the app and keeps its data, to be reopened (a restart). */
  stop(): Promise<void>;
};

export async function createTestApp(
  options: {
    /** Rate limits are real; most tests raise them so they never interfere. */
    readonly rateLimitScale?: number;
    readonly trustProxy?: readonly string[];
    /** Pages allowed to call the public operations (CORS_ORIGINS); production's default, any, unless given. */
    readonly corsOrigins?: AppDeps['corsOrigins'];
    readonly renderers?: CertificateRenderers;
    /** Reopen a stopped app's database and files (a restart); the new app then owns and removes them. */
    readonly reopen?: Pick<TestApp, 'dataDir' | 'database'>;
    /** Wraps the app's file storage, e.g. to make a write fail. */
    readonly wrapFiles?: (files: FileStorage) => FileStorage;
    /** Rate-limit counters other than a fresh in-process store (Redis); the app closes them. */
    readonly rateLimitStore?: RateLimitStore;
    /** Another webhook sender (production's refuses private addresses; the tests' default allows loopback). */
    readonly webhooks?: AppDeps['webhooks'];
    /** Upload limits other than production's defaults. */
    readonly uploadLimits?: Partial<UploadLimits>;
    /** Client timeouts other than production's defaults. */
    readonly timeouts?: Partial<AppDeps['timeouts']>;
    /** GET /metrics asks for this bearer token (METRICS_TOKEN). */
    readonly metricsToken?: string;
    /** The production engine instead of the double, for end-to-end tests with real photos; the caller closes it. */
    readonly engine?: IdentificationEngine;
  } = {},
): Promise<TestApp> {
  const dataDir = options.reopen?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'mezuzah-test-')));
  const database = options.reopen?.database ?? (await freshDatabaseLocation(dataDir));
  const clock = testClock();
  const db = await openDatabase(database.location, () => formatTimestamp(clock.now()));
  const engine = createTestEngine();
  const metrics = createMetrics();
  const activeEngine = options.engine ?? engine;
  // Production's defaults, as an unconfigured node would have them.
  const defaults = parseConfig({});
  const deps: AppDeps = {
    db,
    engine: activeEngine,
    indexSync: fingerprintIndexSync({ db, engine: activeEngine }),
    files: (options.wrapFiles ?? ((files) => files))(localFileStorage(path.join(dataDir, 'files'))),
    clock,
    locks: db.locks,
    renderers: options.renderers ?? { pdf: renderCertificatePdf, png: renderCertificatePng, docx: renderCertificateDocx },
    publicBaseUrl: TEST_BASE_URL,
    // Receivers in tests listen on loopback.
    keyCache: apiKeyCache(),
    webhooks: options.webhooks ?? httpWebhookSender({ allowPrivate: true, timeoutMs: defaults.webhookTimeoutMs }),
    rateLimit: { store: options.rateLimitStore ?? memoryRateLimitStore(), scale: options.rateLimitScale ?? 1000 },
    trustProxy: options.trustProxy ?? [],
    corsOrigins: options.corsOrigins ?? defaults.corsOrigins,
    uploads: uploadGuard({
      perNode: defaults.uploadsPerNode,
      perIp: defaults.uploadsPerIp,
      minBytesPerSecond: defaults.uploadMinBytesPerSecond,
      ...options.uploadLimits,
    }),
    timeouts: { headersMs: defaults.headersTimeoutMs, requestMs: defaults.requestTimeoutMs, idleMs: defaults.idleTimeoutMs, ...options.timeouts },
    lifecycle: { draining: false },
    metrics,
    metricsToken: options.metricsToken,
    logger: false,
    requestLogSample: defaults.requestLogSample,
  };
  metrics.watch({ engine: activeEngine, indexSync: deps.indexSync, rateLimitMode: () => deps.rateLimit.store.mode, connectionUse: () => db.connectionUse() });
  const app = await buildApp(deps);
  await app.ready();
  const stop = async () => {
    await app.close();
    await deps.rateLimit.store.close();
    await db.close();
  };
  return {
    app,
    deps,
    db,
    engine,
    clock,
    dataDir,
    database,
    stop,
    async close() {
      await stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
