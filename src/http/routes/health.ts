// Probes for orchestrators and load balancers, outside the versioned API and
// without rate limits (they are called every few seconds by infrastructure).
// /healthz: the process serves HTTP (liveness; restart it if this fails).
// /readyz: this node should receive traffic: it is not draining and its
// database answers. Its fingerprint index was loaded before it listened, so
// readiness needs no index check. Rate limits falling back to local counters
// (Redis unreachable) is reported but does not make a node unready: it still
// serves correctly, only limits are counted per node.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';

const readyBody = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['ready', 'not_ready'] },
    reason: { type: 'string' },
    database: { type: 'string', enum: ['ok', 'unreachable'] },
    rate_limits: { type: 'string', enum: ['local', 'shared', 'degraded'] },
    indexed_scrolls: { type: 'integer' },
  },
} as const;

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: 'GET',
    url: '/healthz',
    schema: {
      hide: true,
      response: { 200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    method: 'GET',
    url: '/readyz',
    schema: { hide: true, response: { 200: readyBody, 503: readyBody } },
    handler: async (request, reply) => {
      const rateLimits = deps.rateLimit.store.mode;
      if (deps.lifecycle.draining) return reply.code(503).send({ status: 'not_ready', reason: 'draining', rate_limits: rateLimits });
      try {
        await deps.db.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unreachable');
        return reply
          .code(503)
          .send({ status: 'not_ready', reason: 'database unreachable', database: 'unreachable', rate_limits: rateLimits });
      }
      return { status: 'ready', database: 'ok', rate_limits: rateLimits, indexed_scrolls: deps.engine.indexedCount };
    },
  });
}
