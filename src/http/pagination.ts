// One pagination rule for every listing: `page` is 0-based, `per_page` is
// 1..MAX; both arrive as text in the query (spec §4.2), the API's schema reads
// them as integers, and anything non-numeric or out of range is 400.
import type { FastifyReply } from 'fastify';
import type { Page, PageRequest } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { refTo, type NamedSchema } from './schemas.ts';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
/** Beyond this an offset scan costs more than any real client needs. */
const MAX_PAGE = 1_000_000;

export const paginationQuerySchema = {
  page: {
    type: 'integer',
    minimum: 0,
    maximum: MAX_PAGE,
    default: 0,
    description: '0-based page number. Past the last page the list is empty; out of range is 400.',
    examples: [0],
  },
  per_page: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_PER_PAGE,
    default: DEFAULT_PER_PAGE,
    description: 'Results per page. Out of range is 400.',
    examples: [DEFAULT_PER_PAGE],
  },
} as const;

export type Pagination = PageRequest & { readonly page: number; readonly perPage: number };

/** The first page at the default size: for a page shown again after a form that did not say which. */
export const FIRST_PAGE: Pagination = { page: 0, perPage: DEFAULT_PER_PAGE, offset: 0, limit: DEFAULT_PER_PAGE };

/** The API's query (integers, its schema's defaults applied) or a portal page's (text, as typed). */
export function parsePagination(query: { readonly page?: string | number; readonly per_page?: string | number }): Outcome<Pagination, 'invalid_request'> {
  const page = query.page === undefined || query.page === '' ? 0 : Number(query.page);
  if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE) {
    return fail('invalid_request', `page must be an integer from 0 to ${MAX_PAGE}.`);
  }
  const perPage = query.per_page === undefined || query.per_page === '' ? DEFAULT_PER_PAGE : Number(query.per_page);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    return fail('invalid_request', `per_page must be an integer from 1 to ${MAX_PER_PAGE}.`);
  }
  return succeed({ page, perPage, offset: page * perPage, limit: perPage });
}

const pageEnvelopeSchema = {
  total: { type: 'integer', description: 'Number of items across all pages.' },
  page: { type: 'integer' },
  per_page: { type: 'integer' },
} as const;

/** The named schema of a listing's page: the page envelope around the array under `itemsKey`, an example holding the item's. */
export function pageSchema<const Id extends string>(id: Id, itemsKey: string, item: NamedSchema & { readonly examples: readonly unknown[] }) {
  return {
    $id: id,
    type: 'object',
    required: ['total', 'page', 'per_page', itemsKey],
    properties: { ...pageEnvelopeSchema, [itemsKey]: { type: 'array', items: refTo(item) } },
    examples: [{ total: 1, page: 0, per_page: DEFAULT_PER_PAGE, [itemsKey]: item.examples }],
  } as const;
}

/** The body of a listing: the requested page, its items presented, in the envelope of pageSchema. */
export function pageBody<T, R>(itemsKey: string, pagination: Pagination, page: Page<T>, present: (item: T) => R) {
  return { total: page.total, page: pagination.page, per_page: pagination.perPage, [itemsKey]: page.items.map(present) };
}

/**
 * A listing's 200, `pageBody` serialised by the route's own response schema,
 * once for each page the database layer gives: a page it keeps while nothing
 * changes (SqlExecutor.kept) is the same object for every request that reads
 * it, and so gets the same body without presenting and serialising its items
 * again. A page read anew is a new object, and is serialised anew. A page
 * object stands for one offset and size (its reads' key holds them).
 */
export function pageAnswer<T, R>(itemsKey: string, present: (item: T) => R) {
  const bodies = new WeakMap<Page<T>, { readonly page: number; readonly perPage: number; readonly body: string }>();
  return (reply: FastifyReply, pagination: Pagination, page: Page<T>): FastifyReply => {
    let kept = bodies.get(page);
    // Checked all the same: a body is only ever given for the page and size it was made for.
    if (kept === undefined || kept.page !== pagination.page || kept.perPage !== pagination.perPage) {
      // The route's compiled serializer for its 200, as Fastify's own send would use it.
      kept = { page: pagination.page, perPage: pagination.perPage, body: reply.serializeInput(pageBody(itemsKey, pagination, page, present), '200') as string };
      bodies.set(page, kept);
    }
    return reply.type('application/json; charset=utf-8').send(kept.body);
  };
}
