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

test('an OpenAPI 3 document listing exactly the spec endpoints and the documented extensions', () => {
  assert.match(doc.openapi, /^3\./);
  const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  assert.deepEqual(documented.sort(), apiEndpoints.map((e) => `${e.method} ${e.path}`).sort());
});

test('store and megiah endpoints declare the X-Api-Key scheme; public ones do not', () => {
  assert.deepEqual(doc.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  for (const e of apiEndpoints) {
    const operation = doc.paths[e.path][e.method.toLowerCase()];
    assert.equal(operation.security !== undefined, e.per === 'key', e.path);
  }
});

test('every endpoint documents its 429 body and rate limit; multipart bodies list their parts', () => {
  for (const e of apiEndpoints) {
    const operation = doc.paths[e.path][e.method.toLowerCase()];
    const tooMany = operation.responses['429'];
    assert.ok(tooMany, `${e.path} has no 429`);
    assert.deepEqual(tooMany.content['application/json'].schema.properties.error.enum, ['rate_limit_exceeded']);
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
    register.responses['400'].content['application/json'].schema.properties.status.enum.sort(),
    ['duplicate', 'invalid', 'invalid_request', 'no_credits'],
  );
});

test("the document states the service's decisions", () => {
  const text = doc.info.description as string;
  for (const decision of ['unauthorized', 'invalid_request', 'too_large', 'per_page', '25 MB', '100 megapixels', 'HEIC/HEIF', 'rounded to 2 decimals', 'RATE_LIMIT_SCALE', 'append-only', 'Retry-After', 'no webhooks', '/api/v2/']) {
    assert.ok(text.includes(decision), `missing: ${decision}`);
  }
  const sell = doc.paths['/api/v1/store/sell-mezuzah/{uuid}'].post;
  assert.ok(sell.requestBody.content['application/json'].schema.properties.buyer);
  assert.ok(sell.responses['200'].content['application/json'].schema.properties.to_uuid);
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
  assert.ok(sheet.requestBody.content['application/json'].schema.properties.uuids);
  const verify = doc.paths['/api/v1/megiah/verify-mezuzah/{uuid}'].post;
  assert.deepEqual(Object.keys(verify.responses).sort(), ['200', '401', '403', '404', '429', '500']);
  const reject = doc.paths['/api/v1/megiah/reject-mezuzah/{uuid}'].post;
  assert.deepEqual(Object.keys(reject.responses).sort(), ['200', '400', '401', '403', '404', '409', '413', '429', '500']);
  const body = reject.requestBody.content['application/json'].schema;
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
  const body = operation.responses['200'].content['application/json'].schema;
  const kind = body.properties.findings.items.properties.kind;
  assert.deepEqual(kind.enum, [...TEXT_FINDING_KINDS]);
  for (const name of TEXT_FINDING_KINDS) assert.ok(kind.description.includes(`\`${name}\`:`), `kind ${name} is not described`);
  assert.match(body.properties.read.description, /713 letters/);
  assert.deepEqual(operation.responses['400'].content['application/json'].schema.properties.status.enum.sort(), ['invalid', 'invalid_request']);
  assert.deepEqual(Object.keys(operation.responses).sort(), ['200', '400', '413', '429', '500', '503']);
});

test("a scroll's stored text check documents its states, and which fields are null until it is done", () => {
  const operation = doc.paths['/api/v1/store/mezuzah-text-check/{uuid}'].get;
  const body = operation.responses['200'].content['application/json'].schema;
  assert.deepEqual(body.properties.state.enum, ['pending', 'done', 'failed']);
  for (const field of ['checked_time', 'verdict', 'findings', 'read', 'failure']) assert.equal(body.properties[field].nullable, true, field);
  for (const field of ['verdict', 'findings', 'read']) assert.match(body.properties[field].description, /null until the check is `done`/, field);
  assert.ok(operation.description.includes('aid to the megiah'));
  assert.deepEqual(Object.keys(operation.responses).sort(), ['200', '401', '403', '404', '429', '500']);
});
