// Cross-origin requests (CORS), for the public operations alone: a shop's web
// page may check a photo, compare two or resolve a sticker from the buyer's
// browser. Store and megiah operations answer no preflight and carry no CORS
// header, so no browser page can call them: an API key belongs in a server,
// never in a page its visitors can read.
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import { RATE_LIMIT_HEADERS } from './rate-limit/rate-limit.ts';

const OPENAPI_PATH = '/api/v1/openapi.json';

/** What a page may call from another origin: the public operations, and the document that describes them. */
function isOpenToPages(request: FastifyRequest): boolean {
  const { url } = request;
  if (url.startsWith('/api/v1/public/')) return true;
  // The document, with or without a query string (no string is built: this runs on every request).
  return url.startsWith(OPENAPI_PATH) && (url.length === OPENAPI_PATH.length || url[OPENAPI_PATH.length] === '?');
}

/** A browser may cache a preflight's answer this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_S = 7200;

export async function publicCors(app: FastifyInstance, origins: AppDeps['corsOrigins']): Promise<void> {
  const open = {
    origin: origins === '*' ? '*' : [...origins],
    methods: ['GET', 'POST'],
    // multipart/form-data needs no preflight; a page that sends anything else may ask.
    allowedHeaders: ['Content-Type'],
    // A page reads how much of its limit is left, and how long to wait after a 429 or 503.
    exposedHeaders: [...RATE_LIMIT_HEADERS, 'Retry-After'],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_S,
  };
  await app.register(cors, {
    delegator: (request, callback) => callback(null, isOpenToPages(request) ? open : { origin: false }),
  });
}
