// Serves the public files (previews, certificates, avatars, diplomas) that the
// API's `static/...` URLs name, through the storage interface so a shared
// backend (issue 3) serves them the same way. Private keys are unreachable.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { fail } from '../../errors.ts';
import { currentCertificateFileFor } from '../../domain/issue-certificate.ts';
import { keyOfPublicPath, publicUrlOf } from '../../files/file-storage.ts';
import { DEFAULT_AVATAR_URL } from '../../presenters/directory-entry.ts';
import type { AppDeps } from '../app-deps.ts';
import { replyFailure } from '../reply-failure.ts';
import { sendFile, type FileFormat } from '../send-file.ts';

/** What public keys hold: previews, avatars, diplomas, certificates. Any other extension is no file of ours. */
const PUBLIC_FORMATS: readonly FileFormat[] = ['jpg', 'png', 'webp', 'pdf', 'docx'];

function publicFormatOf(filePath: string): FileFormat | undefined {
  const extension = path.extname(filePath).slice(1).toLowerCase();
  return PUBLIC_FORMATS.find((format) => format === extension);
}

/** A grey head and shoulders on a light ground, 256 px square: the avatar of an account without one. */
const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="#e8e4dc"/><circle cx="128" cy="100" r="48" fill="#a39e93"/>
<path d="M40 256c0-56 40-92 88-92s88 36 88 92z" fill="#a39e93"/></svg>`;

let defaultAvatar: Promise<Buffer> | undefined;

export function staticFilesRoute(app: FastifyInstance, deps: AppDeps): void {
  // Rendered on first request and kept; the more specific route wins over /static/*.
  app.get(`/${DEFAULT_AVATAR_URL}`, { schema: { hide: true } }, async (_request, reply) => {
    defaultAvatar ??= sharp(Buffer.from(DEFAULT_AVATAR_SVG)).png().toBuffer();
    return sendFile(reply, { format: 'png', body: await defaultAvatar, cache: 'day' });
  });

  app.route<{ Params: { '*': string } }>({
    method: 'GET',
    url: '/static/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = keyOfPublicPath(request.params['*']);
      const format = publicFormatOf(request.params['*']);
      const file = key === null || format === undefined ? null : await deps.files.open(key);
      if (file === null || format === undefined) {
        // A reissued certificate's old link: sent on to the scroll's current certificate (temporarily: it may be reissued again).
        const current = key === null ? null : await currentCertificateFileFor(deps, key);
        if (current !== null && current !== key) return reply.header('Cache-Control', 'no-cache').redirect(`/${publicUrlOf(current)}`, 302);
        return replyFailure(reply, fail('route_not_found', 'No such file.'));
      }
      // Every public key embeds a uuid or random token and a changed file gets a new key, so contents never change.
      return sendFile(reply, { format, body: file.stream, size: file.size, cache: 'immutable' });
    },
  });
}
