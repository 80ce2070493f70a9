// Each answered request into the metrics' duration histogram, labelled by its
// route as declared (never the URL sent, which a client chooses: one series per
// URL would let anyone grow the scrape without bound); requests no route
// matched are `unmatched`. The router's own refusals (app.ts, frameworkErrors)
// never reach the hooks and are not counted.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.ts';

export function measureRequests(app: FastifyInstance, metrics: AppDeps['metrics']): void {
  app.addHook('onResponse', function observeDuration(request, reply, done) {
    metrics.requestAnswered(request.method, request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
