// Parse config → create dependencies → build the app → listen; close gracefully.
import pino from 'pino';
import { buildApp } from './app.ts';
import { renderCertificateDocx } from './certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from './certificates/render-certificate-pdf.ts';
import { renderCertificatePng } from './certificates/render-certificate-png.ts';
import { ConfigError, parseConfig, type Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { formatTimestamp, systemClock } from './domain/clock.ts';
import { apiKeyCache } from './domain/api-key-cache.ts';
import { scheduleWebhookDeliveries, WEBHOOK_POLL_MS } from './domain/deliver-webhooks.ts';
import { scheduleTextChecks, TEXT_CHECK_POLL_MS } from './domain/run-text-checks.ts';
import { scheduleOrphanSweeps } from './domain/sweep-orphan-files.ts';
import { fingerprintIndexSync } from './domain/sync-fingerprint-index.ts';
import { createEngine } from './engine/index.ts';
import { localFileStorage } from './files/local-file-storage.ts';
import { loadTowns } from './places/nearest-city.ts';
import { memoryRateLimitStore } from './http/rate-limit/memory-rate-limit-store.ts';
import type { RateLimitStore } from './http/rate-limit/rate-limit-store.ts';
import { uploadGuard } from './http/upload-guard.ts';
import { redisRateLimitStore } from './http/rate-limit/redis-rate-limit-store.ts';
import { httpWebhookSender } from './webhooks/webhook-sender.ts';
import { createMetrics } from './metrics/metrics.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }

  // Fastify logs requests; this logger reports what happens outside them (the same pino, same level).
  const log = pino({ level: config.logLevel });
  const clock = systemClock;
  const db = await openDatabase(config.database, () => formatTimestamp(clock.now()), {
    poolSize: config.databasePoolSize,
    onBackgroundError: (error) => log.warn({ err: error }, 'database connection error outside a request'),
  });
  const metrics = createMetrics();
  const engine = await createEngine({ workers: config.engineWorkers, maxQueue: config.engineMaxQueue, observer: metrics.engineObserver });
  const rateLimitStore: RateLimitStore =
    config.redisUrl === undefined
      ? memoryRateLimitStore()
      : await redisRateLimitStore({
          url: config.redisUrl,
          keyPrefix: `${config.redisKeyPrefix}ratelimit:`,
          commandTimeoutMs: config.redisCommandTimeoutMs,
          onModeChange: (mode, reason) =>
            mode === 'degraded'
              ? log.warn({ err: reason }, 'Redis unavailable: rate limits fall back to this node\'s own counters')
              : log.info('Redis available: rate limits are shared again'),
        });
  const files = localFileStorage(config.filesDir);
  const indexSync = fingerprintIndexSync({ db, engine });
  metrics.watch({ engine, indexSync, rateLimitMode: () => rateLimitStore.mode, connectionUse: () => db.connectionUse() });
  const lifecycle = { draining: false };
  const webhooks = httpWebhookSender({ allowPrivate: config.webhookAllowPrivateUrls, timeoutMs: config.webhookTimeoutMs });
  const renderers = { pdf: renderCertificatePdf, png: renderCertificatePng, docx: renderCertificateDocx };
  const app = await buildApp({
    db,
    engine,
    indexSync,
    files,
    clock,
    locks: db.locks,
    renderers,
    publicBaseUrl: config.publicBaseUrl,
    webhooks,
    keyCache: apiKeyCache(),
    rateLimit: { store: rateLimitStore, scale: config.rateLimitScale },
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    uploads: uploadGuard({ perNode: config.uploadsPerNode, perIp: config.uploadsPerIp, minBytesPerSecond: config.uploadMinBytesPerSecond }),
    timeouts: { headersMs: config.headersTimeoutMs, requestMs: config.requestTimeoutMs, idleMs: config.idleTimeoutMs },
    lifecycle,
    metrics,
    metricsToken: config.metricsToken,
    logger: { level: config.logLevel },
    requestLogSample: config.requestLogSample,
  });
  // Before listening: a request must never miss a scroll that the database knows,
  // nor be the first photo a cold worker compiles the pipeline for (both at once:
  // the catch-up runs here, the warm-up in the workers).
  const [indexed, warm] = await Promise.all([indexSync.catchUp(), engine.warmUp()]);
  // The towns the portal names places by: read now, so that no page pays for it.
  loadTowns();
  app.log.info({ indexed }, 'fingerprint index loaded');
  if (warm.readAsScroll < warm.workers) app.log.warn(warm, 'the warm-up photo did not read as a scroll on every engine worker');
  else app.log.info(warm, 'engine workers warmed up');
  // Then follow what the other nodes register.
  const stopFollowing = indexSync.follow(config.indexRefreshMs, (error) =>
    app.log.warn({ err: error }, 'fingerprint index refresh failed; retrying'),
  );
  // Files left by a process killed between a file write and its commit: swept in the background, never delaying listen.
  const stopSweeping = scheduleOrphanSweeps({ db, files, clock }, config.orphanSweepIntervalMs, {
    swept: ({ removed, young, refused }) =>
      refused !== null ? app.log.warn(refused) : app.log[removed.length > 0 ? 'info' : 'debug']({ removed, young }, 'orphan files swept'),
    failed: (error) => app.log.warn({ err: error }, 'orphan file sweep failed; the next one tries again'),
  });

  // Registration photos' text checks, claimed from the database by whichever node is free, after registering has answered.
  const stopTextChecks = scheduleTextChecks({ db, engine, files, clock, locks: db.locks, renderers, publicBaseUrl: config.publicBaseUrl }, TEXT_CHECK_POLL_MS, {
    ran: ({ done, failed, busy }) => {
      if (done + failed > 0) app.log.info({ done, failed }, 'registration photos text-checked');
      if (busy) app.log.debug('the engine is busy; pending text checks wait for the next round');
    },
    failed: (error) => app.log.warn({ err: error }, 'text check round failed; the next one tries again (a check it held, once its claim lapses)'),
  });

  // Webhooks from the outbox the use cases write, claimed by whichever node is free; started
  // once listening (below), so that no attempt's timeout runs while start-up holds the event loop.
  let stopWebhooks = async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    lifecycle.draining = true;
    const deadline = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.drainDelayMs + config.shutdownTimeoutMs);
    deadline.unref();
    try {
      if (config.drainDelayMs > 0) {
        // /readyz answers 503 meanwhile, so the load balancer stops sending new requests before the listener closes.
        app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'draining: not ready, still serving');
        await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      }
      app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
      stopFollowing();
      await stopSweeping();
      // Before the engine closes: the check under way finishes and is kept.
      await stopTextChecks();
      // The sends under way finish (WEBHOOK_TIMEOUT_MS at most) and are kept.
      await stopWebhooks();
      await app.close();
      await engine.close();
      await rateLimitStore.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  if (!closing) {
    stopWebhooks = scheduleWebhookDeliveries({ db, clock, webhooks }, WEBHOOK_POLL_MS, {
      ran: ({ delivered, retrying, failed }) => {
        if (delivered + retrying + failed > 0) app.log.info({ delivered, retrying, failed }, 'webhook deliveries sent');
      },
      failed: (error) => app.log.warn({ err: error }, 'webhook round failed; the next one tries again (a delivery it held, once its claim lapses)'),
    });
  }
  app.log.info(
    { listening: address, portal: `${config.publicBaseUrl}/`, docs: `${config.publicBaseUrl}/api/v1/docs`, demo: 'npm run demo' },
    `Mezuzah Registry ready: the portal at ${config.publicBaseUrl}/, the API's reference at ${config.publicBaseUrl}/api/v1/docs; \`npm run demo\` fills it with a demo store and scrolls`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
