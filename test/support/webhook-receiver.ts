// A store's webhook receiver on loopback, as the tests need one: it keeps
// what it was sent, answers as told (a status, late, or never), and checks
// signatures as docs/partners.md tells a receiver to.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { readonly path: string; readonly headers: http.IncomingHttpHeaders; readonly body: string; readonly event: { id: string; type: string; created: string; data: Record<string, any> } };

/** What the receiver does with a request: answer `status` (after `delayMs`), or hold it unanswered. */
export type Answer = { readonly status: number; readonly delayMs?: number } | 'hang';

export type WebhookReceiver = {
  readonly url: string;
  readonly received: Received[];
  answer(decide: (request: Received, index: number) => Answer): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(path = '/hooks/mezuzah'): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let decide: (request: Received, index: number) => Answer = () => ({ status: 200 });
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry: Received = { path: request.url ?? '', headers: request.headers, body, event: JSON.parse(body) };
      received.push(entry);
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      const answer = decide(entry, received.length - 1);
      if (answer === 'hang') return;
      setTimeout(() => response.writeHead(answer.status, { 'content-type': 'text/plain' }).end('ok'), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    answer(next) {
      decide = next;
    },
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} webhook requests within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}

/** A receiver's check of `Mezuzah-Signature` (docs/partners.md): some v1 is the HMAC of `t.body` with the secret, and t is recent. */
export function signatureValid(received: Received, secret: string, options: { readonly nowSeconds?: number; readonly toleranceSeconds?: number } = {}): boolean {
  const header = String(received.headers['mezuzah-signature'] ?? '');
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string]);
  const t = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(t)) return false;
  if (Math.abs((options.nowSeconds ?? Date.now() / 1000) - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${received.body}`).digest();
  return parts.some(([name, value]) => name === 'v1' && value.length === 64 && timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
