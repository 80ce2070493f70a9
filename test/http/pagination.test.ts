import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import type { Page } from '../../src/db/records.ts';
import { pageAnswer, parsePagination } from '../../src/http/pagination.ts';

type Item = { readonly name: string; readonly secret: string };

test('a listing page is serialised by its route\'s schema, once for each page object the database layer gives', async () => {
  let presented = 0;
  const present = (item: Item) => {
    presented += 1;
    return { name: item.name, secret: item.secret };
  };
  const kept: Page<Item> = Object.freeze({ total: 1, items: Object.freeze([Object.freeze({ name: 'a', secret: 'never sent' })]) });
  let next: Page<Item> = kept;
  const app = Fastify();
  const answer = pageAnswer('things', present);
  app.get(
    '/things',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              total: { type: 'integer' },
              page: { type: 'integer' },
              per_page: { type: 'integer' },
              things: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const pagination = parsePagination(request.query as { page?: string; per_page?: string });
      assert.ok(pagination.ok);
      return answer(reply, pagination.value, next);
    },
  );
  const get = async () => {
    const res = await app.inject({ method: 'GET', url: '/things?page=0&per_page=5' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    return res.json();
  };
  // The schema's serializer drops what it does not list: the route's own, not JSON.stringify.
  assert.deepEqual(await get(), { total: 1, page: 0, per_page: 5, things: [{ name: 'a' }] });
  assert.deepEqual(await get(), { total: 1, page: 0, per_page: 5, things: [{ name: 'a' }] });
  assert.equal(presented, 1, 'the same page object: its body again');
  // The same page object asked for as another page: its own envelope, not the kept body.
  const other = await app.inject({ method: 'GET', url: '/things?page=1&per_page=5' });
  assert.deepEqual([other.json().page, other.json().per_page], [1, 5]);
  assert.equal(presented, 2);
  next = { total: 2, items: [{ name: 'a', secret: 's' }, { name: 'b', secret: 's' }] };
  assert.deepEqual((await get()).things, [{ name: 'a' }, { name: 'b' }]);
  assert.equal(presented, 4, 'a page read anew: presented and serialised anew');
  await app.close();
});
