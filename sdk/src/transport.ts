// One request to the registry, retried when a retry is safe and may help: the
// registry's `Retry-After` is obeyed, otherwise the wait doubles from
// RETRY_BASE_DELAY_MS with jitter. A request is retried only when doing it twice
// cannot do its work twice: a GET, a POST that only reads (the public checks)
// or that the registry makes idempotent by itself (the megiah's decisions), and
// a POST carrying an Idempotency-Key, which the client adds to every other.
import { MezuzahApiError, MezuzahConnectionError } from './errors.ts';

export type TransportOptions = {
  /** The registry's address, e.g. `https://registry.example.org`. */
  readonly baseUrl: string;
  /** A store's (or megiah's) key, sent as X-Api-Key on the operations that need one. */
  readonly apiKey?: string;
  /** Retries after the first attempt (default 3). 0 turns retries off. */
  readonly maxRetries?: number;
  /** A `Retry-After` longer than this (default 60 s) is not waited for: the error is thrown at once. */
  readonly maxRetryDelayMs?: number;
  /** Each attempt's limit (default 120 s: the registry gives a photo upload as long). */
  readonly timeoutMs?: number;
  /** Another fetch (a proxy's, a test's); the global one by default. */
  readonly fetch?: typeof fetch;
  /** How to wait between attempts; tests pass one that records instead of sleeping. */
  readonly sleep?: (ms: number) => Promise<void>;
};

/** The registry's rate-limit headers of the last answer that carried them. */
export type RateLimitState = { readonly limit: number; readonly remaining: number; readonly resetSeconds: number };

export type Call = {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The path with its parameters already in place. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly json?: unknown;
  readonly form?: FormData;
  /** Whether the operation needs the API key. */
  readonly authenticated: boolean;
  /** Whether doing it twice does its work once (reads, and the registry's own idempotent decisions). */
  readonly repeatable: boolean;
  /** For a POST that is not repeatable: makes it so (a random one is made when none is given). */
  readonly idempotencyKey?: string;
  readonly expect: 'json' | 'bytes';
};

const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 120_000;
/** The first wait when the registry names none; it doubles each attempt. */
const RETRY_BASE_DELAY_MS = 500;
/** No wait the client chooses itself grows past this. */
const RETRY_MAX_BACKOFF_MS = 8_000;
/**
 * The first wait after 409 idempotency_key_in_use, doubling: the first request
 * is still running on the registry (a photo's upload and reading take
 * seconds, up to its 120 s request timeout), so retrying at once only asks again.
 */
const IN_USE_FIRST_WAIT_MS = 5_000;

/**
 * Answers worth another attempt: the rate limit (nothing was done), a request
 * with the same Idempotency-Key still running, and the registry or a proxy
 * failing or busy.
 */
const RETRYABLE_STATUSES = new Set([409, 429, 500, 502, 503, 504]);

export class Transport {
  readonly #options: TransportOptions;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;
  #rateLimit: RateLimitState | undefined;

  constructor(options: TransportOptions) {
    if (!/^https?:\/\//.test(options.baseUrl)) throw new TypeError(`baseUrl must be an http(s) URL, got "${options.baseUrl}"`);
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get rateLimit(): RateLimitState | undefined {
    return this.#rateLimit;
  }

  async send<T>(call: Call): Promise<T> {
    const url = new URL(call.path.replace(/^\//, ''), this.#options.baseUrl.replace(/\/*$/, '/'));
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: call.expect === 'json' ? 'application/json' : '*/*' };
    if (call.authenticated) {
      if (this.#options.apiKey === undefined) throw new TypeError(`${call.method} ${call.path} needs an API key: pass apiKey to the client.`);
      headers['x-api-key'] = this.#options.apiKey;
    }
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    const idempotencyKey = call.method === 'POST' && !call.repeatable ? (call.idempotencyKey ?? crypto.randomUUID()) : undefined;
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    const body = call.form ?? (call.json === undefined ? undefined : JSON.stringify(call.json));

    const maxRetries = this.#options.maxRetries ?? DEFAULT_MAX_RETRIES;
    for (let attempt = 0; ; attempt += 1) {
      let answer: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: MezuzahApiError };
      try {
        const response = await this.#fetch(url, {
          method: call.method,
          headers,
          body,
          // Never followed: the key would travel with the request to wherever the redirect points.
          redirect: 'manual',
          signal: AbortSignal.timeout(this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
        if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
          const to = response.headers.get('location');
          throw new MezuzahConnectionError(
            `${call.method} ${url.pathname} was redirected${to === null ? '' : ` to ${to}`}; the client follows no redirect, so that the API key goes nowhere else: check baseUrl.`,
            undefined,
          );
        }
        this.#noteRateLimit(response.headers);
        // The body is read within the attempt, so that a timeout while it arrives is retried like any other.
        answer = response.ok
          ? { ok: true, value: (call.expect === 'json' ? await response.json() : new Uint8Array(await response.arrayBuffer())) as T }
          : { ok: false, error: new MezuzahApiError(response.status, await bodyOf(response), retryAfterOf(response.headers)) };
      } catch (error) {
        if (error instanceof MezuzahConnectionError) throw error;
        if (attempt < maxRetries) {
          await this.#sleep(backoff(attempt));
          continue;
        }
        throw new MezuzahConnectionError(`${call.method} ${url.pathname}: no answer (${(error as Error).message})`, error);
      }
      if (answer.ok) return answer.value;

      const { error } = answer;
      const inUse = error.status === 409 && error.code === 'idempotency_key_in_use';
      const retryable = RETRYABLE_STATUSES.has(error.status) && (error.status !== 409 || inUse);
      const wait = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : inUse ? IN_USE_FIRST_WAIT_MS * 2 ** attempt : backoff(attempt);
      if (!retryable || attempt >= maxRetries || wait > (this.#options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS)) throw error;
      await this.#sleep(wait);
    }
  }

  #noteRateLimit(headers: Headers): void {
    const [limit, remaining, reset] = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map((name) => Number(headers.get(name) ?? NaN));
    if ([limit, remaining, reset].every(Number.isFinite)) this.#rateLimit = { limit, remaining, resetSeconds: reset };
  }
}

/** Full jitter: somewhere up to the doubled wait, so clients that failed together do not retry together. */
function backoff(attempt: number): number {
  return Math.round(Math.random() * Math.min(RETRY_MAX_BACKOFF_MS, RETRY_BASE_DELAY_MS * 2 ** attempt));
}

function retryAfterOf(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
