// readMultipart against a bare Fastify app: the file part's bytes whole and
// unchanged however the body arrives, in memory the engine's workers read in
// place, and a part over the size limit refused.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { PHOTO_MAX_BYTES } from '../../src/domain/photo.ts';
import { readMultipart } from '../../src/http/multipart.ts';
import { multipartForm } from '../support/multipart.ts';

let app: FastifyInstance;
let received: { file: Uint8Array; note: string; declared: string | undefined } | undefined;

before(async () => {
  app = Fastify();
  await app.register(multipart);
  app.post('/upload', async (request, reply) => {
    const form = await readMultipart(request, { files: ['image'], fields: ['note'] });
    if (!form.ok) return reply.code(form.code === 'too_large' ? 413 : 400).send({ status: form.code, msg: form.msg });
    received = { file: form.value.files.image, note: form.value.fields.note ?? '', declared: request.headers['content-length'] };
    return { bytes: received.file.byteLength };
  });
  await app.ready();
});
after(() => app.close());

/** The body cut into pieces of `piece` bytes and streamed, so no Content-Length is declared. */
function streamed(payload: Buffer, piece: number): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < payload.length; at += piece) pieces.push(payload.subarray(at, at + piece));
  return Readable.from(pieces);
}

describe('a file part', () => {
  const photo = randomBytes(700_000);

  test('with the body size declared: the same bytes, in a SharedArrayBuffer', async () => {
    const { payload, headers } = multipartForm({ image: { data: photo }, note: 'front door' });
    received = undefined;
    const res = await app.inject({ method: 'POST', url: '/upload', payload, headers });
    assert.equal(res.statusCode, 200);
    assert.ok(received!.file.buffer instanceof SharedArrayBuffer);
    assert.ok(Buffer.from(received!.file).equals(photo));
    assert.equal(received!.note, 'front door');
  });

  test('streamed without a declared size, in pieces of 16 KB: the buffer grows and keeps every byte', async () => {
    const { payload, headers } = multipartForm({ image: { data: photo } });
    received = undefined;
    const res = await app.inject({ method: 'POST', url: '/upload', payload: streamed(payload, 16 * 1024), headers });
    assert.equal(res.statusCode, 200);
    assert.equal(received!.declared, undefined);
    assert.ok(received!.file.buffer instanceof SharedArrayBuffer);
    assert.ok(Buffer.from(received!.file).equals(photo));
  });

  test('an empty file part is an empty file', async () => {
    const { payload, headers } = multipartForm({ image: { data: new Uint8Array(0) } });
    const res = await app.inject({ method: 'POST', url: '/upload', payload, headers });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().bytes, 0);
  });

  test('one byte over the limit: 413 too_large, streamed or declared', async () => {
    const { payload, headers } = multipartForm({ image: { data: new Uint8Array(PHOTO_MAX_BYTES + 1) } });
    for (const body of [payload, streamed(payload, 1024 * 1024)]) {
      const res = await app.inject({ method: 'POST', url: '/upload', payload: body, headers });
      assert.equal(res.statusCode, 413, res.body);
      assert.equal(res.json().status, 'too_large');
    }
  });

  test('exactly at the limit: accepted whole', async () => {
    const data = randomBytes(PHOTO_MAX_BYTES);
    const { payload, headers } = multipartForm({ image: { data } });
    received = undefined;
    const res = await app.inject({ method: 'POST', url: '/upload', payload: streamed(payload, 1024 * 1024), headers });
    assert.equal(res.statusCode, 200);
    assert.ok(Buffer.from(received!.file).equals(data));
  });
});

describe('file parts the form does not declare', () => {
  const photo = randomBytes(1000);

  /** The form with one more file part, named `name`, before its closing delimiter. */
  function withFilePart(form: ReturnType<typeof multipartForm>, name: string) {
    const boundary = form.headers['content-type'].split('boundary=')[1];
    const extra = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="again.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n`;
    const closing = Buffer.from(`--${boundary}--\r\n`);
    return { payload: Buffer.concat([form.payload.subarray(0, form.payload.length - closing.length), Buffer.from(extra), closing]), headers: form.headers };
  }

  test('the photo sent twice, or a second file under another name: 400 invalid_request naming the file the form takes', async () => {
    for (const name of ['image', 'other']) {
      const { payload, headers } = withFilePart(multipartForm({ image: { data: photo } }), name);
      const res = await app.inject({ method: 'POST', url: '/upload', payload, headers });
      assert.equal(res.statusCode, 400, name);
      assert.equal(res.json().status, 'invalid_request');
      assert.match(res.json().msg, /one file part each for image/);
    }
  });

  test('a lone file part under another name: 400, naming it', async () => {
    const { payload, headers } = multipartForm({ other: { data: photo } });
    const res = await app.inject({ method: 'POST', url: '/upload', payload, headers });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().msg, /other: unexpected file part/);
  });
});
