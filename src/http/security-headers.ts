// Security headers on every response, in one place, with what the API needs
// as the default; a page that loads anything states its own policy (portal
// pages through sendHtml, the QR page in its route). helmet decides the
// headers once, at start-up: with no nonce, its answer is the same for every
// request, and running its middleware per request (as @fastify/helmet does)
// cost about a seventh of a small JSON answer (decision 031).
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A JSON answer, an image or a PDF loads nothing and belongs in no frame. */
const NOTHING_TO_LOAD = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/** HSTS for a year once a browser has reached us over HTTPS (browsers ignore it over plain HTTP). */
const HSTS_MAX_AGE_S = 365 * 24 * 3600;

const policy: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: NOTHING_TO_LOAD },
  // Partners show previews and certificates on their own sites.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  // The portal's forms are checked against their Origin/Referer; a page with a credential in its URL sets no-referrer itself.
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false },
  xFrameOptions: { action: 'deny' },
  // Fastify sends no X-Powered-By: nothing to remove.
  xPoweredBy: false,
};

/** The headers helmet sets for `options`, read by running its middleware once against a response that only records them. */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined && error !== null) throw error;
    finished = true;
  });
  // helmet's middleware is synchronous; if a version ever is not, the headers above would be partial.
  if (!finished) throw new Error('helmet did not finish synchronously; its headers cannot be computed once.');
  return Object.freeze(headers);
}

export function securityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders(policy);
  app.addHook('onRequest', function setSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    reply.headers(headers);
    done();
  });
  // A response to a request that carried an API key holds that store's data:
  // no browser, proxy or CDN may keep it, unless its route said otherwise.
  app.addHook('onSend', function noStoreForKeys(request, reply, payload, done) {
    if (request.headers['x-api-key'] !== undefined && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
