// Parse config → create dependencies → build the app → listen; close gracefully.
import path from 'node:path';
import { buildApp } from './app.ts';
import { renderCertificateDocx } from './certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from './certificates/render-certificate-pdf.ts';
import { renderCertificatePng } from './certificates/render-certificate-png.ts';
import { ConfigError, parseConfig, type Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { formatTimestamp, systemClock } from './domain/clock.ts';
import { inProcessLock } from './domain/keyed-lock.ts';
import { loadFingerprintIndex } from './domain/load-fingerprint-index.ts';
import { createEngine } from './engine/index.ts';
import { localFileStorage } from './files/local-file-storage.ts';
import { memoryRateLimitStore } from './http/rate-limit/memory-rate-limit-store.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(process.env);
    if (config.redisUrl !== undefined) {
      throw new ConfigError('REDIS_URL: shared Redis counters are not supported by this build yet; unset it for in-process counters.');
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }

  const clock = systemClock;
  const db = await openDatabase(config.database, () => formatTimestamp(clock.now()));
  const engine = await createEngine({ workers: config.engineWorkers, maxQueue: config.engineMaxQueue });
  const rateLimitStore = memoryRateLimitStore();
  const app = await buildApp({
    db,
    engine,
    files: localFileStorage(path.join(config.dataDir, 'files')),
    clock,
    locks: inProcessLock(),
    renderers: { pdf: renderCertificatePdf, png: renderCertificatePng, docx: renderCertificateDocx },
    publicBaseUrl: config.publicBaseUrl,
    rateLimit: { store: rateLimitStore, scale: config.rateLimitScale },
    trustProxy: config.trustProxy,
    logger: { level: config.logLevel },
  });
  // Before listening: a request must never miss a scroll that the database knows.
  const indexed = await loadFingerprintIndex({ db, engine });
  app.log.info({ indexed }, 'fingerprint index loaded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
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

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
