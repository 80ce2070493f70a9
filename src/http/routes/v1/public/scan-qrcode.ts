import type { FastifyInstance } from 'fastify';
import { resolveQrCode } from '../../../../domain/resolve-qr-code.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { errorResponses, publicSecurity, refTo } from '../../../schemas.ts';

export const qrResolutionSchema = {
  $id: 'QrResolution',
  type: 'object',
  description: '`found` while a store holds the scroll; `already_sold` once it belongs to a buyer.',
  required: ['status', 'uuid'],
  properties: { status: { type: 'string', enum: ['found', 'already_sold'] }, uuid: { type: 'string' } },
  examples: [{ status: 'found', uuid: example.scrollUuid }],
} as const;

export function scanQrcodeRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { code: string } }>({
    method: 'GET',
    url: '/api/v1/public/scan-qrcode/:code',
    schema: {
      tags: ['public'],
      operationId: 'scanQrcode',
      security: publicSecurity,
      summary: 'Resolve the short code of a QR sticker',
      description:
        "Codes are 12 characters of Crockford's base32 (no I, L, O, U), case-insensitive. Only verified scrolls resolve; an unverified or unknown code is 404. Rate limit: 30 per minute per IP.",
      params: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'string', description: 'The short code printed on the sticker.', examples: [example.qrCode] } },
      },
      response: {
        200: refTo(qrResolutionSchema, 'The scroll the sticker belongs to, and whether it is sold.'),
        ...errorResponses(['qr_code_not_found']),
      },
    },
    onRequest: rateLimit(deps, { perMinute: 30, per: 'ip' }),
    handler: async (request, reply) => {
      const outcome = await resolveQrCode(deps, request.params.code);
      if (!outcome.ok) return replyFailure(reply, outcome);
      return { status: outcome.value.status, uuid: outcome.value.uuid };
    },
  });
}
