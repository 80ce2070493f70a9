// Response schemas shared by several routes. They serialize the replies and
// feed the OpenAPI document, so each field's description is its documentation.
import { errorBody, errorBodySchema, errorRegistry, type ErrorCode } from '../errors.ts';
import { example } from './examples.ts';

export const timestamp = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  description: 'UTC, `YYYY-MM-DD HH:MM:SS`.',
} as const;

export const relativeUrl = (description: string) =>
  ({ type: 'string', description: `${description} Relative (\`static/...\`), resolved against the base URL.` }) as const;

export const personRef = {
  type: 'object',
  required: ['uuid', 'username'],
  properties: { uuid: { type: 'string' }, username: { type: 'string' } },
} as const;

/** Who decided on a scroll's examination: its megiah, or an admin. */
export const deciderRef = (description: string) =>
  ({
    ...personRef,
    required: [...personRef.required, 'role'],
    properties: { ...personRef.properties, role: { type: 'string', enum: ['megiah', 'admin'] } },
    description,
  }) as const;

/** The path of an operation on one scroll. */
export const scrollUuidParams = {
  type: 'object',
  required: ['uuid'],
  properties: { uuid: { type: 'string', description: "The scroll's uuid (any case).", examples: [example.scrollUuid] } },
} as const;

/** A file response: one entry per content type the route may send. */
export const binaryResponse = (description: string, contentTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

/** A schema registered once under its `$id` (components.ts) and referred to by it, so that the OpenAPI document names it and generated clients get a named type. */
export type NamedSchema = { readonly $id: string };

export function refTo(schema: NamedSchema, description?: string) {
  return description === undefined ? { $ref: `${schema.$id}#` } : { description, $ref: `${schema.$id}#` };
}

/** A named schema's fields, for a place that must add to them (`nullable`): a reference admits no siblings in OpenAPI 3.0. */
export function unnamed<T extends NamedSchema & { readonly examples?: unknown }>(schema: T): Omit<T, '$id' | 'examples'> {
  const { $id: _id, examples: _examples, ...fields } = schema;
  return fields;
}

/** The body of most errors (spec §7: "most carry `msg`; some also carry `status`"). */
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  required: ['msg'],
  properties: {
    msg: { type: 'string', description: 'What went wrong, in words for people; may change.' },
    status: { type: 'string', description: 'A stable code for programs to branch on; each response lists the codes it may carry, and whether it always does.' },
  },
  examples: [errorBody('invalid_request', 'per_page must be <= 100.')],
} as const;

/** 429 on every endpoint (spec §8). */
export const rateLimitedSchema = {
  $id: 'RateLimitExceeded',
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string', enum: ['rate_limit_exceeded'] } },
  examples: [errorBody('rate_limit_exceeded')],
} as const;

/** scan-qrcode's 404 (spec §7): a status and nothing else. */
export const statusOnlySchema = {
  $id: 'StatusOnly',
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['not_found'] } },
  examples: [errorBody('qr_code_not_found')],
} as const;

const bodySchemaOf = { msg: errorSchema, msg_status: errorSchema, error: rateLimitedSchema, status: statusOnlySchema } as const;

/**
 * Error responses of a route, grouped by HTTP status, each referring to the
 * named body it has: when several codes share a status (400 on register), the
 * `status` values they may carry are listed beside the reference, and `status`
 * is required when every one of them carries it. 429 and 500 apply to every
 * endpoint.
 */
export function errorResponses(codes: readonly ErrorCode[]): Record<number, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, 'rate_limit_exceeded' as const, 'internal_error' as const]) {
    const status = errorRegistry[code].httpStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, object> = {};
  for (const [status, group] of byStatus) {
    const named = new Set(group.map((code) => bodySchemaOf[errorRegistry[code].body.kind]));
    if (named.size !== 1) throw new Error(`HTTP ${status} would carry bodies of different shapes: ${group.join(', ')}`);
    const [body] = named;
    const description = group.map((code) => `\`${code}\`: ${describe(code)}`).join(' ');
    const examples = [errorBody(group[0])];
    const statuses = [...new Set(group.flatMap((code) => errorBodySchema(code).properties.status?.enum ?? []))];
    responses[status] =
      body !== errorSchema || statuses.length === 0
        ? { ...refTo(body, description), examples }
        : {
            description,
            examples,
            allOf: [
              refTo(body),
              {
                type: 'object',
                ...(group.every((code) => errorBodySchema(code).required.includes('status')) ? { required: ['status'] } : {}),
                properties: { status: { type: 'string', enum: statuses } },
              },
            ],
          };
  }
  return responses;
}

function describe(code: ErrorCode): string {
  const fields = Object.entries(errorBody(code)).map(([name, value]) => (name === 'msg' ? name : `${name}: "${value}"`));
  const extra = code === 'rate_limit_exceeded' ? ' with a Retry-After header (seconds).' : code === 'busy' ? ' with Retry-After.' : '.';
  return `{${fields.join(', ')}}${extra}`;
}

/** No key: the public operations (an empty list overrides any default the document may gain). */
export const publicSecurity = [];
export const storeSecurity = [{ apiKey: [] }];
/** The same X-Api-Key header; the key must belong to a megiah account. */
export const megiahSecurity = [{ apiKey: [] }];
