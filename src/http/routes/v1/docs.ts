// GET /api/v1/docs: the partner API's interactive reference (Swagger UI, served
// from node_modules by @fastify/swagger-ui: no CDN), built from the same
// document as /api/v1/openapi.json. "Try it out" sends requests to the server
// that serves the page, with an X-Api-Key typed into "Authorize"; the key is
// kept in the page alone, never in the browser's storage.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const DOCS_PATH = '/api/v1/docs';

/**
 * Swagger UI loads its own scripts and styles, sets inline styles, shows
 * images from data: URLs, and calls this server when a request is tried;
 * nothing else, and from nowhere else.
 */
const REFERENCE_PAGE_POLICY = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export async function docsRoute(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: REFERENCE_PAGE_POLICY,
    uiConfig: {
      // The public validator badge would send the document to swagger.io.
      validatorUrl: null,
      persistAuthorization: false,
      tryItOutEnabled: true,
      displayOperationId: true,
      defaultModelsExpandDepth: 1,
    },
    theme: { title: 'Mezuzah Registry partner API' },
    // Requests tried from the page go to the server that serves it, whatever PUBLIC_BASE_URL says.
    transformSpecification: (document) => ({ ...document, servers: [{ url: '/', description: 'This server' }] }),
  });
}
