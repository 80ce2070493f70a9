// Serves the public files (previews, certificates, avatars, diplomas) that the
// API's `static/...` URLs name, through the storage interface so a shared
// backend (issue 3) serves them the same way. Private keys are unreachable.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../errors.ts';
import { keyOfPublicPath } from '../../files/file-storage.ts';
import type { AppDeps } from '../app-deps.ts';
import { replyFailure } from '../reply-failure.ts';

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function staticFilesRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { '*': string } }>({
    method: 'GET',
    url: '/static/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = keyOfPublicPath(request.params['*']);
      const type = contentTypes[path.extname(request.params['*']).toLowerCase()];
      const file = key === null || type === undefined ? null : await deps.files.open(key);
      if (file === null) return replyFailure(reply, fail('route_not_found', 'No such file.'));
      // Every public key embeds a uuid or random token and a changed file gets a new key, so contents never change.
      return reply
        .header('Content-Type', type)
        .header('Content-Length', file.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream);
    },
  });
}
