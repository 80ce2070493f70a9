import type { FastifyInstance } from 'fastify';

export function openapiRoute(app: FastifyInstance): void {
  app.route({
    method: 'GET',
    url: '/api/v1/openapi.json',
    schema: { hide: true },
    handler: async () => app.swagger(),
  });
}
