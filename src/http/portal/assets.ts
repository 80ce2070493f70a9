// The portal's one style sheet and one script, served under names that carry
// a hash of their content, so browsers may cache them for a year and still
// never run a stale copy after a release.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

function asset(file: string, type: string) {
  const body = readFileSync(new URL(`../../presenters/portal/assets/${file}`, import.meta.url));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const [name, extension] = file.split('.');
  return { url: `/assets/${name}.${hash}.${extension}`, body, type };
}

const css = asset('portal.css', 'text/css; charset=utf-8');
const js = asset('portal.js', 'text/javascript; charset=utf-8');

export const assetUrls = { css: css.url, js: js.url } as const;

export function assetRoutes(app: FastifyInstance): void {
  for (const { url, body, type } of [css, js]) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('Content-Type', type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body),
    );
  }
}
