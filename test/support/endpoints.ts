// The spec's endpoint table (§4, §8), written out independently of the routes
// so the tests fail if a route's path, scope or limit drifts from the spec.
export type SpecEndpoint = {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Path with `{uuid}` / `{code}` placeholders, as the spec writes it. */
  readonly path: string;
  readonly perMinute: number;
  readonly per: 'ip' | 'key';
};

export const specEndpoints: readonly SpecEndpoint[] = [
  { method: 'POST', path: '/api/v1/public/check-mezuzah', perMinute: 10, per: 'ip' },
  { method: 'POST', path: '/api/v1/public/compare-mezuzot', perMinute: 10, per: 'ip' },
  { method: 'GET', path: '/api/v1/public/scan-qrcode/{code}', perMinute: 30, per: 'ip' },
  { method: 'POST', path: '/api/v1/store/register-mezuzah', perMinute: 30, per: 'key' },
  { method: 'GET', path: '/api/v1/store/inventory', perMinute: 60, per: 'key' },
  { method: 'GET', path: '/api/v1/store/mezuzah/{uuid}', perMinute: 60, per: 'key' },
  { method: 'GET', path: '/api/v1/store/mezuzah-certificate/{uuid}', perMinute: 30, per: 'key' },
  { method: 'POST', path: '/api/v1/store/sell-mezuzah/{uuid}', perMinute: 30, per: 'key' },
  { method: 'GET', path: '/api/v1/store/sales-history', perMinute: 60, per: 'key' },
  { method: 'GET', path: '/api/v1/store/credits', perMinute: 60, per: 'key' },
  { method: 'GET', path: '/api/v1/store/sofers-megiahs', perMinute: 60, per: 'key' },
  { method: 'GET', path: '/api/v1/store/sofers-megiahs/lookup', perMinute: 60, per: 'key' },
];

/**
 * Endpoints this service adds beyond the spec (issue 4), in the same style:
 * documented in the OpenAPI description, rate-limited and authenticated.
 */
export type ExtensionEndpoint = SpecEndpoint & { readonly auth: 'public' | 'store' | 'megiah' };

export const extensionEndpoints: readonly ExtensionEndpoint[] = [
  { method: 'POST', path: '/api/v1/public/text-check', perMinute: 10, per: 'ip', auth: 'public' },
  { method: 'GET', path: '/api/v1/store/mezuzah-sticker/{uuid}', perMinute: 60, per: 'key', auth: 'store' },
  { method: 'POST', path: '/api/v1/store/mezuzah-sticker-sheet', perMinute: 10, per: 'key', auth: 'store' },
  { method: 'GET', path: '/api/v1/store/mezuzah-text-check/{uuid}', perMinute: 60, per: 'key', auth: 'store' },
  { method: 'POST', path: '/api/v1/megiah/verify-mezuzah/{uuid}', perMinute: 30, per: 'key', auth: 'megiah' },
  { method: 'POST', path: '/api/v1/megiah/reject-mezuzah/{uuid}', perMinute: 30, per: 'key', auth: 'megiah' },
  { method: 'GET', path: '/api/v1/store/webhook-endpoints', perMinute: 60, per: 'key', auth: 'store' },
  { method: 'POST', path: '/api/v1/store/webhook-endpoints', perMinute: 10, per: 'key', auth: 'store' },
  { method: 'DELETE', path: '/api/v1/store/webhook-endpoints/{id}', perMinute: 30, per: 'key', auth: 'store' },
  { method: 'POST', path: '/api/v1/store/webhook-endpoints/{id}/rotate-secret', perMinute: 10, per: 'key', auth: 'store' },
  { method: 'POST', path: '/api/v1/store/webhook-endpoints/{id}/test-event', perMinute: 10, per: 'key', auth: 'store' },
  { method: 'GET', path: '/api/v1/store/webhook-endpoints/{id}/deliveries', perMinute: 60, per: 'key', auth: 'store' },
  { method: 'GET', path: '/api/v1/store/credits-low-threshold', perMinute: 60, per: 'key', auth: 'store' },
  { method: 'POST', path: '/api/v1/store/credits-low-threshold', perMinute: 30, per: 'key', auth: 'store' },
];

/** Every endpoint of the API (not the HTML page /q/{code}). */
export const apiEndpoints: readonly SpecEndpoint[] = [...specEndpoints, ...extensionEndpoints];

export function concretePath(endpoint: SpecEndpoint, values: { uuid?: string; code?: string; id?: string } = {}): string {
  return endpoint.path
    .replace('{uuid}', values.uuid ?? '7d0d2a59-1111-4111-8111-111111111111')
    .replace('{code}', values.code ?? 'ZZZZZZZZZZZZ')
    .replace('{id}', values.id ?? 'we_0000000000000000');
}
