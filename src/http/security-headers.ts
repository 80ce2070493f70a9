// Security headers on every response, in one place (helmet), with what the
// API needs as the default; a page that loads anything states its own policy
// (portal pages through sendHtml, the QR page in its route).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A JSON answer, an image or a PDF loads nothing and belongs in no frame. */
const NOTHING_TO_LOAD = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/** HSTS for a year once a browser has reached us over HTTPS (browsers ignore it over plain HTTP). */
const HSTS_MAX_AGE_S = 365 * 24 * 3600;

export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: NOTHING_TO_LOAD },
    // Partners show previews and certificates on their own sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The portal's forms are checked against their Origin/Referer; a page with a credential in its URL sets no-referrer itself.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false },
    xFrameOptions: { action: 'deny' },
  });
  // A response to a request that carried an API key holds that store's data:
  // no browser, proxy or CDN may keep it, unless its route said otherwise.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers['x-api-key'] !== undefined && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
