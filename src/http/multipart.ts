// Multipart uploads: read exactly the declared parts, refuse anything else, and
// keep every file within the photo size limit while it streams in.
import type { FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '../domain/photo.ts';
import { fail, succeed, type Outcome } from '../errors.ts';

export type MultipartSpec = {
  readonly files: readonly string[];
  readonly fields: readonly string[];
};

export type MultipartForm = {
  readonly files: Readonly<Record<string, Uint8Array>>;
  readonly fields: Readonly<Record<string, string>>;
};

/** Fields are short text; anything longer is a malformed request, not a large one. */
const MAX_FIELD_BYTES = 16 * 1024;

const TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

export async function readMultipart(
  request: FastifyRequest,
  spec: MultipartSpec,
): Promise<Outcome<MultipartForm, 'invalid_request' | 'too_large'>> {
  if (!request.isMultipart()) return fail('invalid_request', 'The request must be multipart/form-data.');
  const files: Record<string, Uint8Array> = {};
  const fields: Record<string, string> = {};
  let problem: Outcome<never, 'invalid_request' | 'too_large'> | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: PHOTO_MAX_BYTES,
        files: spec.files.length,
        fields: spec.fields.length + 10,
        fieldSize: MAX_FIELD_BYTES,
        parts: spec.files.length + spec.fields.length + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!spec.files.includes(part.fieldname) || part.fieldname in files) {
          part.file.resume();
          problem ??= fail('invalid_request', `${part.fieldname}: unexpected file part.`);
          continue;
        }
        files[part.fieldname] = await readFilePart(part.file, uploadSizeHint(request));
      } else {
        if (part.valueTruncated) {
          problem ??= fail('invalid_request', `${part.fieldname} is too long.`);
          continue;
        }
        if (spec.fields.includes(part.fieldname)) {
          if (part.fieldname in fields) problem ??= fail('invalid_request', `${part.fieldname} is given more than once.`);
          fields[part.fieldname] = String(part.value);
        }
        // Unknown text fields are ignored, so clients may send extra metadata.
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return fail('too_large', `Each file must be at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB.`);
    }
    // More file parts than the form declares (a photo sent twice, or under two
    // names) is a mistake in the request, not a large one.
    if (code === 'FST_FILES_LIMIT') return fail('invalid_request', `This form takes one file part each for ${spec.files.join(', ')}, and no other.`);
    if (TOO_LARGE_CODES.has(code)) return fail('too_large', 'The form has too many parts.');
    // Whatever else ends the stream is the body's fault, never the server's: busboy's own
    // errors (no boundary, a part cut short, malformed headers) carry no FST_ code, and a
    // client that goes away mid-upload ends it too. Neither is worth an error in the log.
    if (request.raw.aborted || request.raw.destroyed) {
      request.log.info({ err: error }, 'client closed the connection during the upload');
      return fail('invalid_request', 'The upload was interrupted.');
    }
    request.log.info({ err: error }, 'malformed multipart body');
    return fail('invalid_request', `The multipart body is malformed: ${describeMalformed(error)}`);
  }
  if (problem !== undefined) return problem;
  for (const name of spec.files) {
    if (files[name] === undefined) return fail('invalid_request', `${name} is required (a file).`);
  }
  return succeed({ files, fields });
}

/**
 * Busboy's messages name the fault plainly ("Unexpected end of form",
 * "Multipart: Boundary not found", "Malformed part header"); anything else
 * is summarised rather than echoed.
 */
function describeMalformed(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return /^[\w :,.'-]{1,100}$/.test(message) ? `${message.replace(/\.$/, '')}.` : 'it cannot be parsed.';
}

/**
 * Memory is taken as bytes arrive, never on the client's word: a body
 * declared at 25 MB and then stalled holds only what it sent. The declared
 * size still caps the doublings, so an honest upload is copied a few times
 * at most.
 */
const FIRST_ALLOCATION_BYTES = 256 * 1024;

function uploadSizeHint(request: FastifyRequest): number {
  const declared = Number(request.headers['content-length']);
  return Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, PHOTO_MAX_BYTES) : PHOTO_MAX_BYTES;
}

/**
 * A file part, read into memory that the engine's worker threads read in
 * place (a SharedArrayBuffer: engine/pool.ts posts it without copying). The
 * plugin's toBuffer() gathers the chunks and concatenates them, and the pool
 * then copied the photo once more; two copies and two fresh allocations of a
 * 12 MP JPEG cost the event loop about 7 ms (profiled). Past the size limit
 * busboy stops the part and marks it truncated; the rest of the body is
 * drained, and the part is refused as the plugin refuses it.
 */
async function readFilePart(file: AsyncIterable<Buffer> & { readonly truncated: boolean }, sizeHint: number): Promise<Uint8Array> {
  let memory = new Uint8Array(new SharedArrayBuffer(Math.min(sizeHint, FIRST_ALLOCATION_BYTES)));
  let length = 0;
  for await (const chunk of file) {
    if (file.truncated) continue;
    if (length + chunk.byteLength > memory.byteLength) {
      const doubled = Math.min(2 * memory.byteLength, Math.max(sizeHint, memory.byteLength));
      const grown = new Uint8Array(new SharedArrayBuffer(Math.max(doubled, length + chunk.byteLength)));
      grown.set(memory.subarray(0, length));
      memory = grown;
    }
    memory.set(chunk, length);
    length += chunk.byteLength;
  }
  if (file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return memory.subarray(0, length);
}

/**
 * The documented shape of a multipart body. It lives under a key Fastify does
 * not validate (the parts are read by readMultipart, not by the body parser)
 * and the OpenAPI transform in openapi.ts turns it into the request body.
 */
export const MULTIPART_DOC_KEY = 'x-multipart-body';

export function multipartDoc(properties: Record<string, object>, required: readonly string[]) {
  return { [MULTIPART_DOC_KEY]: { type: 'object', required, properties } };
}

export const fileProperty = (description: string) => ({ type: 'string', format: 'binary', description });
