// GET /: what the registry is, and the way to check a scroll or sign in.
import type { FastifyInstance } from 'fastify';
import { renderHome } from '../../../presenters/portal/home.ts';
import type { AppDeps } from '../../app-deps.ts';
import { pageRateLimit } from '../page-rate-limit.ts';
import { sendHtml, viewContext } from '../respond.ts';

export function homePage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/', { schema: { hide: true }, onRequest: pageRateLimit(deps, { perMinute: 60, per: 'ip' }) }, async (request, reply) =>
    sendHtml(reply, 200, renderHome(viewContext(request, reply))),
  );
}
