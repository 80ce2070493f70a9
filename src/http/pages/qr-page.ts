// GET /q/{code}: where every QR sticker leads. A page for people, not the API:
// HTML in both languages that works without JavaScript. Rate-limited per IP
// like scan-qrcode, which answers the same question as JSON.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAwaitingExamination, lookUpScannedScroll } from '../../domain/look-up-scanned-scroll.ts';
import { presentQrPage, presentQrPageAwaiting, presentQrPageNotFound, qrPageContentSecurityPolicy } from '../../presenters/qr-page.ts';
import type { AppDeps } from '../app-deps.ts';
import { rateLimit } from '../rate-limit/rate-limit.ts';

/**
 * Short, because the answer changes when the megiah confirms or the scroll is
 * sold; long enough to absorb a crowd scanning one sticker.
 */
const CACHE_SECONDS = 60;

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', `public, max-age=${CACHE_SECONDS}`)
    .header('Content-Security-Policy', qrPageContentSecurityPolicy)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

export function qrPageRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { code: string } }>({
    method: 'GET',
    url: '/q/:code',
    schema: { hide: true, params: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } } },
    onRequest: rateLimit(deps, { perMinute: 30, per: 'ip' }),
    handler: async (request, reply) => {
      const outcome = await lookUpScannedScroll(deps, request.params.code);
      if (!outcome.ok) {
        // Still 404, as scan-qrcode answers (spec: only verified scrolls resolve); the page says why to a person.
        const awaiting = await isAwaitingExamination(deps, request.params.code);
        return sendPage(reply, 404, awaiting ? presentQrPageAwaiting(request.params.code) : presentQrPageNotFound(request.params.code));
      }
      return sendPage(reply, 200, presentQrPage(outcome.value));
    },
  });
}
