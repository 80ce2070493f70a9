// The OpenAPI document exactly as the service serves it at /api/v1/openapi.json,
// built without a database, an engine or files: the document comes from the
// routes' schemas alone, so every boundary here refuses to be used.
import { buildApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import type { AppDeps } from '../../src/http/app-deps.ts';
import { memoryRateLimitStore } from '../../src/http/rate-limit/memory-rate-limit-store.ts';
import { uploadGuard } from '../../src/http/upload-guard.ts';

/** Where the document says the server is: a placeholder, since a client is pointed at its registry by its own configuration. */
const DOCUMENT_BASE_URL = 'https://registry.example.org';

function unused(name: string): never {
  return new Proxy({}, {
    get: (_target, property) => {
      throw new Error(`The document was built using ${name}.${String(property)}; it must come from the route schemas alone.`);
    },
  }) as never;
}

export async function servedDocument(): Promise<Record<string, unknown>> {
  const defaults = parseConfig({});
  const deps: AppDeps = {
    db: unused('db'),
    engine: unused('engine'),
    indexSync: unused('indexSync'),
    files: unused('files'),
    clock: unused('clock'),
    locks: unused('locks'),
    renderers: unused('renderers'),
    webhooks: unused('webhooks'),
    keyCache: unused('keyCache'),
    publicBaseUrl: DOCUMENT_BASE_URL,
    rateLimit: { store: memoryRateLimitStore(), scale: 1 },
    corsOrigins: defaults.corsOrigins,
    trustProxy: [],
    uploads: uploadGuard({ perNode: defaults.uploadsPerNode, perIp: defaults.uploadsPerIp, minBytesPerSecond: defaults.uploadMinBytesPerSecond }),
    timeouts: { headersMs: defaults.headersTimeoutMs, requestMs: defaults.requestTimeoutMs, idleMs: defaults.idleTimeoutMs },
    lifecycle: { draining: false },
    metrics: unused('metrics'),
    metricsToken: undefined,
    logger: false,
    requestLogSample: defaults.requestLogSample,
  };
  const app = await buildApp(deps);
  try {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${response.statusCode}: ${response.body}`);
    return response.json();
  } finally {
    await app.close();
    await deps.rateLimit.store.close();
  }
}
