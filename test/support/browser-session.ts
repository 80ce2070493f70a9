// A browser for app.inject(): keeps cookies between requests, reads each
// page's CSRF token, and submits forms as a browser on this site would.
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Account } from '../../src/db/records.ts';
import { setPassword } from '../../src/domain/set-password.ts';
import type { DomainDeps } from '../../src/domain/deps.ts';
import { multipartForm, type FormFile } from './multipart.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

export type PortalBrowser = {
  readonly cookies: Map<string, string>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Submits a url-encoded form; the CSRF token of the last page seen is added unless `_csrf` is given. */
  post(url: string, fields?: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Submits a multipart form (photo uploads), with the CSRF token as its first field. */
  upload(url: string, fields: Record<string, string | FormFile | undefined>): Promise<LightMyRequestResponse>;
  /** The CSRF token in the last HTML page fetched. */
  readonly csrf: string | undefined;
};

export function portalBrowser(app: FastifyInstance, remoteAddress = '127.0.0.1'): PortalBrowser {
  const cookies = new Map<string, string>();
  let csrf: string | undefined;
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || cookie.maxAge === 0) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body);
    if (token !== null) csrf = token[1];
    return response;
  };
  const base = (extra: Record<string, string> = {}) => ({ accept: 'text/html', ...(cookies.size > 0 ? { cookie: cookieHeader() } : {}), ...extra });
  return {
    cookies,
    get csrf() {
      return csrf;
    },
    async get(url, headers) {
      return remember(await app.inject({ method: 'GET', url, headers: base(headers), remoteAddress }));
    },
    async post(url, fields = {}, headers) {
      const body = new URLSearchParams({ _csrf: csrf ?? '', ...fields }).toString();
      return remember(
        await app.inject({
          method: 'POST',
          url,
          headers: base({ 'content-type': 'application/x-www-form-urlencoded', ...headers }),
          payload: body,
          remoteAddress,
        }),
      );
    },
    async upload(url, fields) {
      const form = multipartForm({ _csrf: csrf ?? '', ...fields });
      return remember(await app.inject({ method: 'POST', url, headers: base(form.headers), payload: form.payload, remoteAddress }));
    },
  };
}

/** Gives the account a password and signs a new browser in with it. */
export async function signedInBrowser(
  app: FastifyInstance,
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  account: Account,
): Promise<PortalBrowser> {
  const set = await setPassword(deps, account, TEST_PASSWORD);
  assert.ok(set.ok);
  const browser = portalBrowser(app);
  await browser.get('/sign-in');
  const response = await browser.post('/sign-in', { email: account.email, password: TEST_PASSWORD });
  assert.equal(response.statusCode, 303, response.body);
  return browser;
}
