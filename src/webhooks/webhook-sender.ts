// Sends webhook deliveries over HTTP(S), and vets the URLs stores give. The
// address a delivery connects to is checked as it is resolved, at every
// attempt (the lookup below), not only when the endpoint was created: a name
// that resolved to a public address then may resolve to a private one now
// (DNS rebinding). Redirects are not followed: a 3xx is a failed attempt.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { WebhookAttemptResult } from '../db/records.ts';
import { isPublicAddress } from './public-addresses.ts';

export type WebhookSender = {
  /** How long one attempt may take. */
  readonly timeoutMs: number;
  /** Why `url` may not receive deliveries, or null when it may. */
  vet(url: string): Promise<string | null>;
  /** POSTs `body`; never throws: a failure is a result with no status and its reason. */
  post(url: string, body: string, headers: Readonly<Record<string, string>>): Promise<WebhookAttemptResult>;
};

export type WebhookSenderOptions = {
  /** Private and loopback addresses, and plain http, allowed (WEBHOOK_ALLOW_PRIVATE_URLS): for development and tests. */
  readonly allowPrivate: boolean;
  /** How long an attempt may take, connection to the end of the answer (WEBHOOK_TIMEOUT_MS). */
  readonly timeoutMs: number;
};

/** Where an error message is kept short for the delivery log. */
const MAX_ERROR_LENGTH = 300;

export function httpWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const allowed = (address: string) => options.allowPrivate || isPublicAddress(address);

  /** dns.lookup for the request, keeping only allowed addresses (a name with none fails the attempt). */
  const guardedLookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = addresses.filter((entry) => allowed(entry.address));
      if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to no public address`), { code: 'ENOTPUBLIC' }), '', 0);
      if (lookupOptions.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };

  return {
    timeoutMs: options.timeoutMs,
    async vet(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return 'url must be an absolute URL.';
      }
      if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) return 'url must be an https:// URL.';
      if (url.username !== '' || url.password !== '') return 'url must not carry a user name or password.';
      if (url.hash !== '') return 'url must not carry a fragment.';
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const addresses = net.isIP(host) !== 0 ? [host] : await resolve(host);
      if (addresses.length === 0) return `url's host ${host} cannot be resolved.`;
      if (!addresses.every(allowed)) return `url's host ${host} is not a public address (private, loopback, link-local and reserved addresses are refused).`;
      return null;
    },

    post(raw, body, headers) {
      const started = performance.now();
      return new Promise<WebhookAttemptResult>((settle) => {
        let settled = false;
        let timer: NodeJS.Timeout | undefined;
        const finish = (status: number | null, error: string | null) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          settle({ status, error: error === null ? null : error.slice(0, MAX_ERROR_LENGTH), durationMs: performance.now() - started });
        };
        const url = new URL(raw);
        const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
        if (net.isIP(host) !== 0 && !allowed(host)) return finish(null, `${host} is not a public address`);
        const client = url.protocol === 'https:' ? https : http;
        const request = client.request(
          url,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            lookup: guardedLookup,
            // One connection an attempt: nothing is pooled between stores' endpoints.
            agent: false,
          },
          (response) => {
            // The status is the answer; its body is not read, and the connection is not kept.
            finish(response.statusCode ?? null, null);
            response.destroy();
          },
        );
        timer = setTimeout(() => {
          request.destroy();
          finish(null, `no answer within ${options.timeoutMs} ms`);
        }, options.timeoutMs);
        request.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code === undefined ? error.message : `${error.code}: ${error.message}`));
        request.end(body);
      });
    },
  };
}

function resolve(hostname: string): Promise<string[]> {
  return new Promise((settle) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => settle(error ? [] : addresses.map((entry) => entry.address)));
  });
}
