// An HTTP client of a running registry (the demo's): only what it calls, with
// the rate-limit and back-pressure headers the server sends. bench:identify
// times its requests with a leaner one (bench/lib/lean-checker.ts).

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
}

export type RegistryAnswer = {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** Seconds, from Retry-After (429, 503). */
  readonly retryAfter: number | undefined;
  /** Requests left in the key's current window, and seconds until it resets (X-RateLimit-*). */
  readonly remaining: number | undefined;
  readonly reset: number | undefined;
};

export type RegistrationFields = Readonly<Record<'sofer' | 'megiah' | 'writtendate' | 'examinateddate' | 'font' | 'size' | 'note', string>>;

const REQUEST_TIMEOUT_MS = 120_000;

function numberHeader(response: Response, name: string): number | undefined {
  const value = response.headers.get(name);
  return value === null || value.trim() === '' || !Number.isFinite(Number(value)) ? undefined : Number(value);
}

export function registryClient(baseUrl: string) {
  const url = (path: string) => new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();

  async function send(path: string, init: RequestInit): Promise<RegistryAnswer> {
    let response: Response;
    try {
      response = await fetch(url(path), { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new RegistryError(`no registry answers at ${baseUrl} (${(error as Error).cause ?? (error as Error).message}).`);
    }
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { msg: text };
    }
    return {
      status: response.status,
      body,
      retryAfter: numberHeader(response, 'retry-after'),
      remaining: numberHeader(response, 'x-ratelimit-remaining'),
      reset: numberHeader(response, 'x-ratelimit-reset'),
    };
  }

  return {
    /** Liveness of the server (GET /healthz). */
    health: () => send('healthz', { method: 'GET' }),
    credits: (key: string) => send('api/v1/store/credits', { method: 'GET', headers: { 'x-api-key': key } }),
    register(key: string, photo: Uint8Array, fields: RegistrationFields): Promise<RegistryAnswer> {
      const form = new FormData();
      form.set('mezuzah', new Blob([photo as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'mezuzah.jpg');
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return send('api/v1/store/register-mezuzah', { method: 'POST', headers: { 'x-api-key': key }, body: form });
    },
    /** The public check of one photo (POST check-mezuzah). */
    check(photo: Uint8Array): Promise<RegistryAnswer> {
      const form = new FormData();
      form.set('image', new Blob([photo as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'photo.jpg');
      return send('api/v1/public/check-mezuzah', { method: 'POST', body: form });
    },
  };
}

export type RegistryClient = ReturnType<typeof registryClient>;
