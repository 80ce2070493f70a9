// The bench's lean check-mezuzah client: its pre-encoded body is a multipart
// form the server reads back byte for byte, over real HTTP, and reused.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { leanChecker, prepareCheck } from '../../bench/lib/lean-checker.ts';
import { readMultipart } from '../../src/http/multipart.ts';

let app: FastifyInstance;
let base: string;

before(async () => {
  app = Fastify();
  await app.register(multipart);
  app.post('/api/v1/public/check-mezuzah', async (request, reply) => {
    const form = await readMultipart(request, { files: ['image'], fields: [] });
    if (!form.ok) return reply.code(400).send({ status: form.code });
    return { status: 'success', sha256: createHash('sha256').update(form.value.files.image).digest('hex') };
  });
  app.post('/plain/api/v1/public/check-mezuzah', async (_request, reply) => reply.type('text/plain').send('not json'));
  base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`;
});
after(() => app.close());

test('a prepared photo arrives whole, request after request', async () => {
  const photo = randomBytes(300_000);
  const request = prepareCheck(photo);
  const client = leanChecker(base);
  try {
    for (let k = 0; k < 3; k++) {
      const answer = await client.check(request);
      assert.equal(answer.status, 200);
      assert.equal(answer.body.sha256, createHash('sha256').update(photo).digest('hex'));
    }
  } finally {
    client.close();
  }
});

test('an answer that is not JSON is an error, not a result', async () => {
  const client = leanChecker(`${base}plain/`);
  try {
    await assert.rejects(client.check(prepareCheck(randomBytes(10))), /not JSON/);
  } finally {
    client.close();
  }
});
