import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEXT_FINDING_KINDS } from '../../src/engine/types.ts';
import { apiEndpoints, extensionEndpoints, specEndpoints } from '../support/endpoints.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let doc: Record<string, any>;
before(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /application\/json/);
  doc = res.json();
});
after(() => t.close());

/** A schema with its reference followed and an `allOf` merged (properties and required alike), as a reader of the document sees it. */
function resolved(schema: Record<string, any>): Record<string, any> {
  if (schema.$ref !== undefined) return resolved(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
  if (schema.allOf === undefined) return schema;
  const parts = (schema.allOf as Record<string, any>[]).map(resolved);
  return {
    ...schema,
    type: 'object',
    required: parts.flatMap((part) => part.required ?? []),
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
  };
}

const jsonBody = (response: Record<string, any>) => resolved(response.content['application/json'].schema);

test('an OpenAPI 3 document listing exactly the spec endpoints and the documented extensions', () => {
  assert.match(doc.openapi, /^3\./);
  const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  assert.deepEqual(documented.sort(), apiEndpoints.map((e) => `${e.method} ${e.path}`).sort());
});

test('store and megiah endpoints declare the X-Api-Key scheme; public ones declare that they need none', () => {
  assert.deepEqual(doc.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  for (const e of apiEndpoints) {
    const operation = doc.paths[e.path][e.method.toLowerCase()];
    assert.deepEqual(operation.security, e.per === 'key' ? [{ apiKey: [] }] : [], e.path);
  }
});

test('every operation has an operationId, unique, a camelCase verb and its object', () => {
  const ids = apiEndpoints.map((e) => doc.paths[e.path][e.method.toLowerCase()].operationId as string);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^(check|compare|scan|register|list|get|set|sell|lookup|print|verify|reject|create|delete|rotate|send)[A-Z][A-Za-z]+$/, id);
  assert.equal(doc.paths['/api/v1/store/sell-mezuzah/{uuid}'].post.operationId, 'sellMezuzah');
  assert.equal(doc.paths['/api/v1/public/check-mezuzah'].post.operationId, 'checkMezuzah');
});

test("every resource of the spec is a named schema, and the routes refer to it by name", () => {
  const named = Object.keys(doc.components.schemas);
  for (const name of [
    'MezuzahRecord', 'PublicCheckResult', 'Comparison', 'QrResolution', 'CertificateUrls', 'SaleRecord', 'DirectoryEntry', 'CreditBalance',
    'MezuzahPage', 'SalePage', 'DirectoryPage', 'Error', 'RateLimitExceeded', 'SaleRequest',
  ]) {
    assert.ok(named.includes(name), `no schema named ${name}`);
  }
  const schemaOf = (path: string, method = 'get') => doc.paths[path][method].responses['200'].content['application/json'].schema;
  assert.deepEqual(schemaOf('/api/v1/store/mezuzah/{uuid}'), { $ref: '#/components/schemas/MezuzahRecord' });
  assert.deepEqual(schemaOf('/api/v1/store/inventory'), { $ref: '#/components/schemas/MezuzahPage' });
  assert.deepEqual(doc.components.schemas.MezuzahPage.properties.mezuzot.items, { $ref: '#/components/schemas/MezuzahRecord' });
  assert.deepEqual(schemaOf('/api/v1/public/check-mezuzah', 'post'), { $ref: '#/components/schemas/PublicCheckResult' });
  // Every reference in the document names a schema it holds.
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? [];
  assert.ok(refs.length > 40);
  for (const ref of refs) assert.ok(named.includes(ref.slice(8, -1).replace('#/components/schemas/', '')), ref);
  const rateLimited = doc.paths['/api/v1/store/credits'].get.responses['429'].content['application/json'].schema;
  assert.deepEqual(rateLimited, { $ref: '#/components/schemas/RateLimitExceeded' });
});

test('the sale body is exactly one of to_uuid or buyer', () => {
  const body = doc.paths['/api/v1/store/sell-mezuzah/{uuid}'].post.requestBody.content['application/json'].schema;
  assert.deepEqual(body, { $ref: '#/components/schemas/SaleRequest' });
  const sale = doc.components.schemas.SaleRequest;
  assert.deepEqual(sale.oneOf.map((branch: { required: string[] }) => branch.required), [['to_uuid'], ['buyer']]);
});

test('page parameters are integers with their bounds and defaults', () => {
  for (const path of ['/api/v1/store/inventory', '/api/v1/store/sales-history', '/api/v1/store/sofers-megiahs']) {
    const parameters = doc.paths[path].get.parameters as { name: string; in: string; schema: Record<string, unknown> }[];
    const page = parameters.find((parameter) => parameter.name === 'page')!;
    const perPage = parameters.find((parameter) => parameter.name === 'per_page')!;
    assert.deepEqual([page.in, page.schema.type, page.schema.minimum, page.schema.default], ['query', 'integer', 0, 0], path);
    assert.deepEqual([perPage.schema.type, perPage.schema.minimum, perPage.schema.maximum, perPage.schema.default], ['integer', 1, 100, 20], path);
  }
});

test('every JSON request and response carries an example, and each example fits its schema', () => {
  const exampleOf = (media: Record<string, any>) =>
    media.example ?? (media.examples === undefined ? undefined : Object.values(media.examples as Record<string, { value: unknown }>)[0].value) ?? resolved(media.schema).example;
  for (const e of apiEndpoints) {
    const operation = doc.paths[e.path][e.method.toLowerCase()];
    const media = [
      ...Object.entries(operation.responses as Record<string, any>).map(([status, response]) => [status, response.content?.['application/json']]),
      ['request', operation.requestBody?.content['application/json']],
    ].filter(([, content]) => content !== undefined);
    for (const [what, content] of media) {
      const example = exampleOf(content);
      assert.ok(example !== undefined, `${e.path} ${what}: no example`);
      const schema = resolved(content.schema);
      for (const field of schema.required ?? []) assert.ok(field in example, `${e.path} ${what}: the example lacks ${field}`);
    }
  }
});

test('every endpoint documents its 429 body and rate limit; multipart bodies list their parts', () => {
  for (const e of apiEndpoints) {
    const operation = doc.paths[e.path][e.method.toLowerCase()];
    const tooMany = operation.responses['429'];
    assert.ok(tooMany, `${e.path} has no 429`);
    assert.deepEqual(jsonBody(tooMany).properties.error.enum, ['rate_limit_exceeded']);
    assert.match(operation.description, new RegExp(`${e.perMinute} per minute per ${e.per === 'key' ? 'key' : 'IP'}`));
  }
  const register = doc.paths['/api/v1/store/register-mezuzah'].post;
  const form = register.requestBody.content['multipart/form-data'].schema;
  assert.deepEqual(
    Object.keys(form.properties).sort(),
    ['examinateddate', 'font', 'megiah', 'mezuzah', 'note', 'owner_uuid', 'size', 'sofer', 'writtendate'],
  );
  assert.equal(form.properties.mezuzah.format, 'binary');
  assert.deepEqual(
    jsonBody(register.responses['400']).properties.status.enum.sort(),
    ['duplicate', 'invalid', 'invalid_request', 'no_credits'],
  );
});

test("the document states the service's decisions", () => {
  const text = doc.info.description as string;
  for (const decision of ['unauthorized', 'invalid_request', 'too_large', 'per_page', '25 MB', '100 megapixels', 'HEIC/HEIF', 'rounded to 2 decimals', 'RATE_LIMIT_SCALE', 'append-only', 'Retry-After', 'Mezuzah-Signature', 'at least once', 'credits.low', '/api/v2/']) {
    assert.ok(text.includes(decision), `missing: ${decision}`);
  }
  const sell = doc.paths['/api/v1/store/sell-mezuzah/{uuid}'].post;
  assert.ok(resolved(sell.requestBody.content['application/json'].schema).properties.buyer);
  assert.ok(jsonBody(sell.responses['200']).properties.to_uuid);
});

test('endpoints beyond the spec say so, and document their binary responses', () => {
  for (const e of extensionEndpoints) {
    const operation = doc.paths[e.path][e.method.toLowerCase()];
    assert.match(operation.summary, /beyond the spec/, e.path);
  }
  const sticker = doc.paths['/api/v1/store/mezuzah-sticker/{uuid}'].get;
  assert.deepEqual(Object.keys(sticker.responses['200'].content).sort(), ['image/png', 'image/svg+xml']);
  const sheet = doc.paths['/api/v1/store/mezuzah-sticker-sheet'].post;
  assert.deepEqual(Object.keys(sheet.responses['200'].content), ['application/pdf']);
  assert.ok(resolved(sheet.requestBody.content['application/json'].schema).properties.uuids);
  const verify = doc.paths['/api/v1/megiah/verify-mezuzah/{uuid}'].post;
  assert.deepEqual(Object.keys(verify.responses).sort(), ['200', '401', '403', '404', '429', '500']);
  const reject = doc.paths['/api/v1/megiah/reject-mezuzah/{uuid}'].post;
  assert.deepEqual(Object.keys(reject.responses).sort(), ['200', '400', '401', '403', '404', '409', '413', '429', '500']);
  const body = resolved(reject.requestBody.content['application/json'].schema);
  assert.deepEqual(body.required, ['reason']);
  assert.ok(body.properties.reason.enum.includes('other'));
  for (const decision of ['already_verified', 'already_rejected: true', 'another reason', 'Verifying a rejected scroll']) {
    assert.ok(reject.description.includes(decision), `reject-mezuzah does not document: ${decision}`);
  }
});

test('the text check documents every kind of finding, what `read` means, and that it is an aid to the megiah, never a ruling', () => {
  const operation = doc.paths['/api/v1/public/text-check'].post;
  for (const words of ['aid to the megiah', 'never a ruling', '713 letters', '`read`']) {
    assert.ok(operation.description.includes(words), `text-check does not say: ${words}`);
  }
  const body = jsonBody(operation.responses['200']);
  const kind = resolved(body.properties.findings.items).properties.kind;
  assert.deepEqual(kind.enum, [...TEXT_FINDING_KINDS]);
  for (const name of TEXT_FINDING_KINDS) assert.ok(kind.description.includes(`\`${name}\`:`), `kind ${name} is not described`);
  assert.match(resolved(body.properties.read).description, /713 letters/);
  assert.deepEqual(jsonBody(operation.responses['400']).properties.status.enum.sort(), ['invalid', 'invalid_request']);
  assert.deepEqual(Object.keys(operation.responses).sort(), ['200', '400', '413', '429', '500', '503']);
});

test("a scroll's stored text check documents its states, and which fields are null until it is done", () => {
  const operation = doc.paths['/api/v1/store/mezuzah-text-check/{uuid}'].get;
  const body = jsonBody(operation.responses['200']);
  assert.deepEqual(body.properties.state.enum, ['pending', 'done', 'failed']);
  for (const field of ['checked_time', 'verdict', 'findings', 'read', 'failure']) assert.equal(body.properties[field].nullable, true, field);
  for (const field of ['verdict', 'findings', 'read']) assert.match(body.properties[field].description, /null until the check is `done`/, field);
  assert.ok(operation.description.includes('aid to the megiah'));
  assert.deepEqual(Object.keys(operation.responses).sort(), ['200', '401', '403', '404', '429', '500']);
});
