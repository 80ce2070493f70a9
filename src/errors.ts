// The one registry of error codes: each code's HTTP status and body shape.
// Bodies follow the partner spec: most carry `msg`, some also `status`; a few
// spec-mandated bodies carry only `status` or only `msg`; 429 carries `error`.
// Every code is documented in docs/errors.md (a test keeps the two in step).

type BodyShape =
  | { readonly kind: 'msg' }
  | { readonly kind: 'msg_status'; readonly status: string }
  | { readonly kind: 'status'; readonly status: string }
  | { readonly kind: 'error'; readonly error: string };

type ErrorDefinition = {
  readonly httpStatus: number;
  readonly body: BodyShape;
  /** Shown when the caller gives no message of its own. */
  readonly defaultMsg: string;
};

const msg = { kind: 'msg' } as const;
const withStatus = (status: string) => ({ kind: 'msg_status', status }) as const;

export const errorRegistry = {
  invalid_request: { httpStatus: 400, body: withStatus('invalid_request'), defaultMsg: 'The request is malformed.' },
  // On the wire an invalid_request like any other; its own code lets the portal say it in the reader's language.
  unusable_buyer: {
    httpStatus: 400,
    body: withStatus('invalid_request'),
    defaultMsg: 'The buyer must be a buyer (user) account, or the details of a buyer without one.',
  },
  invalid_photo: { httpStatus: 400, body: withStatus('invalid'), defaultMsg: 'The scroll text in the photo cannot be read.' },
  no_match: { httpStatus: 400, body: withStatus('not_found'), defaultMsg: 'No registered scroll matches this photo.' },
  duplicate: { httpStatus: 400, body: withStatus('duplicate'), defaultMsg: 'This scroll is already registered.' },
  no_credits: { httpStatus: 400, body: withStatus('no_credits'), defaultMsg: 'No credits left.' },
  lookup_criteria_missing: { httpStatus: 400, body: msg, defaultMsg: 'Provide email or username.' },
  webhook_endpoint_limit: {
    httpStatus: 400,
    body: withStatus('webhook_endpoint_limit'),
    defaultMsg: 'This account has as many webhook endpoints as it may; delete one first.',
  },
  unauthorized: { httpStatus: 401, body: withStatus('unauthorized'), defaultMsg: 'A valid X-Api-Key header is required.' },
  forbidden: { httpStatus: 403, body: msg, defaultMsg: 'This operation is not allowed for your account.' },
  not_agent: { httpStatus: 403, body: msg, defaultMsg: 'Only agent accounts may register scrolls.' },
  not_scroll_megiah: { httpStatus: 403, body: msg, defaultMsg: 'Only the megiah named on this scroll (or an admin) may confirm or reject its examination.' },
  scroll_not_owned: { httpStatus: 403, body: msg, defaultMsg: 'This scroll does not belong to your store.' },
  scroll_not_found: { httpStatus: 404, body: msg, defaultMsg: 'Scroll not found.' },
  directory_entry_not_found: { httpStatus: 404, body: msg, defaultMsg: 'No sofer or megiah found.' },
  webhook_endpoint_not_found: { httpStatus: 404, body: msg, defaultMsg: 'No such webhook endpoint.' },
  qr_code_not_found: { httpStatus: 404, body: { kind: 'status', status: 'not_found' }, defaultMsg: '' },
  route_not_found: { httpStatus: 404, body: withStatus('not_found'), defaultMsg: 'No such endpoint.' },
  already_verified: {
    httpStatus: 409,
    body: withStatus('already_verified'),
    defaultMsg: "This scroll's examination is already confirmed; a confirmation cannot be rejected.",
  },
  idempotency_key_in_use: {
    httpStatus: 409,
    body: withStatus('idempotency_key_in_use'),
    defaultMsg: 'A request with this Idempotency-Key is still being processed; retry once it has finished.',
  },
  too_large: { httpStatus: 413, body: withStatus('too_large'), defaultMsg: 'The request body is too large.' },
  idempotency_key_reused: {
    httpStatus: 422,
    body: withStatus('idempotency_key_reused'),
    defaultMsg: 'This Idempotency-Key was used with another request; use a new key for a new request.',
  },
  rate_limit_exceeded: { httpStatus: 429, body: { kind: 'error', error: 'rate_limit_exceeded' }, defaultMsg: '' },
  internal_error: { httpStatus: 500, body: withStatus('internal_error'), defaultMsg: 'Internal server error.' },
  busy: { httpStatus: 503, body: withStatus('busy'), defaultMsg: 'The service is busy; retry shortly.' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorRegistry;

export const errorCodes = Object.keys(errorRegistry) as ErrorCode[];

/** An expected outcome that is not a success: returned as a value, never thrown. */
export type Failure<C extends ErrorCode = ErrorCode> = { readonly ok: false; readonly code: C; readonly msg: string };
export type Success<T> = { readonly ok: true; readonly value: T };
export type Outcome<T, C extends ErrorCode = ErrorCode> = Success<T> | Failure<C>;

export function fail<C extends ErrorCode>(code: C, msg?: string): Failure<C> {
  return { ok: false, code, msg: msg ?? errorRegistry[code].defaultMsg };
}

export function succeed<T>(value: T): Success<T> {
  return { ok: true, value };
}

export function httpStatusOf(code: ErrorCode): number {
  return errorRegistry[code].httpStatus;
}

export function errorBody(code: ErrorCode, message?: string): Record<string, string> {
  const definition: ErrorDefinition = errorRegistry[code];
  const text = message ?? definition.defaultMsg;
  switch (definition.body.kind) {
    case 'msg':
      return { msg: text };
    case 'msg_status':
      return { msg: text, status: definition.body.status };
    case 'status':
      return { status: definition.body.status };
    case 'error':
      return { error: definition.body.error };
  }
}

/** A code's body as JSON schema: `msg` is free text, every other field holds the registry's fixed value. */
export function errorBodySchema(code: ErrorCode): {
  readonly required: string[];
  readonly properties: Record<string, { readonly type: 'string'; readonly enum?: string[] }>;
} {
  const body = errorBody(code);
  return {
    required: Object.keys(body),
    properties: Object.fromEntries(
      Object.entries(body).map(([name, value]) => [name, name === 'msg' ? { type: 'string' } : { type: 'string', enum: [value] }]),
    ),
  };
}
