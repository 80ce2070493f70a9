// GET /: what the registry is, and the way to check a scroll or sign in.
import type { FastifyInstance } from 'fastify';
import { renderHome } from '../../../presenters/portal/home.ts';
import type { AppDeps } from '../../app-deps.ts';
import { publicPage } from '../page-options.ts';
import { sendHtml, viewContext } from '../respond.ts';

export function homePage(app: FastifyInstance, deps: AppDeps): void {
  app.get('/', publicPage(deps, 60), async (request, reply) => sendHtml(reply, 200, renderHome(viewContext(request, reply))));
}
