import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { makeScroll, makeStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let uuid: string;
before(async () => {
  t = await createTestApp();
  const store = await makeStore(t.deps);
  uuid = (await makeScroll(t.deps, store.account)).uuid;
});
after(() => t.close());

test('a public preview is served with its type and a long cache lifetime', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/static/previews/${uuid}.jpg` });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'image/jpeg');
  assert.match(String(res.headers['cache-control']), /immutable/);
});

for (const url of [
  `/static/../private/photos/UUID`,
  `/static/%2e%2e/private/photos/UUID`,
  `/static/previews/..%2f..%2fprivate%2fphotos%2fUUID`,
  `/static/previews/UUID`,
  `/static/previews/.tmp-0000`,
  `/static/previews/missing.jpg`,
]) {
  test(`nothing private or partial is reachable: ${url}`, async () => {
    const res = await t.app.inject({ method: 'GET', url: url.replace('UUID', uuid) });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().status, 'not_found');
  });
}

test('unknown endpoints are 404 {msg, status}', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/store/nothing-here' });
  assert.equal(res.statusCode, 404);
  assert.equal(res.json().status, 'not_found');
});

// The router refuses these before any route or hook runs; they still get the API's error body.
for (const [name, url, says] of [
  ['a path parameter over 100 characters', `/api/v1/public/scan-qrcode/${'A'.repeat(101)}`, /longer than 100 characters/],
  ['a path parameter over 100 characters, on a page', `/q/${'A'.repeat(101)}`, /longer than 100 characters/],
  ['a broken percent escape in the path', '/api/v1/store/mezuzah/%zz', /percent sign/],
] as const) {
  test(`${name} is 400 {msg, status: invalid_request}, not the framework's body`, async () => {
    const res = await t.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['msg', 'status']);
    assert.equal(body.status, 'invalid_request');
    assert.match(body.msg, says);
  });
}

test('a path parameter of exactly 100 characters reaches its route', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/public/scan-qrcode/${'A'.repeat(100)}` });
  assert.equal(res.statusCode, 404);
  assert.deepEqual(res.json(), { status: 'not_found' });
});
