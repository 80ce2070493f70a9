// Encodes a multipart/form-data body: for app.inject(), and for the requests
// bench:identify times (bench/lib/lean-checker.ts).
import { randomBytes } from 'node:crypto';

export type FormFile = { readonly data: Uint8Array; readonly filename?: string; readonly contentType?: string };

export function multipartForm(fields: Record<string, string | FormFile | undefined>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = '----test' + randomBytes(8).toString('hex');
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename ?? 'photo.png'}"\r\n` +
            `Content-Type: ${value.contentType ?? 'image/png'}\r\n\r\n`,
        ),
        Buffer.from(value.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
