// What a partner's validating proxy (Prism) or test suite (Ajv on live
// responses) checks: every answer the API gives, status by status, is what the
// served document says of that operation and status: valid against its
// schema, with no field the schema does not declare.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { LightMyRequestResponse } from 'fastify';
import { makeAccount, makeBuyer, makeKeyFor, makeMegiah, makeScroll, makeStore } from '../support/factories.ts';
import { blankPhoto, scrollPhoto, textPhoto } from '../support/photos.ts';
import { multipartForm } from '../support/multipart.ts';
import { register } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let document: Record<string, any>;
let validatorOf: (schema: object) => ((data: unknown) => boolean) & { errors?: unknown };
before(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  // The document's references, as named schemas the validator knows.
  const named = JSON.parse(JSON.stringify(document.components.schemas).replaceAll('"#/components/schemas/', '"schema:'));
  const external = Object.fromEntries(Object.entries(named).map(([name, schema]) => [`schema:${name}`, { ...(schema as object), $id: `schema:${name}` }]));
  const compile = AjvCompiler()(external, { customOptions: { strict: false, removeAdditional: false, coerceTypes: false, useDefaults: false } });
  validatorOf = (schema) =>
    compile({ schema: JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"schema:')), method: 'GET', url: '/', httpPart: 'body' }) as never;
});
after(() => t.close());

/** A schema as a reader resolves it: its reference followed, an allOf merged. */
function resolved(schema: Record<string, any>): Record<string, any> {
  if (schema.$ref !== undefined) return resolved(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
  if (schema.allOf === undefined) return schema;
  const parts = (schema.allOf as Record<string, any>[]).map(resolved);
  return { type: 'object', properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) };
}

/** Fields of `body` that `schema` does not declare, as paths. */
function undeclared(body: unknown, schema: Record<string, any>, where = ''): string[] {
  const declared = resolved(schema);
  if (Array.isArray(body)) return declared.items === undefined ? [] : body.flatMap((item, index) => undeclared(item, declared.items, `${where}[${index}]`));
  if (body === null || typeof body !== 'object' || declared.properties === undefined || declared.additionalProperties === true) return [];
  return Object.entries(body).flatMap(([name, value]) =>
    declared.properties[name] === undefined ? [`${where}.${name}`] : undeclared(value, declared.properties[name], `${where}.${name}`),
  );
}

const seen: string[] = [];

/** Checks one live answer against its operation's documented response. */
function conforms(method: string, template: string, response: LightMyRequestResponse): void {
  const operation = document.paths[template]?.[method.toLowerCase()];
  assert.ok(operation, `${method} ${template} is not documented`);
  const documented = operation.responses[String(response.statusCode)];
  assert.ok(documented, `${method} ${template}: status ${response.statusCode} is not documented`);
  const type = String(response.headers['content-type'] ?? '').split(';')[0];
  assert.ok(documented.content?.[type], `${method} ${template} ${response.statusCode}: ${type} is not documented`);
  if (type === 'application/json') {
    const schema = documented.content[type].schema;
    const validate = validatorOf(schema);
    const body = response.json();
    assert.ok(validate(body), `${method} ${template} ${response.statusCode}: ${JSON.stringify(validate.errors)}\n${response.body}`);
    assert.deepEqual(undeclared(body, schema), [], `${method} ${template} ${response.statusCode}: fields the document does not declare`);
  }
  seen.push(`${method} ${template} ${response.statusCode}`);
}

test('live answers of every operation, successes and refusals, are what the document says', async () => {
  const agent = await makeStore(t.deps, { credits: 5 });
  const plain = await makeStore(t.deps, { agent: false });
  const sofer = await makeAccount(t.deps, { role: 'sofer', confirmed: true });
  const megiah = await makeMegiah(t.deps);
  const megiahKey = await makeKeyFor(t.deps, megiah);
  const buyer = await makeBuyer(t.deps);
  const scroll = await makeScroll(t.deps, agent.account, { megiah: megiah.uuid, verified: true });
  const sold = await makeScroll(t.deps, agent.account);
  const key = (k: string) => ({ 'x-api-key': k });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const json = (method: 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, payload });
  const form = async (url: string, fields: Parameters<typeof multipartForm>[0], headers: Record<string, string> = {}) => {
    const body = multipartForm(fields);
    return t.app.inject({ method: 'POST', url, headers: { ...body.headers, ...headers }, payload: body.payload });
  };

  // Public.
  conforms('POST', '/api/v1/public/check-mezuzah', await form('/api/v1/public/check-mezuzah', { image: { data: scroll.photo } }));
  conforms('POST', '/api/v1/public/check-mezuzah', await form('/api/v1/public/check-mezuzah', { image: { data: await scrollPhoto() } }));
  conforms('POST', '/api/v1/public/check-mezuzah', await form('/api/v1/public/check-mezuzah', { image: { data: await blankPhoto() } }));
  conforms('POST', '/api/v1/public/compare-mezuzot', await form('/api/v1/public/compare-mezuzot', { image1: { data: scroll.photo }, image2: { data: scroll.photo } }));
  conforms('POST', '/api/v1/public/compare-mezuzot', await form('/api/v1/public/compare-mezuzot', { image1: { data: scroll.photo }, image2: { data: await blankPhoto() } }));
  conforms('POST', '/api/v1/public/text-check', await form('/api/v1/public/text-check', { image: { data: await textPhoto([[2, 3]]) } }));
  conforms('GET', '/api/v1/public/scan-qrcode/{code}', await get(`/api/v1/public/scan-qrcode/${scroll.qrCode}`));
  conforms('GET', '/api/v1/public/scan-qrcode/{code}', await get('/api/v1/public/scan-qrcode/ZZZZZZZZZZZZ'));

  // Store.
  const registered = await register(t.app, agent.key, { photo: await scrollPhoto(), sofer: sofer.uuid, megiah: megiah.uuid });
  conforms('POST', '/api/v1/store/register-mezuzah', registered);
  conforms('POST', '/api/v1/store/register-mezuzah', await register(t.app, plain.key, { photo: await scrollPhoto(), sofer: sofer.uuid, megiah: megiah.uuid }));
  conforms('POST', '/api/v1/store/register-mezuzah', await register(t.app, agent.key, { photo: await scrollPhoto(), sofer: 'nobody', megiah: megiah.uuid }));
  conforms('GET', '/api/v1/store/inventory', await get('/api/v1/store/inventory?per_page=3', key(agent.key)));
  conforms('GET', '/api/v1/store/inventory', await get('/api/v1/store/inventory?per_page=0', key(agent.key)));
  conforms('GET', '/api/v1/store/inventory', await get('/api/v1/store/inventory'));
  conforms('GET', '/api/v1/store/mezuzah/{uuid}', await get(`/api/v1/store/mezuzah/${scroll.uuid}`, key(agent.key)));
  conforms('GET', '/api/v1/store/mezuzah/{uuid}', await get(`/api/v1/store/mezuzah/${scroll.uuid}`, key(plain.key)));
  conforms('GET', '/api/v1/store/mezuzah/{uuid}', await get('/api/v1/store/mezuzah/00000000-0000-4000-8000-000000000000', key(agent.key)));
  conforms('GET', '/api/v1/store/mezuzah-certificate/{uuid}', await get(`/api/v1/store/mezuzah-certificate/${scroll.uuid}`, key(agent.key)));
  conforms('GET', '/api/v1/store/mezuzah-text-check/{uuid}', await get(`/api/v1/store/mezuzah-text-check/${scroll.uuid}`, key(agent.key)));
  conforms('GET', '/api/v1/store/mezuzah-sticker/{uuid}', await get(`/api/v1/store/mezuzah-sticker/${scroll.uuid}`, key(agent.key)));
  conforms('POST', '/api/v1/store/mezuzah-sticker-sheet', await json('POST', '/api/v1/store/mezuzah-sticker-sheet', key(agent.key), { uuids: [scroll.uuid] }));
  conforms('POST', '/api/v1/store/sell-mezuzah/{uuid}', await json('POST', `/api/v1/store/sell-mezuzah/${sold.uuid}`, key(agent.key), { to_uuid: buyer.uuid }));
  conforms('POST', '/api/v1/store/sell-mezuzah/{uuid}', await json('POST', `/api/v1/store/sell-mezuzah/${sold.uuid}`, key(agent.key), { to_uuid: buyer.uuid }));
  conforms('POST', '/api/v1/store/sell-mezuzah/{uuid}', await json('POST', `/api/v1/store/sell-mezuzah/${scroll.uuid}`, key(agent.key), {}));
  conforms('GET', '/api/v1/store/sales-history', await get('/api/v1/store/sales-history', key(agent.key)));
  conforms('GET', '/api/v1/store/credits', await get('/api/v1/store/credits', key(agent.key)));
  conforms('GET', '/api/v1/store/credits', await get('/api/v1/store/credits', key(megiahKey)));
  conforms('GET', '/api/v1/store/sofers-megiahs', await get('/api/v1/store/sofers-megiahs?role=megiah', key(agent.key)));
  conforms('GET', '/api/v1/store/sofers-megiahs/lookup', await get(`/api/v1/store/sofers-megiahs/lookup?email=${encodeURIComponent(megiah.email)}`, key(agent.key)));
  conforms('GET', '/api/v1/store/sofers-megiahs/lookup', await get('/api/v1/store/sofers-megiahs/lookup', key(agent.key)));
  conforms('GET', '/api/v1/store/sofers-megiahs/lookup', await get('/api/v1/store/sofers-megiahs/lookup?email=nobody%40x.test', key(agent.key)));

  // Webhooks.
  const created = await json('POST', '/api/v1/store/webhook-endpoints', key(agent.key), { url: 'http://127.0.0.1:9/hook', events: ['sale.recorded'] });
  conforms('POST', '/api/v1/store/webhook-endpoints', created);
  conforms('POST', '/api/v1/store/webhook-endpoints', await json('POST', '/api/v1/store/webhook-endpoints', key(agent.key), { url: 'ftp://x', events: ['sale.recorded'] }));
  const id = created.json().id as string;
  conforms('GET', '/api/v1/store/webhook-endpoints', await get('/api/v1/store/webhook-endpoints', key(agent.key)));
  conforms('POST', '/api/v1/store/webhook-endpoints/{id}/test-event', await json('POST', `/api/v1/store/webhook-endpoints/${id}/test-event`, key(agent.key)));
  conforms('GET', '/api/v1/store/webhook-endpoints/{id}/deliveries', await get(`/api/v1/store/webhook-endpoints/${id}/deliveries`, key(agent.key)));
  conforms('POST', '/api/v1/store/webhook-endpoints/{id}/rotate-secret', await json('POST', `/api/v1/store/webhook-endpoints/${id}/rotate-secret`, key(agent.key)));
  conforms('DELETE', '/api/v1/store/webhook-endpoints/{id}', await json('DELETE', `/api/v1/store/webhook-endpoints/${id}`, key(agent.key)));
  conforms('DELETE', '/api/v1/store/webhook-endpoints/{id}', await json('DELETE', `/api/v1/store/webhook-endpoints/${id}`, key(agent.key)));
  conforms('GET', '/api/v1/store/credits-low-threshold', await get('/api/v1/store/credits-low-threshold', key(agent.key)));
  conforms('POST', '/api/v1/store/credits-low-threshold', await json('POST', '/api/v1/store/credits-low-threshold', key(agent.key), { threshold: 3 }));
  conforms('POST', '/api/v1/store/credits-low-threshold', await json('POST', '/api/v1/store/credits-low-threshold', key(agent.key), { threshold: -3 }));

  // Megiah.
  conforms('POST', '/api/v1/megiah/reject-mezuzah/{uuid}', await json('POST', `/api/v1/megiah/reject-mezuzah/${scroll.uuid}`, key(megiahKey), { reason: 'other', note: 'Line 3.' }));
  conforms('POST', '/api/v1/megiah/verify-mezuzah/{uuid}', await json('POST', `/api/v1/megiah/verify-mezuzah/${scroll.uuid}`, key(megiahKey)));
  conforms('POST', '/api/v1/megiah/reject-mezuzah/{uuid}', await json('POST', `/api/v1/megiah/reject-mezuzah/${scroll.uuid}`, key(megiahKey), { reason: 'other', note: 'x' }));
  conforms('POST', '/api/v1/megiah/verify-mezuzah/{uuid}', await json('POST', `/api/v1/megiah/verify-mezuzah/${scroll.uuid}`, key(agent.key)));

  // Every documented operation was seen answering, and statuses of each kind.
  const operations = new Set(seen.map((entry) => entry.split(' ').slice(0, 2).join(' ')));
  const documentedOperations = Object.entries(document.paths as Record<string, object>).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
  assert.deepEqual([...operations].sort(), documentedOperations.sort());
  const statuses = new Set(seen.map((entry) => entry.split(' ')[2]));
  for (const status of ['200', '400', '401', '403', '404', '409']) assert.ok(statuses.has(status), `no ${status} seen`);
});

test('the checker catches an answer that strays from the document', () => {
  const schema = document.paths['/api/v1/store/credits'].get.responses['200'].content['application/json'].schema;
  assert.equal(validatorOf(schema)({ credits: 'many' }), false);
  assert.deepEqual(undeclared({ credits: 1, bonus: 2 }, schema), ['.bonus']);
});
