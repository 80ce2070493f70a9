// The portal's one style sheet, one script and its brand mark, served under
// names that carry a hash of their content, so browsers may cache them for a
// year and still never run a stale copy after a release; and /favicon.ico,
// which browsers and bookmarks ask for by that name.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sendFile, type FileFormat } from '../send-file.ts';

function asset(name: string, format: FileFormat) {
  const body = readFileSync(new URL(`../../presenters/portal/assets/${name}.${format}`, import.meta.url));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { url: `/assets/${name}.${hash}.${format}`, body, format };
}

const css = asset('portal', 'css');
const js = asset('portal', 'js');
const mark = asset('mark', 'svg');

export const assetUrls = { css: css.url, js: js.url, mark: mark.url } as const;

/** The size browsers show a site's icon at in tabs and bookmarks (and scale down from for 16 px). */
const FAVICON_PIXELS = 32;
let favicon: Promise<Buffer> | undefined;

/** The mark as an ICO holding one PNG image (the ICO format allows PNG entries; every current browser reads them). */
async function renderFavicon(): Promise<Buffer> {
  const png = await sharp(mark.body, { density: 300 }).resize(FAVICON_PIXELS, FAVICON_PIXELS, { fit: 'contain', background: '#0000' }).png().toBuffer();
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(FAVICON_PIXELS, 6);
  header.writeUInt8(FAVICON_PIXELS, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18); // the image follows the directory
  return Buffer.concat([header, png]);
}

export function assetRoutes(app: FastifyInstance): void {
  for (const { url, body, format } of [css, js, mark]) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => sendFile(reply, { format, body, cache: 'immutable' }));
  }
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
    favicon ??= renderFavicon();
    return sendFile(reply, { format: 'ico', body: await favicon, cache: 'day' });
  });
}
