import type { FastifyInstance } from 'fastify';
import { sellScroll, type BuyerInput } from '../../../../domain/sell-scroll.ts';
import { MULTI_LINE_TEXT_RULES, ONE_LINE_TEXT_RULES } from '../../../../domain/text-fields.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { beginIdempotent, IDEMPOTENCY_DOC, idempotencyHeaderSchema } from '../../../idempotency.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { errorResponses, refTo, scrollUuidParams, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';

type SellBody = {
  to_uuid?: string;
  buyer?: { username: string; email: string; country?: string; city?: string };
  note?: string;
};

const buyerOption = { required: ['buyer'], description: 'A buyer without an account.' };
const accountOption = { required: ['to_uuid'], description: 'A buyer who has an account.' };

/** Spec §4.2: `to_uuid`, or a buyer's details in its place; exactly one of the two. */
export const saleRequestSchema = {
  $id: 'SaleRequest',
  type: 'object',
  additionalProperties: false,
  oneOf: [accountOption, buyerOption],
  properties: {
    to_uuid: { type: 'string', minLength: 1, description: 'The buyer\'s account uuid (role `user`).' },
    buyer: {
      type: 'object',
      additionalProperties: false,
      required: ['username', 'email'],
      description: 'A buyer without an account: an existing buyer with that email is reused, otherwise a `user` account is created.',
      properties: {
        username: { type: 'string', description: `Up to 100 characters. ${ONE_LINE_TEXT_RULES}` },
        email: { type: 'string', description: `Matched case-insensitively against existing buyers. ${ONE_LINE_TEXT_RULES}` },
        country: { type: 'string', description: `Optional, up to 100 characters. ${ONE_LINE_TEXT_RULES}` },
        city: { type: 'string', description: `Optional, up to 100 characters. ${ONE_LINE_TEXT_RULES}` },
      },
    },
    note: { type: 'string', description: `Optional, up to 2000 characters. ${MULTI_LINE_TEXT_RULES}` },
  },
  examples: [
    { to_uuid: example.buyerUuid, note: 'Paid in store.' },
    { buyer: { username: example.buyer, email: 'rachel.cohen@example.com', country: 'Israel', city: 'Jerusalem' }, note: 'Paid in store.' },
  ],
} as const;

export const saleSchema = {
  $id: 'Sale',
  type: 'object',
  required: ['msg', 'to_uuid'],
  properties: { msg: { type: 'string' }, to_uuid: { type: 'string', description: "The buyer's account uuid." } },
  examples: [{ msg: 'Mezuzah sold successfully.', to_uuid: example.buyerUuid }],
} as const;

export function sellMezuzahRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { uuid: string }; Body: SellBody }>({
    method: 'POST',
    url: '/api/v1/store/sell-mezuzah/:uuid',
    schema: {
      tags: ['store'],
      operationId: 'sellMezuzah',
      summary: 'Record the sale of a scroll in the inventory',
      description: [
        'Sells a scroll the store owns to a buyer, consuming one credit. Give exactly one of `to_uuid` (a buyer who has an account, role `user`) or `buyer` (details of a buyer without one: an existing buyer with that email is reused, otherwise a `user` account is created).',
        'Everything happens in one transaction: a failed sale creates no account, moves no scroll and consumes nothing. 404 when no such scroll exists; 403 when it is not in this store\'s inventory (another store\'s, or already sold); 400 `no_credits` when no credit is left.',
        'A buyer that cannot be sold to is 400 `invalid_request` with one and the same message whatever the reason: `to_uuid` names no account, or an account that is not a buyer, or `buyer.email` belongs to an account that is not a buyer. The answer does not say which, so it shows no uuid or email to have an account. (An email no account has is not refused: it makes a new buyer.)',
        IDEMPOTENCY_DOC,
        'Rate limit: 30 per minute per key.',
      ].join('\n\n'),
      security: storeSecurity,
      headers: idempotencyHeaderSchema,
      params: scrollUuidParams,
      body: refTo(saleRequestSchema),
      response: {
        200: refTo(saleSchema, 'Sold.'),
        ...errorResponses([
          'invalid_request', 'unusable_buyer', 'no_credits', 'unauthorized', 'forbidden', 'scroll_not_owned', 'scroll_not_found', 'idempotency_key_in_use', 'idempotency_key_reused', 'too_large',
        ]),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 30, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const { to_uuid: toUuid, buyer, note } = request.body;
      if (!(await beginIdempotent(deps, request, reply, { uuid: request.params.uuid, body: request.body }))) return reply;
      const buyerInput: BuyerInput = toUuid !== undefined ? { kind: 'existing', uuid: toUuid } : { kind: 'new', ...buyer! };
      const outcome = await sellScroll(deps, storeOf(request), {
        scrollUuid: request.params.uuid,
        buyer: buyerInput,
        note: note ?? '',
      });
      if (!outcome.ok) return replyFailure(reply, outcome);
      return { msg: 'Mezuzah sold successfully.', to_uuid: outcome.value.buyerUuid };
    },
  });
}
