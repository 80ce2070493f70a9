// How every file leaves the service, API and portal alike: a stored file (a
// certificate, a preview), one rendered on request (a sticker, a sticker
// sheet, a CSV export) or one of the portal's assets. Its type, name and who
// may keep a copy are decided here, once, rather than header by header in
// each route.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** The formats the service sends, by file extension. */
export const contentTypes = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
} as const;

export type FileFormat = keyof typeof contentTypes;

/** Who may keep a copy, and for how long. */
const cachePolicies = {
  /** A store's own file (answered to its key or its session), which may also be reissued: kept by no browser, proxy or CDN. */
  private: 'private, no-store',
  /** Served under a name that changes whenever the content does (a hashed or random name), so it never goes stale. */
  immutable: 'public, max-age=31536000, immutable',
  /** The same for everyone under a fixed name (the favicon, the default avatar): a day, so a release reaches browsers soon. */
  day: 'public, max-age=86400',
} as const;

export type SentFile = {
  readonly format: FileFormat;
  readonly body: Buffer | string | Readable;
  /** A stream's length when it is known (a stored file), so clients can show progress. */
  readonly size?: number;
  readonly cache: keyof typeof cachePolicies;
  /**
   * Shown in the browser (`inline`) or saved (`attachment`) as `{name}.{format}`;
   * the name must be safe in a header (ours: fixed words, uuids, QR codes, dates).
   * Without it, no Content-Disposition.
   */
  readonly disposition?: { readonly as: 'inline' | 'attachment'; readonly name: string };
};

export function sendFile(reply: FastifyReply, file: SentFile) {
  reply.header('Content-Type', contentTypes[file.format]);
  if (file.size !== undefined) reply.header('Content-Length', file.size);
  if (file.disposition !== undefined) reply.header('Content-Disposition', `${file.disposition.as}; filename="${file.disposition.name}.${file.format}"`);
  return (
    reply
      .header('Cache-Control', cachePolicies[file.cache])
      // A file is only ever what its Content-Type says: no browser may guess a page out of an image or a stored upload.
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.body)
  );
}
