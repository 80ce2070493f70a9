// GET /metrics: the node's metrics in Prometheus' text format (metrics/metrics.ts),
// beside /healthz and /readyz: outside the versioned API, not in its document,
// not rate limited (a scraper calls it every few seconds). With METRICS_TOKEN
// set, only a scraper sending it as a bearer token is answered.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashSecretToken } from '../../domain/identifiers.ts';
import { fail } from '../../errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { replyFailure } from '../reply-failure.ts';

export function metricsRoute(app: FastifyInstance, deps: AppDeps): void {
  const token = deps.metricsToken;
  // Compared as hashes, so the comparison takes the same time whatever the length sent.
  const expected = token === undefined ? undefined : Buffer.from(hashSecretToken(token), 'hex');
  const authorised = (request: FastifyRequest): boolean => {
    if (expected === undefined) return true;
    const header = request.headers.authorization ?? '';
    const sent = /^Bearer (\S+)$/i.exec(header)?.[1];
    return sent !== undefined && timingSafeEqual(Buffer.from(hashSecretToken(sent), 'hex'), expected);
  };

  app.route({
    method: 'GET',
    url: '/metrics',
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!authorised(request)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return replyFailure(reply, fail('unauthorized', 'The metrics need the token set in METRICS_TOKEN, as "Authorization: Bearer <token>".'));
      }
      const text = await deps.metrics.registry.metrics();
      return reply.header('Content-Type', deps.metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
    },
  });
}
