// Sends webhook deliveries over HTTP(S), and vets the URLs stores give. A
// host's addresses are resolved at every attempt, the non-public ones dropped,
// and the connection made to what is left, so a name that resolved to a
// public address when the endpoint was created and to a private one now (DNS
// rebinding) reaches nothing. Names are resolved by the DNS resolver with a
// bounded wait, off the thread pool that file and password work use, so a
// store's nameserver that never answers holds nothing else up. Redirects are
// not followed: a 3xx is a failed attempt.
import { Resolver } from 'node:dns/promises';
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

/** A DNS query's wait, twice at most: a nameserver slower than this serves no webhook. */
const DNS_TIMEOUT_MS = 2000;
const DNS_TRIES = 2;

/** `localhost` and its subdomains are this machine (RFC 6761), whatever a resolver says. */
const LOCALHOST = /(^|\.)localhost\.?$/i;

export function httpWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const allowed = (address: string) => options.allowPrivate || isPublicAddress(address);
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });

  /** The host's addresses: itself for an IP literal; none when it cannot be resolved. */
  const addressesOf = async (host: string): Promise<string[]> => {
    if (net.isIP(host) !== 0) return [host];
    if (LOCALHOST.test(host)) return ['127.0.0.1', '::1'];
    const found = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    return found.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
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
      const addresses = await addressesOf(host);
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
        let request: http.ClientRequest | undefined;
        // The whole attempt, its name's resolution included.
        timer = setTimeout(() => {
          request?.destroy();
          finish(null, `no answer within ${options.timeoutMs} ms`);
        }, options.timeoutMs);
        const url = new URL(raw);
        if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) return finish(null, 'not an https:// URL');
        const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
        void addressesOf(host).then((addresses) => {
          if (settled) return;
          const usable = addresses.filter(allowed);
          if (usable.length === 0) return finish(null, addresses.length === 0 ? `${host} cannot be resolved` : `${host} is not a public address`);
          // The connection goes to the addresses just checked, never to a second resolution's.
          const pinned: net.LookupFunction = (_hostname, lookupOptions, callback) => {
            const entries = usable.map((address) => ({ address, family: net.isIP(address) }));
            if (lookupOptions.all) return (callback as unknown as (error: null, addresses: typeof entries) => void)(null, entries);
            callback(null, entries[0].address, entries[0].family);
          };
          const client = url.protocol === 'https:' ? https : http;
          request = client.request(
            url,
            {
              method: 'POST',
              headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
              lookup: pinned,
              // One connection an attempt: nothing is pooled between stores' endpoints.
              agent: false,
            },
            (response) => {
              // The status is the answer; its body is not read, and the connection is not kept.
              finish(response.statusCode ?? null, null);
              response.destroy();
            },
          );
          request.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code === undefined ? error.message : `${error.code}: ${error.message}`));
          request.end(body);
        });
      });
    },
  };
}
