// A multipart body that cannot be parsed is the client's mistake: 400
// `invalid_request` with a message saying what is wrong, on every upload
// route of the API and the portal, never a 500.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let key: string;
let agentBrowser: PortalBrowser;
before(async () => {
  t = await createTestApp();
  const store = await makeStore(t.deps);
  key = store.key;
  agentBrowser = await signedInBrowser(t.app, t.deps, store.account);
});
after(() => t.close());

const BOUNDARY = 'xyzBOUNDARYxyz';

/** Bodies busboy refuses, each with the content type it is sent under. */
const MALFORMED: readonly { readonly name: string; readonly contentType: string; readonly body: string; readonly msg: RegExp }[] = [
  { name: 'no boundary at all (curl --data under a multipart type)', contentType: 'multipart/form-data', body: 'xx', msg: /^The multipart body is malformed: .*boundary/i },
  {
    name: 'a file part cut off before its closing boundary',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff\u00e0 half a photo`,
    msg: /^The multipart body is malformed: Unexpected end of (form|multipart data)\.$/,
  },
  {
    name: 'a part header without its blank line',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n--${BOUNDARY}--\r\n`,
    // Busboy reads the boundary line as the end of the part's headers: a form without its photo.
    msg: /is required \(a file\)\.$/,
  },
];

describe('the API', () => {
  const routes = [
    { url: '/api/v1/public/check-mezuzah', headers: {} },
    { url: '/api/v1/public/compare-mezuzot', headers: {} },
    { url: '/api/v1/public/text-check', headers: {} },
    { url: '/api/v1/store/register-mezuzah', headers: { get 'x-api-key'() { return key; } } },
  ];
  for (const route of routes) {
    for (const body of MALFORMED) {
      test(`${route.url}: ${body.name} → 400 invalid_request`, async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: route.url,
          headers: { ...route.headers, 'content-type': body.contentType },
          payload: body.body,
        });
        assert.equal(response.statusCode, 400, response.body);
        const answer = response.json() as { status: string; msg: string };
        assert.equal(answer.status, 'invalid_request');
        assert.match(answer.msg, body.msg);
        assert.equal(t.engine.requesters.length, 0, 'no photo reaches the engine');
      });
    }
  }
});

describe('the portal', () => {
  for (const url of ['/check', '/check/compare', '/store/register']) {
    for (const body of MALFORMED) {
      test(`${url}: ${body.name} → the 400 page`, async () => {
        await agentBrowser.get(url === '/store/register' ? url : '/check');
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            accept: 'text/html',
            cookie: [...agentBrowser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
            origin: 'http://localhost:80',
            'content-type': body.contentType,
          },
          payload: body.body,
        });
        assert.equal(response.statusCode, 400, response.body.slice(0, 200));
        assert.match(String(response.headers['content-type']), /text\/html/);
      });
    }
  }
});
