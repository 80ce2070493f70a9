// Response schemas shared by several routes. They serialize the replies and
// feed the OpenAPI document, so each field's description is its documentation.
import { errorBody, errorBodySchema, errorRegistry, type ErrorCode } from '../errors.ts';

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

/** A file response: one entry per content type the route may send. */
export const binaryResponse = (description: string, contentTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

export const msgResponse = (description: string, extra: Record<string, object> = {}) => ({
  type: 'object',
  description,
  required: ['msg', ...Object.keys(extra)],
  properties: { msg: { type: 'string' }, ...extra },
});

/**
 * Error responses of a route, grouped by HTTP status: when several codes share
 * a status (400 on register), their bodies merge into one schema whose
 * `status` enum lists every value. 429 applies to every endpoint.
 */
export function errorResponses(codes: readonly ErrorCode[]): Record<number, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, 'rate_limit_exceeded' as const, 'internal_error' as const]) {
    const status = errorRegistry[code].httpStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, object> = {};
  for (const [status, group] of byStatus) {
    const schemas = group.map(errorBodySchema);
    const properties: Record<string, { type: string; enum?: string[] }> = {};
    for (const schema of schemas) {
      for (const [name, property] of Object.entries(schema.properties)) {
        const enumValues = [...(properties[name]?.enum ?? []), ...(property.enum ?? [])];
        properties[name] = enumValues.length > 0 ? { type: 'string', enum: [...new Set(enumValues)] } : { type: 'string' };
      }
    }
    const required = Object.keys(properties).filter((name) => schemas.every((schema) => schema.required.includes(name)));
    responses[status] = {
      type: 'object',
      description: group.map((code) => `\`${code}\`: ${describe(code)}`).join(' '),
      required,
      properties,
    };
  }
  return responses;
}

function describe(code: ErrorCode): string {
  const fields = Object.entries(errorBody(code)).map(([name, value]) => (name === 'msg' ? name : `${name}: "${value}"`));
  const extra = code === 'rate_limit_exceeded' ? ' with a Retry-After header (seconds).' : code === 'busy' ? ' with Retry-After.' : '.';
  return `{${fields.join(', ')}}${extra}`;
}

export const storeSecurity = [{ apiKey: [] }];
/** The same X-Api-Key header; the key must belong to a megiah account. */
export const megiahSecurity = [{ apiKey: [] }];
