import type { DomainDeps } from '../domain/deps.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { RateLimitStore } from './rate-limit/rate-limit-store.ts';
import type { UploadGuard } from './upload-guard.ts';

/** Everything buildApp needs; main.ts and the tests assemble the same shape. */
export type AppDeps = DomainDeps & {
  readonly rateLimit: {
    readonly store: RateLimitStore;
    /** Multiplies every limit of the spec (RATE_LIMIT_SCALE). */
    readonly scale: number;
  };
  /** Admits photo uploads within the node's limits (UPLOADS_PER_NODE, UPLOADS_PER_IP, UPLOAD_MIN_BYTES_PER_SECOND). */
  readonly uploads: UploadGuard;
  /** How long a client may take to send its headers, its whole request, or anything at all (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS). */
  readonly timeouts: { readonly headersMs: number; readonly requestMs: number; readonly idleMs: number };
  /** The web pages that may call the public operations from a browser (CORS_ORIGINS); '*' for any. */
  readonly corsOrigins: '*' | readonly string[];
  /** Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty believes none. */
  readonly trustProxy: readonly string[];
  /** Set by main.ts when a shutdown begins, so /readyz turns the load balancer away before the listener closes. */
  readonly lifecycle: { readonly draining: boolean };
  /** What GET /metrics serves, and where each answered request is counted. */
  readonly metrics: Pick<Metrics, 'registry' | 'requestAnswered'>;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); undefined: none. */
  readonly metricsToken: string | undefined;
  /** Fastify's logger option: false in tests, pino options in production. */
  readonly logger: boolean | { readonly level: string };
  /** The share of plain successes whose request line is written (REQUEST_LOG_SAMPLE). */
  readonly requestLogSample: number;
};
