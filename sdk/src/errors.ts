/**
 * The registry answered with an HTTP error. `status` is the HTTP status; `code`
 * the stable code of the body (its `status` field, or `error` for a 429),
 * undefined for the few bodies that carry `msg` alone (403, 404 of a scroll,
 * 400 of a directory lookup without criteria).
 * Branch on these, never on `message`.
 */
export class MezuzahApiError extends Error {
  override readonly name = 'MezuzahApiError';
  readonly status: number;
  readonly code: string | undefined;
  /** The body as sent: `{msg, status}`, `{msg}`, `{status}` or `{error}`. */
  readonly body: unknown;
  /** Seconds the registry asked to wait (429, 503), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: unknown, retryAfterSeconds: number | undefined) {
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const code = typeof fields.status === 'string' ? fields.status : typeof fields.error === 'string' ? fields.error : undefined;
    const msg = typeof fields.msg === 'string' ? fields.msg : undefined;
    super(`HTTP ${status}${code === undefined ? '' : ` ${code}`}${msg === undefined ? '' : `: ${msg}`}`);
    this.status = status;
    this.code = code;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** No answer came: the connection failed, or the attempt ran past its timeout. `cause` holds what fetch threw. */
export class MezuzahConnectionError extends Error {
  override readonly name = 'MezuzahConnectionError';

  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}
