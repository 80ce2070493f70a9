// What an operator watches, in Prometheus' text format (GET /metrics,
// http/routes/metrics.ts), through prom-client: how long requests take per
// route and status, how the engine's queue fills and how long a photo waits
// and runs, how large and how fresh the fingerprint index is, where the rate
// limits are counted, how much of the database's connections are taken, and
// the process's own (CPU, memory, event-loop delay, GC). One registry per app,
// so tests start from nothing.
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ConnectionUse } from '../db/driver.ts';
import type { EngineLoad, EngineObserver } from '../engine/index.ts';

/** What the gauges read at each scrape, once the node's parts exist (they exist after the metrics: the engine reports to them). */
export type MetricSources = {
  readonly engine: { readonly load: EngineLoad; readonly indexedCount: number };
  readonly indexSync: { sinceCaughtUpMs(): number | null };
  readonly rateLimitMode: () => RateLimitMode;
  readonly connectionUse: () => readonly ConnectionUse[];
};

export type RateLimitMode = 'local' | 'shared' | 'degraded';

export type Metrics = {
  readonly registry: Registry;
  /** A request answered: its method, its route as declared (`/api/v1/store/mezuzah/:uuid`, never the URL sent) or `unmatched`, its status. */
  requestAnswered(method: string, route: string, statusCode: number, seconds: number): void;
  /** Given to the engine, which reports each photo's wait and outcome to it. */
  readonly engineObserver: EngineObserver;
  watch(sources: MetricSources): void;
};

/** From a cached key's answer (about a millisecond) to an upload's (seconds), and the request timeout's order beyond. */
const REQUEST_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** A photo's analysis takes a fraction of a second to a few seconds on a worker (docs/engine.md); a page without text, longer. */
const PHOTO_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];
/** No wait with a worker free; a queue's worth of photos ahead is tens of seconds. */
const WAIT_SECONDS_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const RATE_LIMIT_MODES: readonly RateLimitMode[] = ['local', 'shared', 'degraded'];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request\'s arrival to its answer, by method, route (as declared) and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [registry],
  });

  const queueWait = new Histogram({
    name: 'mezuzah_engine_queue_wait_seconds',
    help: 'Time a photo waited in the engine\'s queue for a worker.',
    buckets: WAIT_SECONDS_BUCKETS,
    registers: [registry],
  });
  const photoSeconds = new Histogram({
    name: 'mezuzah_photo_analysis_seconds',
    help: 'Time a photo took on its worker, by task (analyze: identification; text: text check) and outcome (scroll, read, invalid, unsupported, failed; busy: refused at once with the queue full, observed as 0).',
    labelNames: ['task', 'outcome'] as const,
    buckets: PHOTO_SECONDS_BUCKETS,
    registers: [registry],
  });

  let sources: MetricSources | undefined;
  const gauge = (name: string, help: string, read: (sources: MetricSources, set: (value: number, labels?: Record<string, string>) => void) => void, labelNames: readonly string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        if (sources !== undefined) read(sources, (value, labels) => (labels === undefined ? this.set(value) : this.set(labels, value)));
      },
    });

  gauge('mezuzah_engine_workers', 'Worker threads of the engine.', (s, set) => set(s.engine.load.workers));
  gauge('mezuzah_engine_workers_busy', 'Workers analysing a photo now.', (s, set) => set(s.engine.load.running));
  gauge('mezuzah_engine_queue_depth', 'Photos waiting for a worker.', (s, set) => set(s.engine.load.queued));
  gauge('mezuzah_index_scrolls', 'Registered scrolls in this node\'s fingerprint index.', (s, set) => set(s.engine.indexedCount));
  gauge(
    'mezuzah_index_refresh_lag_seconds',
    'Seconds since this node\'s index last held every fingerprint the database had (NaN before the first catch-up, which a node makes before it listens); it grows while catch-ups fail.',
    (s, set) => {
      const lag = s.indexSync.sinceCaughtUpMs();
      set(lag === null ? Number.NaN : lag / 1000);
    },
  );
  gauge(
    'mezuzah_rate_limit_store_mode',
    'Where rate limits are counted: 1 for the current mode (local: this node by configuration; shared: Redis; degraded: Redis unreachable, this node alone).',
    (s, set) => {
      const mode = s.rateLimitMode();
      for (const each of RATE_LIMIT_MODES) set(each === mode ? 1 : 0, { mode: each });
    },
    ['mode'],
  );
  gauge('mezuzah_db_connections', 'Database connections of each pool (queries; PostgreSQL\'s advisory locks), by state: size, in_use, waiting (callers waiting for one).', (s, set) => {
    for (const use of s.connectionUse()) {
      set(use.size, { pool: use.pool, state: 'size' });
      set(use.inUse, { pool: use.pool, state: 'in_use' });
      set(use.waiting, { pool: use.pool, state: 'waiting' });
    }
  }, ['pool', 'state']);

  return {
    registry,
    requestAnswered(method, route, statusCode, seconds) {
      requestDuration.observe({ method, route, status_code: statusCode }, seconds);
    },
    engineObserver: {
      started: (waitedMs) => queueWait.observe(waitedMs / 1000),
      finished: (task, outcome, ranMs) => photoSeconds.labels(task, outcome).observe(ranMs / 1000),
    },
    watch(given) {
      sources = given;
    },
  };
}
